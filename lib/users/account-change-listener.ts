// Account changes made anywhere (another instance, the users CLI, a hand-run UPDATE) reach this
// instance's cache of account states (access-token-caller.ts) at once: a trigger on `users`
// notifies `account_changed` with the user's id (migration *_account_change_notify) and one
// listener per process drops that entry. While the listener is down every entry is dropped and
// the cache falls back to its TTL; when it is back, everything is dropped once more, since what
// changed in between was not heard.
import "server-only";
import { listenOnPrimary } from "@/lib/db/client";
import type { Listener } from "@/lib/db/listen";
import { logger } from "@/lib/log";

export const ACCOUNT_CHANGED_CHANNEL = "account_changed";

/** A cache that follows the changes: forget one user, or forget them all. */
export type AccountCache = { forget: (userId: string) => void; forgetAll: () => void };

// On globalThis: Next.js may load a module once per bundle (instrumentation, route handlers), and
// every copy of the cache must hear the one listener.
type State = { listener?: Listener; caches: Set<AccountCache> };
const g = globalThis as unknown as { __pic_account_changes?: State };

/**
 * Starts the process's listener if it is not running (first use, or after closeDb() stopped it)
 * and adds the cache to those it informs. Cheap enough to call on every cache miss.
 */
export function followAccountChanges(cache: AccountCache): void {
  g.__pic_account_changes ??= { caches: new Set() };
  const state = g.__pic_account_changes;
  state.caches.add(cache);
  if (state.listener && !state.listener.stopped()) return;
  state.listener = listenOnPrimary(ACCOUNT_CHANGED_CHANNEL, {
    notified: (userId) => {
      for (const c of state.caches) c.forget(userId);
    },
    missed: () => {
      for (const c of state.caches) c.forgetAll();
    },
    lost: (error) => logger().warn({ err: error }, "account change listener lost its connection; reconnecting"),
  });
}

/** Whether account changes are being heard right now (tests wait on it). */
export function hearingAccountChanges(): boolean {
  return g.__pic_account_changes?.listener?.listening() ?? false;
}
