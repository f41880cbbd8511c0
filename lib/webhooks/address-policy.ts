// Which addresses a webhook may reach: never loopback, private, link-local, shared, multicast
// or cloud metadata addresses, unless WEBHOOK_ALLOWED_ADDRESSES names the host, the address or
// a range holding it. Checked on the URL at creation and on every resolved address at connect
// time (a DNS name can change to 127.0.0.1 after the endpoint was accepted).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";

const REFUSED_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const REFUSED_V6: [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
];

const refused = new BlockList();
for (const [net, prefix] of REFUSED_V4) refused.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of REFUSED_V6) refused.addSubnet(net, prefix, "ipv6");

type Allowed = { hosts: Set<string>; addresses: BlockList };
let allowedCache: { source: string[]; allowed: Allowed } | undefined;

function allowed(): Allowed {
  const source = env().webhooks.allowedAddresses;
  if (allowedCache?.source === source) return allowedCache.allowed;
  const hosts = new Set<string>();
  const addresses = new BlockList();
  for (const entry of source) {
    const [net, prefix] = entry.split("/");
    const family = isIP(net ?? "");
    if (family && prefix !== undefined) addresses.addSubnet(net!, Number(prefix), family === 4 ? "ipv4" : "ipv6");
    else if (family) addresses.addAddress(net!, family === 4 ? "ipv4" : "ipv6");
    else hosts.add(entry.toLowerCase());
  }
  allowedCache = { source, allowed: { hosts, addresses } };
  return allowedCache.allowed;
}

/** ::ffff:10.0.0.1 is 10.0.0.1. */
function unmapped(address: string): { address: string; family: "ipv4" | "ipv6" } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: "ipv4" };
  return { address, family: isIP(address) === 6 ? "ipv6" : "ipv4" };
}

/** True when a delivery may connect to this IP address (reached through this host name). */
export function addressPermitted(address: string, host?: string): boolean {
  const list = allowed();
  if (host && list.hosts.has(host.toLowerCase())) return true;
  const ip = unmapped(address);
  if (list.addresses.check(ip.address, ip.family) || list.hosts.has(ip.address)) return true;
  return !refused.check(ip.address, ip.family);
}

/** True when WEBHOOK_ALLOWED_ADDRESSES names this host or address (or a range holding it). */
export function allowListed(host: string): boolean {
  const list = allowed();
  if (list.hosts.has(host.toLowerCase())) return true;
  if (!isIP(host)) return false;
  const ip = unmapped(host);
  return list.addresses.check(ip.address, ip.family);
}

/** A host name that is never public, whatever DNS says. */
function localName(host: string): boolean {
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

/** The check at creation: a literal address or a local name is refused unless allow-listed. */
export function hostPermitted(host: string): boolean {
  if (isIP(host)) return addressPermitted(host, host);
  if (localName(host)) return allowed().hosts.has(host.toLowerCase());
  return true;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup for http.request that refuses forbidden addresses after resolution. */
export function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const permitted = list.filter((a) => addressPermitted(a.address, hostname));
    if (permitted.length === 0 || (localName(hostname) && !allowed().hosts.has(hostname.toLowerCase())))
      return callback(new AddressRefusedError(hostname) as NodeJS.ErrnoException, []);
    if ((options as { all?: boolean }).all) return callback(null, permitted);
    return callback(null, permitted[0]!.address, permitted[0]!.family);
  });
}
