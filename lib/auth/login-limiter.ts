// Sign-in limits, counted in PostgreSQL so that every instance shares them. An attempt is
// counted before the password is checked (a burst of parallel guesses cannot slip past) in
// three buckets:
// - one username from one address: after LOGIN_LIMIT_PER_USERNAME failures each further attempt
//   waits 30 s after the previous one, doubling up to LOGIN_DELAY_MAX_SECONDS (Keycloak's
//   growing delays): a guesser slows to a crawl;
// - one username from everywhere: after five times as many failures, at most 60 s between
//   attempts: a distributed guesser is slowed too, yet nobody can lock the owner out, who waits
//   a minute at worst (the hard per-username lockout this replaces let anyone lock out an admin);
// - one address, any usernames: a hard limit per window (a sprayer of many usernames).
// An attempt refused by a delay is not counted (hammering does not lengthen it); a success
// clears the username's delays and gives back its address attempt.
// Sign-ins that succeed have limits of their own (a minute's worth per username and per address):
// each costs a password hash, an audit row and a refresh family, so a client holding a password
// could otherwise spend the instance on them (174 in 10 s slowed everyone's notifications).
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { tooManyRequests } from "@/lib/errors";

const FIRST_DELAY_SECONDS = 30;
const DISTRIBUTED_FACTOR = 5;
const DISTRIBUTED_MAX_DELAY_SECONDS = 60;

type DelayBucket = { key: string; free: number; maxDelay: number };

function delayBuckets(username: string, address: string): DelayBucket[] {
  const { perUsername, maxDelaySeconds } = env().loginLimits;
  const user = username.toLowerCase();
  return [
    { key: `login:pair:${user}:${address}`, free: perUsername, maxDelay: maxDelaySeconds },
    { key: `login:user:${user}`, free: perUsername * DISTRIBUTED_FACTOR, maxDelay: DISTRIBUTED_MAX_DELAY_SECONDS },
  ];
}

const addressKey = (address: string) => `login:addr:${address}`;

const tooMany = (retryAfter: number) =>
  tooManyRequests("too_many_attempts", "Too many failed sign-ins. Wait before trying again.", retryAfter);

/**
 * Counts the attempt in a delay bucket unless it comes too soon after the previous one; returns
 * the seconds left to wait when it does. One statement, so parallel attempts queue on the row:
 * of several arriving together only the first passes a due delay.
 * window_start holds the last counted attempt; the count resets after a window without one.
 */
async function countDelayed(bucket: DelayBucket, windowSeconds: number): Promise<number> {
  const delay = `LEAST(${bucket.maxDelay}, ${FIRST_DELAY_SECONDS} * power(2, LEAST(20, b.count - ${bucket.free})))`;
  const counted = await db().$queryRawUnsafe<{ count: number }[]>(
    `INSERT INTO rate_limit_buckets AS b (key, count, window_start, expires_at)
     VALUES ($1, 1, now(), now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN b.expires_at <= now() THEN 1 ELSE b.count + 1 END,
       window_start = now(),
       expires_at = now() + make_interval(secs => $2)
     WHERE b.expires_at <= now() OR b.count < ${bucket.free}
        OR now() >= b.window_start + make_interval(secs => ${delay})
     RETURNING count`,
    bucket.key,
    windowSeconds,
  );
  if (counted.length > 0) return 0;
  const [wait] = await db().$queryRawUnsafe<{ seconds: number }[]>(
    `SELECT CEIL(EXTRACT(EPOCH FROM (b.window_start + make_interval(secs => ${delay}) - now())))::int AS seconds
     FROM rate_limit_buckets b WHERE b.key = $1`,
    bucket.key,
  );
  return Math.max(1, wait?.seconds ?? 1);
}

/** Throws 429 with Retry-After when an attempt must wait or the address is over its limit. */
export async function countLoginAttempt(username: string, address: string): Promise<void> {
  const { perAddress, windowSeconds } = env().loginLimits;
  let retryAfter = 0;
  for (const bucket of delayBuckets(username, address)) {
    retryAfter = Math.max(retryAfter, await countDelayed(bucket, windowSeconds));
    if (retryAfter > 0) throw tooMany(retryAfter);
  }
  const row = await countInWindow(db(), addressKey(address), windowSeconds);
  if (row.count > perAddress) throw tooMany(row.retry_after);
}

/** What runs a query: the client, or a transaction's. */
type Queries = { $queryRaw: ReturnType<typeof db>["$queryRaw"] };

/** Adds one to `key`'s fixed window of `seconds` (a new window once the last has ended): its count and the seconds left. */
async function countInWindow(client: Queries, key: string, seconds: number): Promise<{ count: number; retry_after: number }> {
  const [row] = await client.$queryRaw<{ count: number; retry_after: number }[]>`
    INSERT INTO rate_limit_buckets AS b (key, count, window_start, expires_at)
    VALUES (${key}, 1, now(), now() + make_interval(secs => ${seconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN b.expires_at <= now() THEN 1 ELSE b.count + 1 END,
      window_start = CASE WHEN b.expires_at <= now() THEN now() ELSE b.window_start END,
      expires_at = CASE WHEN b.expires_at <= now() THEN now() + make_interval(secs => ${seconds}) ELSE b.expires_at END
    RETURNING count, CEIL(EXTRACT(EPOCH FROM (expires_at - now())))::int AS retry_after`;
  return row!;
}

/** A successful sign-in clears the username's delays and does not count against its address. */
export async function forgiveLoginAttempt(username: string, address: string): Promise<void> {
  const keys = delayBuckets(username, address).map((b) => b.key);
  await db().$executeRaw`DELETE FROM rate_limit_buckets WHERE key = ANY(${keys})`;
  await db().$executeRaw`UPDATE rate_limit_buckets SET count = GREATEST(count - 1, 0) WHERE key = ${addressKey(address)}`;
}

const SUCCESS_WINDOW_SECONDS = 60;

type SuccessBucket = { key: string; limit: number };

function successBuckets(username: string, address: string): SuccessBucket[] {
  const { successesPerUsername, successesPerAddress } = env().loginLimits;
  return [
    { key: `login:ok:user:${username.toLowerCase()}`, limit: successesPerUsername },
    { key: `login:ok:addr:${address}`, limit: successesPerAddress },
  ];
}

const tooManySignIns = (retryAfter: number) =>
  tooManyRequests(
    "too_many_attempts",
    "Too many sign-ins for this account or from this address in the last minute. Wait before signing in again.",
    Math.max(1, retryAfter),
  );

/**
 * Throws 429 when the username or the address has had its minute's successful sign-ins. Checked
 * first, before any attempt is counted or a password hashed, so a refused sign-in costs one read
 * (and is not mistaken for a failure). Only successes fill these buckets: someone without the
 * password cannot use them to keep the owner out.
 */
export async function refuseSignInOverLimit(username: string, address: string): Promise<void> {
  const buckets = successBuckets(username, address);
  const [full] = await db().$queryRaw<{ retry_after: number }[]>`
    SELECT MAX(CEIL(EXTRACT(EPOCH FROM (expires_at - now()))))::int AS retry_after
    FROM rate_limit_buckets
    WHERE expires_at > now()
      AND ((key = ${buckets[0]!.key} AND count >= ${buckets[0]!.limit})
        OR (key = ${buckets[1]!.key} AND count >= ${buckets[1]!.limit}))`;
  if (full?.retry_after != null) throw tooManySignIns(full.retry_after);
}

/**
 * Counts a sign-in whose password was right, or throws 429 counting nothing when it is one too
 * many for its username or address: parallel sign-ins that all passed the check above queue on
 * the rows here, so a burst gets exactly the limit and no more tokens.
 */
export async function countSuccessfulSignIn(username: string, address: string): Promise<void> {
  await db().$transaction(async (tx) => {
    // The same order in every transaction (username, then address): no deadlock between them.
    for (const { key, limit } of successBuckets(username, address)) {
      const row = await countInWindow(tx, key, SUCCESS_WINDOW_SECONDS);
      // Thrown inside the transaction: it rolls back, so the refused sign-in counts in no bucket.
      if (row.count > limit) throw tooManySignIns(row.retry_after);
    }
  });
}
