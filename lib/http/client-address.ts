// The caller's address for rate limits. `next start` appends the socket's address to
// X-Forwarded-For, so the last entry is the one no client can forge.
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last || request.headers.get("x-real-ip") || "unknown";
}
