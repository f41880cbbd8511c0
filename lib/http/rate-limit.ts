// Request rate limits beyond sign-in (lib/auth/login-limiter.ts): fixed one-minute windows
// counted in PostgreSQL (rate_limit_buckets), so every instance shares them. The route wrapper
// applies one by name: writes and exports per user, token refresh and revocation per client
// address. Ingestion is not limited: refusing a notification would lose it (its volume is the
// senders' to control, and its cost is bounded per request).
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { tooManyRequests } from "@/lib/errors";
import { policyName, type ServiceLimit, setRateLimitFields } from "@/lib/http/rate-limit-fields";

export type RateLimitName = "write" | "export" | "token";

const WINDOW_SECONDS = 60;

/** Counts one request of `subject` under `name`, refused past the limit: the limit's state, for the RateLimit fields. */
export async function enforceRateLimit(name: RateLimitName, subject: string): Promise<ServiceLimit> {
  const limit = env().rateLimitsPerMinute[name];
  const [row] = await db().$queryRaw<{ count: number; retry_after: number }[]>`
    INSERT INTO rate_limit_buckets AS b (key, count, window_start, expires_at)
    VALUES (${`rate:${name}:${subject}`}, 1, now(), now() + make_interval(secs => ${WINDOW_SECONDS}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN b.expires_at <= now() THEN 1 ELSE b.count + 1 END,
      window_start = CASE WHEN b.expires_at <= now() THEN now() ELSE b.window_start END,
      expires_at = CASE WHEN b.expires_at <= now() THEN now() + make_interval(secs => ${WINDOW_SECONDS}) ELSE b.expires_at END
    RETURNING count, CEIL(EXTRACT(EPOCH FROM (expires_at - now())))::int AS retry_after`;
  const count = row?.count ?? 1;
  const state: ServiceLimit = {
    policy: policyName(name),
    quota: limit,
    windowSeconds: WINDOW_SECONDS,
    remaining: limit - count,
    // At most the window: its end, rounded up, can come out a second past it.
    resetSeconds: Math.min(row?.retry_after ?? WINDOW_SECONDS, WINDOW_SECONDS),
  };
  if (count > limit) {
    const refusal = tooManyRequests(
      "rate_limited",
      `Too many requests: at most ${limit} per minute. Retry after Retry-After seconds.`,
      state.resetSeconds,
    );
    setRateLimitFields(refusal.headers, [state]);
    throw refusal;
  }
  return state;
}
