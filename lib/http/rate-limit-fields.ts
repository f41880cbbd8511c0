// The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers, the structured-field form of
// draft 11): RateLimit-Policy names each quota a request was counted against ("reads";q=1800;w=60),
// RateLimit says what is left of it and in how many seconds more comes ("reads";r=1740;t=42), so
// that a client can pace itself instead of learning the limit from 429s. The quota unit is the
// draft's default, requests, weighted: a read counts the rows it asks for (docs/api.md).

/** One quota a request was counted against, and its state after counting it. */
export type ServiceLimit = { policy: string; quota: number; windowSeconds: number; remaining: number; resetSeconds: number };

/** Policy names by limit name (lib/http/rate-limit.ts, lib/http/shared-rate-counter.ts). */
const POLICY_NAMES: Record<string, string> = {
  read: "reads",
  ingest: "notifications",
  write: "writes",
  export: "exports",
  token: "token-requests",
};

export const policyName = (limitName: string): string => POLICY_NAMES[limitName] ?? limitName;

/** The two fields for these limits (none for none). */
export function rateLimitFields(limits: readonly ServiceLimit[]): Record<string, string> {
  if (limits.length === 0) return {};
  return {
    "ratelimit-policy": limits.map((l) => `"${l.policy}";q=${l.quota};w=${l.windowSeconds}`).join(", "),
    ratelimit: limits
      .map((l) => `"${l.policy}";r=${Math.max(0, Math.floor(l.remaining))};t=${Math.max(0, Math.ceil(l.resetSeconds))}`)
      .join(", "),
  };
}

/** Sets the fields on `headers` (a response's, or a refusal's). */
export function setRateLimitFields(headers: Headers | Record<string, string>, limits: readonly ServiceLimit[]): void {
  for (const [name, value] of Object.entries(rateLimitFields(limits))) {
    if (headers instanceof Headers) headers.set(name, value);
    else headers[name] = value;
  }
}
