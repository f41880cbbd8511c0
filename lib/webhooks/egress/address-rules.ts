// Which IP addresses a webhook may reach by default (before WEBHOOK_ALLOWED_ADDRESSES): public
// unicast only. IPv6 forms that carry an IPv4 address (IPv4-mapped, SIIT, NAT64, 6to4, Teredo)
// are judged by the IPv4 address they lead to, so [2002:7f00:1::1] is loopback like 127.0.0.1;
// deprecated forms (IPv4-compatible ::a.b.c.d, site-local fec0::/10, the 6to4 relay anycast
// 192.88.99.0/24) are refused whatever they hold. Pure: tested by address-rules.test.ts.
import { formatIpv4, inPrefix, network, parseIp } from "@/lib/webhooks/egress/ip-address";

const REFUSED_V4 = [
  network("0.0.0.0", 8), // "this network"
  network("10.0.0.0", 8), // private
  network("100.64.0.0", 10), // shared (carrier-grade NAT)
  network("127.0.0.0", 8), // loopback
  network("169.254.0.0", 16), // link-local, cloud metadata
  network("172.16.0.0", 12), // private
  network("192.0.0.0", 24), // IETF protocol assignments
  network("192.0.2.0", 24), // documentation
  network("192.88.99.0", 24), // 6to4 relay anycast (deprecated, RFC 7526)
  network("192.168.0.0", 16), // private
  network("198.18.0.0", 15), // benchmarking
  network("198.51.100.0", 24), // documentation
  network("203.0.113.0", 24), // documentation
  network("224.0.0.0", 4), // multicast
  network("240.0.0.0", 4), // reserved, broadcast
];

// Only 2000::/3 is global unicast: everything outside it is refused (::, ::1, the deprecated
// IPv4-compatible ::/96, 100::/64, fc00::/7, fe80::/10, the deprecated site-local fec0::/10,
// ff00::/8, ...) except the IPv4 embeddings below, which are judged by their IPv4 address.
const GLOBAL_UNICAST = network("2000::", 3);
const REFUSED_V6 = [
  network("2001::", 23), // IETF protocol assignments (Teredo, 2001::/32, is decoded before)
  network("2001:db8::", 32), // documentation
  network("3fff::", 20), // documentation
];

const MAPPED = network("::ffff:0:0", 96); // IPv4-mapped: how a dual-stack socket shows IPv4
const SIIT = network("::ffff:0:0:0", 96); // IPv4-translated (RFC 7915)
const NAT64 = network("64:ff9b::", 96); // NAT64 well-known prefix (RFC 6052)
const NAT64_LOCAL = network("64:ff9b:1::", 48); // NAT64 local-use prefix (RFC 8215)
const SIX_TO_FOUR = network("2002::", 16);
const TEREDO = network("2001::", 32);

const within = (bytes: Uint8Array, net: { bytes: Uint8Array; prefix: number }) => inPrefix(bytes, net.bytes, net.prefix);

function publicIpv4(bytes: Uint8Array): boolean {
  return !REFUSED_V4.some((net) => within(bytes, net));
}

// Where RFC 6052 puts the IPv4 address under a local-use prefix that may be /48, /56, /64 or
// /96 long (bits 64-71 are skipped): we cannot know the local choice, so every reading must be public.
const NAT64_LOCAL_PLACES = [
  [6, 7, 9, 10],
  [7, 9, 10, 11],
  [9, 10, 11, 12],
  [12, 13, 14, 15],
];

/** The IPv4 addresses an IPv6 address leads to, or undefined when it embeds none. */
export function embeddedIpv4(bytes: Uint8Array): Uint8Array[] | undefined {
  if (within(bytes, MAPPED) || within(bytes, SIIT) || within(bytes, NAT64)) return [bytes.slice(12, 16)];
  if (within(bytes, NAT64_LOCAL)) return NAT64_LOCAL_PLACES.map((place) => Uint8Array.from(place, (i) => bytes[i]!));
  if (within(bytes, SIX_TO_FOUR)) return [bytes.slice(2, 6)];
  // Teredo: the server's IPv4, then the client's, stored inverted.
  if (within(bytes, TEREDO)) return [bytes.slice(4, 8), bytes.slice(12, 16).map((b) => b ^ 0xff)];
  return undefined;
}

/** True for an address a delivery may reach without the allow-list; false for anything unparsable. */
export function publicAddress(address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  if (ip.family === 4) return publicIpv4(ip.bytes);
  const embedded = embeddedIpv4(ip.bytes);
  if (embedded) return embedded.every(publicIpv4);
  return within(ip.bytes, GLOBAL_UNICAST) && !REFUSED_V6.some((net) => within(ip.bytes, net));
}

/** ::ffff:10.0.0.1 is 10.0.0.1 (what a dual-stack lookup may answer); any other address as it is. */
export function unmappedAddress(address: string): string {
  const ip = parseIp(address);
  return ip?.family === 6 && within(ip.bytes, MAPPED) ? formatIpv4(ip.bytes.slice(12, 16)) : address;
}
