// Login attempt limits per username and per client address, counted in PostgreSQL so that
// every instance shares them. An attempt is counted before the password is checked (so a burst
// of parallel guesses cannot slip past the limit) and given back when it succeeds.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";

type Bucket = { key: string; limit: number };

function bucketsFor(username: string, address: string): Bucket[] {
  const { perUsername, perAddress } = env().loginLimits;
  return [
    { key: `login:user:${username.toLowerCase()}`, limit: perUsername },
    { key: `login:addr:${address}`, limit: perAddress },
  ];
}

/** Counts one attempt in each bucket; throws 429 with Retry-After when a bucket is over its limit. */
export async function countLoginAttempt(username: string, address: string): Promise<void> {
  const window = env().loginLimits.windowSeconds;
  let retryAfter = 0;
  for (const bucket of bucketsFor(username, address)) {
    const [row] = await db().$queryRaw<{ count: number; retry_after: number }[]>`
      INSERT INTO rate_limit_buckets (key, count, window_start, expires_at)
      VALUES (${bucket.key}, 1, now(), now() + make_interval(secs => ${window}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limit_buckets.expires_at <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
        window_start = CASE WHEN rate_limit_buckets.expires_at <= now() THEN now() ELSE rate_limit_buckets.window_start END,
        expires_at = CASE WHEN rate_limit_buckets.expires_at <= now() THEN now() + make_interval(secs => ${window}) ELSE rate_limit_buckets.expires_at END
      RETURNING count, CEIL(EXTRACT(EPOCH FROM (expires_at - now())))::int AS retry_after`;
    if (row && row.count > bucket.limit) retryAfter = Math.max(retryAfter, row.retry_after, 1);
  }
  if (retryAfter > 0) {
    throw new ApiError({
      status: 429,
      code: "too_many_attempts",
      detail: "Too many sign-in attempts. Wait before trying again.",
      headers: { "retry-after": String(retryAfter) },
    });
  }
}

/** A successful sign-in does not count against its limits. */
export async function forgiveLoginAttempt(username: string, address: string): Promise<void> {
  const keys = bucketsFor(username, address).map((b) => b.key);
  await db().$executeRaw`UPDATE rate_limit_buckets SET count = GREATEST(count - 1, 0) WHERE key = ANY(${keys})`;
}
