// Fair use: every authenticated caller gets a bounded share, so that one account's burst cannot
// slow the others or the pipeline. Three kinds of request, decided by the route wrapper:
// - "ingest" (notifications): many in flight per account (terminals send in parallel) and a
//   rate sized for a fleet of terminals; never shed for the instance's sake, since a refused
//   notification may be lost.
// - "read" (GET): a few in flight per account, a per-minute rate shared by every instance
//   (lib/http/shared-rate-counter.ts), and an instance-wide bound on reads in flight: past it
//   reads are shed (503, Retry-After) before anything else is refused. A read costs what it
//   weighs: one unit per ROWS_PER_UNIT rows it asks for (its page's `limit`), at least one, so a
//   page of 100 costs five pages of 20 (docs/api.md). Counted once its query is read (readCost).
// - "write": a few in flight per account; its rate is the exact per-request one of
//   lib/http/rate-limit.ts, applied by the route's own option.
// Places are held until the answer's last byte is sent (lib/http/route.ts): a streamed export is
// in flight while it streams.
// Refusals are 429 (503 for the instance's shed) with Retry-After, documented on every operation;
// the rates counted are announced in the RateLimit fields (lib/http/rate-limit-fields.ts).
// The instance's role is checked here too, being a share of the same kind: a worker instance
// (INSTANCE_ROLE=worker) admits notifications only.
import type { Caller } from "@/lib/access/roles";
import { env } from "@/lib/env";
import { ApiError, serviceUnavailable, tooManyRequests } from "@/lib/errors";
import { takePlace } from "@/lib/http/in-flight-limit";
import type { ServiceLimit } from "@/lib/http/rate-limit-fields";
import { admitRate } from "@/lib/http/shared-rate-counter";
import { DEFAULT_LIMIT } from "@/lib/paging/page-params";

export type RequestKind = "ingest" | "read" | "write";

/** The places of reads in flight on this instance, every account together. */
export const INSTANCE_READS_KEY = "instance:reads";

const busy = (limit: number) =>
  tooManyRequests(
    "concurrency_limited",
    `Too many requests at once: at most ${limit} in flight for this account. Retry after Retry-After seconds.`,
    1,
  );

/**
 * Marks an account's fair-use refusal (429) for the door in front of Next.js
 * (scripts/fair-use-door.mjs), which repeats only these until their Retry-After: not a sign-in
 * delay, not a route's own write limit, whose 429s say nothing of the token's other requests.
 */
export const FAIR_USE_HEADER = "x-fair-use";

/** Rows a read may ask for per unit of its rate: a default page costs one. */
export const ROWS_PER_UNIT = DEFAULT_LIMIT;

/** What a read costs: one unit per ROWS_PER_UNIT rows of its page (the parsed query's `limit`), at least one. */
export function readCost(query: unknown): number {
  const limit = (query as { limit?: unknown } | undefined)?.limit;
  return typeof limit === "number" && limit > 0 ? Math.ceil(limit / ROWS_PER_UNIT) : 1;
}

/** A request admitted: the release to call when its answer is sent, and the rates it was counted against. */
export type Admission = { release: () => void; limits: ServiceLimit[] };

/** Admits the caller's request (or throws 429/503); a read's rate is counted apart, by chargeRead. */
export function admitRequest(caller: Caller, kind: RequestKind): Admission {
  return markedForTheDoor(() => admit(caller, kind));
}

/** Counts a read of `cost` units against the account's rate (or throws 429): the rates' state. */
export function chargeRead(caller: Caller, cost: number): ServiceLimit[] {
  return markedForTheDoor(() => admitRate("read", caller.userId, env().rateLimitsPerMinute.read, Date.now(), cost));
}

function markedForTheDoor<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) error.headers[FAIR_USE_HEADER] = "account";
    throw error;
  }
}

function admit(caller: Caller, kind: RequestKind): Admission {
  const { fairUse, rateLimitsPerMinute, instanceRole } = env();
  // A worker instance (INSTANCE_ROLE=worker) takes notifications beside its pipeline, nothing else.
  if (instanceRole === "worker" && kind !== "ingest") {
    throw serviceUnavailable("This instance runs the pipeline and takes notifications only; send API calls to an api instance.", {
      "retry-after": "1",
    });
  }
  const limit = kind === "ingest" ? fairUse.concurrentIngestPerAccount : fairUse.concurrentPerAccount;
  const own = takePlace(`${kind === "ingest" ? "ingest" : "api"}:${caller.userId}`, limit);
  if (!own) throw busy(limit);
  let instance: (() => void) | undefined;
  let limits: ServiceLimit[] = [];
  try {
    if (kind === "read") {
      instance = takePlace(INSTANCE_READS_KEY, fairUse.concurrentReadsPerInstance);
      if (!instance) {
        throw serviceUnavailable(
          "This instance is serving as many reads as it can; notifications are still taken. Retry after Retry-After seconds.",
          { "retry-after": "1" },
        );
      }
    } else if (kind === "ingest") {
      limits = admitRate("ingest", caller.userId, rateLimitsPerMinute.ingest);
    }
  } catch (error) {
    instance?.();
    own();
    throw error;
  }
  return {
    release: () => {
      instance?.();
      own();
    },
    limits,
  };
}
