// An import whose reading stopped without a word (the process was killed, the machine lost):
// its row, committed apart on a server for its progress, would say importing forever. The
// import beats progress_at while it runs (reading and matching); one that has not beaten for
// STALE_IMPORT_MS is taken as failed: shown so at once (stalenessOf, for the DTO) and written so
// by the next import (failStaleImports). Its sales and exceptions were never committed (they
// are written in the import's one transaction), so nothing else is left to remove, and the same
// file may be imported again (its sha256 is only kept by a done import).
import "server-only";
import { db } from "@/lib/db/client";

/** Heartbeats of a running import: far more often than the staleness bound. */
export const HEARTBEAT_MS = 20_000;
/** No heartbeat for this long: the import was interrupted. */
export const STALE_IMPORT_MS = 5 * 60_000;

export const STALE_REASON = "Interrupted: no progress for 5 minutes (the server stopped while importing).";

/** Whether an importing row has stopped beating at `now`. */
export const isStale = (row: { status: string; progressAt: Date }, now = Date.now()) =>
  row.status === "importing" && now - row.progressAt.getTime() > STALE_IMPORT_MS;

/** Writes the stale imports as failed (a cheap probe: importing rows are one or none). */
export async function failStaleImports(): Promise<void> {
  await db().$executeRaw`
    UPDATE reconciliation_imports SET status = 'failed', failure_reason = ${STALE_REASON}, finished_at = now()
    WHERE status = 'importing' AND progress_at < now() - make_interval(secs => ${STALE_IMPORT_MS / 1000})`;
}

/** Beats the import's progress_at every HEARTBEAT_MS until stopped (a no-op until its row is visible). */
export function startHeartbeat(id: string): () => void {
  const timer = setInterval(() => {
    db()
      .reconciliationImport.updateMany({ where: { id, status: "importing" }, data: { progressAt: new Date() } })
      .catch(() => {});
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
