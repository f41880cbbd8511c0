// The caller's address for rate limits. scripts/server.mjs appends the socket's address to
// X-Forwarded-For, so the last entry is the one no client can forge. Behind `hops` trusted
// proxies (TRUSTED_PROXY_HOPS), each appended the address it received from: the client's is
// `hops` entries before the last. Entries before those are whatever the client sent: never used.
import { env } from "@/lib/env";

export function forwardedClientAddress(forwarded: string | null, hops: number): string | undefined {
  const entries = (forwarded ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  // Fewer entries than proxies: the request did not pass every proxy; the first is the nearest
  // thing to the client we have.
  return entries[Math.max(0, entries.length - 1 - hops)];
}

export function clientAddress(request: Request): string {
  return (
    forwardedClientAddress(request.headers.get("x-forwarded-for"), env().trustedProxyHops) ??
    request.headers.get("x-real-ip") ??
    "unknown"
  );
}
