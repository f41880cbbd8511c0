// Which addresses a webhook may reach: public unicast addresses (lib/webhooks/egress/address-rules.ts),
// and what WEBHOOK_ALLOWED_ADDRESSES opens (a host name, an address or a range, on one port or
// on all). Checked on the URL at creation and on every resolved address at connect time (a DNS
// name can change to 127.0.0.1 after the endpoint was accepted). A receiver's response body is
// shown only from a public address or one an allow-list entry opens on that very port: an entry
// without a port opens delivery to every port of an internal host, and the test send must not
// turn that into a way to read internal services.
//
// The allow-list is the operators' tool for their own receivers, so it serves only URLs staff
// set (endpointPolicy): a URL a merchant account set is held to public addresses alone, at
// creation and at connect time. Otherwise a merchant account could point endpoints at every port
// of an allow-listed host and tell open ports from closed ones by the error class of its test
// sends (with 127.0.0.1 allow-listed it mapped ports 22, 80, 5432, 6379 and the console's own).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import type { AllowListEntry } from "@/lib/config/webhook-allow-list";
import { env } from "@/lib/env";
import { publicAddress, unmappedAddress } from "@/lib/webhooks/egress/address-rules";
import { inPrefix, parseIp } from "@/lib/webhooks/egress/ip-address";

/** How the allow-list opens a host and port: "port" by an entry naming the port, "any-port" by one without. */
export type AllowedBy = "port" | "any-port" | undefined;

/** The policy for one allow-list: pure, so the unit tests give their own. */
export function addressPolicy(entries: AllowListEntry[]) {
  const compiled = entries.map((entry) => {
    const ip = parseIp(entry.host);
    return { ...entry, ip, prefix: entry.prefix ?? (ip ? ip.bytes.length * 8 : 0) };
  });

  /** The strongest entry naming this host (or this address) on this port. */
  function allowedBy(host: string, port: number, address?: string): AllowedBy {
    const name = host.toLowerCase().replace(/\.$/, "");
    const ips = [address ?? host, unmappedAddress(address ?? host)].map(parseIp).filter((ip) => ip !== undefined);
    let found: AllowedBy;
    for (const entry of compiled) {
      if (entry.port !== null && entry.port !== port) continue;
      const named = entry.ip
        ? ips.some((ip) => inPrefix(ip.bytes, entry.ip!.bytes, entry.prefix))
        : !isIP(name) && entry.host === name;
      if (!named) continue;
      if (entry.port !== null) return "port";
      found = "any-port";
    }
    return found;
  }

  /** True when a delivery may connect to this address, reached through this host name and port. */
  const addressPermitted = (address: string, host: string, port: number) =>
    publicAddress(address) || allowedBy(host, port, address) !== undefined;

  return {
    allowedBy,
    addressPermitted,
    /** True when a response from this address (for this host and port) may be stored and shown. */
    responseVisible: (address: string, host: string, port: number) =>
      publicAddress(address) || allowedBy(host, port, address) === "port",
    /** The check at creation: a literal address or a local name is refused unless allow-listed. */
    hostPermitted(host: string, port: number): boolean {
      if (isIP(host)) return addressPermitted(host, host, port);
      if (localName(host)) return allowedBy(host, port) !== undefined;
      return true;
    },
  };
}

export type AddressPolicy = ReturnType<typeof addressPolicy>;

let cached: { source: AllowListEntry[]; policy: AddressPolicy } | undefined;

/** The policy of the configured allow-list. */
export function configuredPolicy(): AddressPolicy {
  const source = env().webhooks.allowedAddresses;
  if (cached?.source !== source) cached = { source, policy: addressPolicy(source) };
  return cached.policy;
}

/** Public addresses only, whatever the allow-list says. */
const PUBLIC_ONLY = addressPolicy([]);

/**
 * The policy of an endpoint's URL: the configured allow-list when staff set the URL, public
 * addresses only when a merchant account did (webhook_endpoints.url_set_by_staff).
 */
export function endpointPolicy(urlSetByStaff: boolean): AddressPolicy {
  return urlSetByStaff ? configuredPolicy() : PUBLIC_ONLY;
}

/** A host name that is never public, whatever DNS says. */
export function localName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || name.endsWith(".internal") || name.endsWith(".local");
}

export class AddressRefusedError extends Error {
  readonly code = "EADDRREFUSED_POLICY";
  constructor(host: string) {
    super(`The address of ${host} is loopback, private, link-local or metadata, and not allow-listed.`);
    this.name = "AddressRefusedError";
  }
}

/** The URL's host, for the policy: brackets of an IPv6 literal removed. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** The URL's port, the scheme's default when it names none. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup for http.request to this port that refuses the addresses the policy forbids, after resolution. */
export function guardedLookup(port: number, policy: AddressPolicy) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const permitted = (addresses as LookupAddress[]).filter((a) => policy.addressPermitted(a.address, hostname, port));
      if (permitted.length === 0 || (localName(hostname) && policy.allowedBy(hostname, port) === undefined))
        return callback(new AddressRefusedError(hostname) as NodeJS.ErrnoException, []);
      if ((options as { all?: boolean }).all) return callback(null, permitted);
      return callback(null, permitted[0]!.address, permitted[0]!.family);
    });
  };
}
