// WEBHOOK_ALLOWED_ADDRESSES, parsed once by lib/env.ts: comma-separated entries that open
// otherwise refused receivers (on-premise receivers, tests). An entry is a host name, an IP
// address or a CIDR range, with an optional port: `hooks.internal:8443`, `127.0.0.1:8443`,
// `[::1]:8443`, `10.0.0.0/8:443`, `[fd00::/8]:443`. Without a port it opens every port of what
// it names (the meaning before ports existed); a bare IPv6 address or range takes no port
// (`::1`, `fd00::/8`): write it in brackets to give one.
import { isIP } from "node:net";

export type AllowListEntry = {
  /** A lower-case host name, or an IP address (no brackets). */
  host: string;
  /** The CIDR prefix length of a range; null for one host or address. */
  prefix: number | null;
  /** The one port opened; null for every port. */
  port: number | null;
};

const HOST_NAME = /^(?=.{1,253}\.?$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/;

/** One entry, or the reason it is malformed. */
export function parseAllowListEntry(text: string): AllowListEntry | string {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  let target: string;
  let portText: string | undefined;
  if (bracketed) [, target = "", portText] = bracketed;
  else if (text.split(":").length > 2)
    target = text; // a bare IPv6 address or range: no port
  else [target = "", portText] = text.split(":");
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && !(Number.isInteger(port) && port >= 1 && port <= 65535))
    return `${text}: the port must be a number from 1 to 65535`;
  const [address = "", prefixText, ...rest] = target.split("/");
  const family = isIP(address);
  if (bracketed && family !== 6) return `${text}: brackets hold an IPv6 address or range`;
  if (prefixText !== undefined) {
    const prefix = Number(prefixText);
    if (!family || rest.length > 0 || !/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128))
      return `${text}: a range is an IP address, "/" and a prefix length`;
    return { host: address.toLowerCase(), prefix, port };
  }
  if (family) return { host: address.toLowerCase(), prefix: null, port };
  if (!HOST_NAME.test(address.toLowerCase())) return `${text}: not a host name, IP address or CIDR range`;
  return { host: address.toLowerCase().replace(/\.$/, ""), prefix: null, port };
}

/** The entries of the setting, or the reasons some are malformed. */
export function parseAllowList(value: string): { entries: AllowListEntry[]; errors: string[] } {
  const entries: AllowListEntry[] = [];
  const errors: string[] = [];
  for (const text of value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean)) {
    const parsed = parseAllowListEntry(text);
    if (typeof parsed === "string") errors.push(parsed);
    else entries.push(parsed);
  }
  return { entries, errors };
}
