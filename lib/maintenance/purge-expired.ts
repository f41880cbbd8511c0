// Rows that only ever grow unless someone removes them: rate-limit buckets past their window,
// refresh tokens, families and portal sessions past their expiry (a day later, so that a late
// reuse of a spent token still finds its row), idempotency keys past their 24 h. Bounded batches, found through
// the expiry indexes, run by the maintenance schedule every minute on each instance: cheap, and
// they keep pace with the inserts.
import "server-only";
import { db } from "@/lib/db/client";

const BATCH = 500;

export async function purgeExpiredRows(): Promise<number> {
  const client = db();
  const counts = await Promise.all([
    client.$executeRawUnsafe(
      `DELETE FROM rate_limit_buckets WHERE ctid IN (SELECT ctid FROM rate_limit_buckets WHERE expires_at <= now() LIMIT ${BATCH})`,
    ),
    client.$executeRawUnsafe(
      `DELETE FROM refresh_tokens WHERE ctid IN (SELECT ctid FROM refresh_tokens WHERE expires_at <= now() - interval '1 day' LIMIT ${BATCH})`,
    ),
    // Tokens of an ended family go with it (ON DELETE CASCADE).
    client.$executeRawUnsafe(
      `DELETE FROM refresh_families WHERE ctid IN (SELECT ctid FROM refresh_families WHERE expires_at <= now() - interval '1 day' LIMIT ${BATCH})`,
    ),
    // A handful a day (one per support link), so a scan without an expiry index is cheaper than the index.
    // Their opening and revocation stay in the audit log.
    client.$executeRawUnsafe(
      `DELETE FROM portal_sessions WHERE ctid IN (SELECT ctid FROM portal_sessions WHERE expires_at <= now() - interval '1 day' LIMIT ${BATCH})`,
    ),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}
