// IP addresses as bytes, for the webhook address rules: node:net's BlockList cannot say what an
// IPv6 address embeds (6to4, NAT64, Teredo), so the rules read the bytes themselves.
import { isIP } from "node:net";

export type IpAddress = { family: 4 | 6; bytes: Uint8Array };

/** Parses an IPv4 or IPv6 literal (an IPv6 zone, "%eth0", is ignored); undefined if it is neither. */
export function parseIp(text: string): IpAddress | undefined {
  const address = text.replace(/%.*$/, "");
  const family = isIP(address);
  if (family === 4) return { family, bytes: Uint8Array.from(address.split(".").map(Number)) };
  if (family !== 6) return undefined;
  // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
  const lastColon = address.lastIndexOf(":");
  const quad = address.slice(lastColon + 1).includes(".")
    ? address
        .slice(lastColon + 1)
        .split(".")
        .map(Number)
    : undefined;
  const head = quad ? `${address.slice(0, lastColon + 1)}0:0` : address;
  let groups: string[];
  if (head.includes("::")) {
    const [left, right] = head.split("::") as [string, string];
    const l = left ? left.split(":") : [];
    const r = right ? right.split(":") : [];
    groups = [...l, ...Array<string>(8 - l.length - r.length).fill("0"), ...r];
  } else groups = head.split(":");
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  });
  if (quad) bytes.set(quad, 12);
  return { family: 6, bytes };
}

/** True when the first `prefix` bits of `bytes` are those of `network`. */
export function inPrefix(bytes: Uint8Array, network: Uint8Array, prefix: number): boolean {
  if (bytes.length !== network.length) return false;
  for (let bit = 0; bit < prefix; bit += 8) {
    const i = bit / 8;
    const mask = prefix - bit >= 8 ? 0xff : (0xff << (8 - (prefix - bit))) & 0xff;
    if ((bytes[i]! & mask) !== (network[i]! & mask)) return false;
  }
  return true;
}

/** A network literal ("10.0.0.0", 8) as bytes; throws on a malformed one (a programming error). */
export function network(address: string, prefix: number): { bytes: Uint8Array; prefix: number } {
  const ip = parseIp(address);
  if (!ip) throw new Error(`not an IP address: ${address}`);
  return { bytes: ip.bytes, prefix };
}

export const formatIpv4 = (bytes: Uint8Array) => [...bytes].join(".");
