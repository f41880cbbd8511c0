// The one lifecycle of background jobs (bulk retry, webhook recover): a job row with a lease,
// progress and resume. An instance takes a running job's lease with one conditional UPDATE (free,
// expired, or already its own), so of two instances resuming one job exactly one runs it. Each
// batch runs in one transaction that first renews the lease on the job row (and so holds the
// row's lock until it commits: nobody can take the lease mid-batch), then does the work and
// records the progress: a batch cut short rolls back whole, and its resumer cannot count it
// twice. A job whose instance stopped keeps an expired lease; the maintenance schedule of any
// instance resumes it (resumeExpiredJobs, lib/maintenance/maintenance-schedule.ts). Lease times
// come from PostgreSQL's clock, shared by all.
import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { logger } from "@/lib/log";

/** The job tables: each has id, status ('running' | 'done'), finished_at, lease_until, leased_by. */
export type JobTable = "event_retry_jobs" | "webhook_recover_jobs";
export type JobTransaction = Prisma.TransactionClient;

/** Long beside one batch (a statement is stopped after 10 s); renewed by every batch and a heartbeat. */
export const JOB_LEASE_SECONDS = 30;
const HEARTBEAT_MS = (JOB_LEASE_SECONDS * 1000) / 3;
/** One batch's transaction: a statement timeout (10 s) or two, never the interactive default of 5 s. */
const STEP_TIMEOUT_MS = 60_000;

/** This process as a lease holder: host, pid, and a random part (a pid is reused after a restart). */
export const THIS_INSTANCE = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString("hex")}`;

export type StepOutcome = { done: boolean; afterCommit?: () => void };

export type JobKind = {
  /** For the logs. */
  name: string;
  table: JobTable;
  /** One batch: the work and its progress, written with `tx` (the transaction holding the lease). */
  step: (tx: JobTransaction, id: string) => Promise<StepOutcome>;
};

const leaseEnd = `clock_timestamp() + ${JOB_LEASE_SECONDS} * interval '1 second'`;

/** Takes the lease of a running job that is free, expired or this instance's; false when another holds it. */
async function claimLease(table: JobTable, id: string, instance: string): Promise<boolean> {
  const rows = await db().$queryRawUnsafe<unknown[]>(
    `UPDATE ${table} SET leased_by = $2, lease_until = ${leaseEnd}
     WHERE id = $1 AND status = 'running' AND (lease_until IS NULL OR lease_until < clock_timestamp() OR leased_by = $2)
     RETURNING id`,
    id,
    instance,
  );
  return rows.length === 1;
}

/** Renews the lease if still held; inside a batch's transaction it also locks the row until commit. */
async function renewLease(client: JobTransaction, table: JobTable, id: string, instance: string): Promise<boolean> {
  const renewed = await client.$executeRawUnsafe(
    `UPDATE ${table} SET lease_until = ${leaseEnd} WHERE id = $1 AND leased_by = $2 AND status = 'running'`,
    id,
    instance,
  );
  return renewed === 1;
}

async function finish(tx: JobTransaction, table: JobTable, id: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE ${table} SET status = 'done', finished_at = clock_timestamp(), lease_until = NULL WHERE id = $1`,
    id,
  );
}

const running = new Map<string, Promise<void>>();

/**
 * Runs the job here if its lease can be taken, batch by batch until done or until the lease is
 * lost; resolves when this run ends. Asked again while it runs here, answers the same run. A
 * failed run is logged and keeps its lease until it expires; then any instance's maintenance
 * schedule resumes the job. `instance` is for tests that play two instances in one process.
 */
export function runLeasedJob(kind: JobKind, id: string, instance = THIS_INSTANCE): Promise<void> {
  const key = `${instance}|${id}`;
  const existing = running.get(key);
  if (existing) return existing;
  const run = (async () => {
    let heartbeat: NodeJS.Timeout | undefined;
    try {
      if (!(await claimLease(kind.table, id, instance))) return;
      heartbeat = setInterval(() => {
        renewLease(db(), kind.table, id, instance).catch(() => {});
      }, HEARTBEAT_MS);
      heartbeat.unref();
      for (;;) {
        const outcome = await db().$transaction(
          async (tx) => {
            if (!(await renewLease(tx, kind.table, id, instance))) return undefined;
            const result = await kind.step(tx, id);
            if (result.done) await finish(tx, kind.table, id);
            return result;
          },
          { timeout: STEP_TIMEOUT_MS },
        );
        if (!outcome) {
          logger().warn({ jobId: id }, `${kind.name} job: lease lost to another instance`);
          return;
        }
        outcome.afterCommit?.();
        if (outcome.done) return;
      }
    } catch (error) {
      logger().warn(
        { jobId: id, err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
        `${kind.name} job interrupted`,
      );
    } finally {
      clearInterval(heartbeat);
      running.delete(key);
    }
  })();
  running.set(key, run);
  return run;
}

/** Whether a job row read by a request is worth a claim: running, and its lease free or expired. */
export function isResumable(job: { status: string; leaseUntil: Date | null }): boolean {
  return job.status === "running" && (job.leaseUntil === null || job.leaseUntil.getTime() < Date.now());
}

/** Running jobs of a kind whose lease is free or expired (their instance stopped or failed). */
export async function expiredJobIds(table: JobTable, limit = 20): Promise<string[]> {
  const rows = await db().$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM ${table} WHERE status = 'running' AND (lease_until IS NULL OR lease_until < clock_timestamp())
     ORDER BY created_at LIMIT ${Math.trunc(limit)}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Takes up, in the background, the running jobs of these kinds whose lease is free or expired
 * (the maintenance schedule calls it every few seconds); returns how many it found. Each still goes
 * through the claim, so instances polling at once run each job once.
 */
export async function resumeExpiredJobs(kinds: JobKind[]): Promise<number> {
  let found = 0;
  for (const kind of kinds) {
    for (const id of await expiredJobIds(kind.table)) {
      void runLeasedJob(kind, id);
      found++;
    }
  }
  return found;
}

/**
 * A job for a reader (an id that is no XID is simply not found), run again here when its lease
 * has expired: a stopped instance's job resumes also when someone looks at it.
 */
export async function readJob<J extends { id: string; status: string; leaseUntil: Date | null }>(
  kind: JobKind,
  id: string,
  find: (id: string) => Promise<J | null>,
  missing: string,
): Promise<J> {
  const job = XID_PATTERN.test(id) ? await find(id) : null;
  if (!job) throw notFound(missing);
  if (isResumable(job)) void runLeasedJob(kind, job.id);
  return job;
}

/** Waits for a job's run in this process, if any (tests). */
export async function settledJob(id: string, instance = THIS_INSTANCE): Promise<void> {
  await running.get(`${instance}|${id}`);
}
