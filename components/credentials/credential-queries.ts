"use client";

// Credential reads shared by the credentials pages, and the list's filters as they stand in the
// URL (?merchantId=&providerId=&enabled=), parsed once for the page and the request.
import { useInfiniteList } from "@/components/api/use-infinite-list";
import type { CredentialDto } from "@/lib/credentials/credential-dto";
import type { Page } from "@/lib/paging/page-params";

export type CredentialPage = Page<CredentialDto>;

export type CredentialFilters = {
  merchantId?: string;
  providerId?: string;
  /** The acquirer's MID and TID, as operators read them on a receipt or a failed event. */
  merchantIdentifier?: string;
  terminalIdentifier?: string;
  enabled?: "true" | "false";
};

/** Every filter cleared, as a change to the URL: each key is present, so each is removed. */
export const NO_CREDENTIAL_FILTERS = {
  merchantId: undefined,
  providerId: undefined,
  enabled: undefined,
  merchantIdentifier: undefined,
  terminalIdentifier: undefined,
} satisfies Record<keyof CredentialFilters, undefined>;

/** Whether any filter narrows the list. */
export function credentialFiltersActive(filters: CredentialFilters): boolean {
  return Boolean(
    filters.merchantId || filters.providerId || filters.enabled || filters.merchantIdentifier || filters.terminalIdentifier,
  );
}

// Ids are XIDs; anything else in a hand-edited URL is dropped rather than sent for a 400.
const ID = /^[0-9a-v]{20}$/;
const ACQUIRER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function parseCredentialFilters(params: URLSearchParams): CredentialFilters {
  const merchantId = params.get("merchantId") ?? "";
  const providerId = params.get("providerId") ?? "";
  const enabled = params.get("enabled");
  const acquirerId = (name: string) => {
    const value = params.get(name)?.trim() ?? "";
    return ACQUIRER_ID.test(value) ? value : undefined;
  };
  return {
    merchantId: ID.test(merchantId) ? merchantId : undefined,
    providerId: ID.test(providerId) ? providerId : undefined,
    merchantIdentifier: acquirerId("merchantIdentifier"),
    terminalIdentifier: acquirerId("terminalIdentifier"),
    enabled: enabled === "true" || enabled === "false" ? enabled : undefined,
  };
}

export function credentialsPath(filters: CredentialFilters, options: { cursor?: string; limit?: number } = {}): string {
  const params = new URLSearchParams();
  if (filters.merchantId) params.set("merchantId", filters.merchantId);
  if (filters.providerId) params.set("providerId", filters.providerId);
  if (filters.merchantIdentifier) params.set("merchantIdentifier", filters.merchantIdentifier);
  if (filters.terminalIdentifier) params.set("terminalIdentifier", filters.terminalIdentifier);
  if (filters.enabled) params.set("enabled", filters.enabled);
  if (options.limit) params.set("limit", String(options.limit));
  if (options.cursor) params.set("cursor", options.cursor);
  const query = params.toString();
  return query ? `/v1/credentials?${query}` : "/v1/credentials";
}

export const credentialKeys = {
  all: ["credentials"] as const,
  list: (filters: CredentialFilters) => ["credentials", "list", filters] as const,
};

/** GET /v1/providers (the same cache entry as the Providers page). */

const PAGE_SIZE = 25;

/** The credentials list for the filters, page by page. */
export function useCredentialList(filters: CredentialFilters) {
  return useInfiniteList<CredentialDto>({
    queryKey: credentialKeys.list(filters),
    path: (cursor) => credentialsPath(filters, { cursor, limit: PAGE_SIZE }),
  });
}
