// Which database serves a read that may be a little behind: the replica while it answers, the
// primary when it does not. A connection failure on the replica (refused, reset, terminated,
// connect timeout) retries that read on the primary and skips the replica for `retryAfterMs`,
// so that requests do not each wait for a connect timeout; then one read tries it again while
// the others keep going to the primary. One log line per change of state, never a URL.

import { isConnectionFailure, isRecoveryConflict } from "@/lib/db/unavailable";

type Log = { warn: (fields: object, message: string) => void; info: (fields: object, message: string) => void };

export type ReplicaRouter = {
  /** Runs the read on the replica, or on the primary when the replica is away or just failed. */
  read<T>(onReplica: () => Promise<T>, onPrimary: () => Promise<T>): Promise<T>;
  /** False while reads skip the replica. */
  healthy(): boolean;
};

export function createReplicaRouter(options: { retryAfterMs: number; log: () => Log; now?: () => number }): ReplicaRouter {
  const now = options.now ?? Date.now;
  let down = false;
  let skipUntil = 0;

  const markDown = (error: unknown) => {
    skipUntil = now() + options.retryAfterMs;
    if (down) return;
    down = true;
    const e = error as { name?: unknown; code?: unknown };
    options
      .log()
      .warn(
        { err: { name: e?.name, code: e?.code }, retryAfterMs: options.retryAfterMs },
        "read replica unreachable: reading from the primary",
      );
  };

  return {
    healthy: () => !down,
    async read(onReplica, onPrimary) {
      if (down) {
        if (now() < skipUntil) return onPrimary();
        // This read probes the replica; the others keep reading from the primary meanwhile.
        skipUntil = now() + options.retryAfterMs;
      }
      let result: Awaited<ReturnType<typeof onReplica>>;
      try {
        result = await onReplica();
      } catch (error) {
        if (isRecoveryConflict(error)) return onPrimary();
        if (!isConnectionFailure(error)) throw error;
        markDown(error);
        return onPrimary();
      }
      if (down) {
        down = false;
        skipUntil = 0;
        options.log().info({}, "read replica reachable again: reading from it");
      }
      return result;
    },
  };
}
