// What the New credential form may be opened with: a merchant (from the merchants page), or the
// whole account of a failed event (its "Create the missing credential" link). Read leniently
// from the page's search parameters: a value that cannot be used is dropped, never an error.
import { ACQUIRER_OPTIONS } from "@/lib/events/list/event-filters";

export type CredentialPrefill = {
  merchantId?: string;
  providerName?: string;
  merchantIdentifier?: string;
  terminalIdentifier?: string;
  /** The failed event the values come from. */
  eventId?: string;
};

const XID = /^[0-9a-v]{20}$/;
const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;

type Params = Record<string, string | string[] | undefined>;

function read(params: Params, name: string, pattern: RegExp): string | undefined {
  const value = params[name];
  return typeof value === "string" && pattern.test(value) ? value : undefined;
}

export function credentialPrefill(params: Params): CredentialPrefill {
  const provider = params.provider;
  return {
    merchantId: read(params, "merchantId", XID),
    providerName: ACQUIRER_OPTIONS.find((name) => name === provider),
    merchantIdentifier: read(params, "mid", IDENTIFIER),
    terminalIdentifier: read(params, "tid", IDENTIFIER),
    eventId: read(params, "event", XID),
  };
}

/** The New credential page's link for a prefill. */
export function newCredentialHref(prefill: CredentialPrefill): string {
  const params = new URLSearchParams();
  if (prefill.merchantId) params.set("merchantId", prefill.merchantId);
  if (prefill.providerName) params.set("provider", prefill.providerName);
  if (prefill.merchantIdentifier) params.set("mid", prefill.merchantIdentifier);
  if (prefill.terminalIdentifier) params.set("tid", prefill.terminalIdentifier);
  if (prefill.eventId) params.set("event", prefill.eventId);
  const search = params.toString();
  return `/credentials/new${search ? `?${search}` : ""}`;
}
