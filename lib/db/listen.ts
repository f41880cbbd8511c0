// LISTEN on a channel of the primary database for as long as the process runs. On a server: a
// dedicated connection outside the pool (a pooled client goes back to serve queries and would
// take its LISTEN along), opened again with a growing pause whenever it is lost. On the embedded
// PGlite (one process): its own listen(), which hears the NOTIFYs of this same process.
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export type ListenHandlers = {
  /** A NOTIFY's payload on the channel. */
  notified: (payload: string) => void;
  /** Notifications may have been missed: the connection was lost, or has just been (re)opened. */
  missed: () => void;
  /** Why the connection was lost (no secrets: an error's name and code). */
  lost?: (error: { name?: string; code?: string } | undefined) => void;
};

export type Listener = { listening: () => boolean; stopped: () => boolean; stop: () => Promise<void> };

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

export function listen(
  target: { url: string; connectTimeoutMs?: number } | { embedded: PGlite },
  channel: string,
  handlers: ListenHandlers,
): Listener {
  // LISTEN takes no parameter: the channel is written into the statement.
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return "embedded" in target ? listenEmbedded(target.embedded, channel, handlers) : listenServer(target, channel, handlers);
}

function listenEmbedded(embedded: PGlite, channel: string, handlers: ListenHandlers): Listener {
  const state = { stopped: false, listening: false };
  const unsubscribe = embedded
    .listen(channel, (payload) => handlers.notified(payload))
    .then((off) => {
      state.listening = !state.stopped;
      handlers.missed();
      return off;
    });
  unsubscribe.catch(() => handlers.lost?.(undefined));
  return listenerOf(state, async () => {
    await (await unsubscribe.catch(() => undefined))?.();
  });
}

/** The handle of either kind: stop() marks it stopped and not listening, then lets go of the channel. */
function listenerOf(state: { stopped: boolean; listening: boolean }, release: () => Promise<void>): Listener {
  return {
    listening: () => state.listening,
    stopped: () => state.stopped,
    stop: async () => {
      state.stopped = true;
      state.listening = false;
      await release();
    },
  };
}

function listenServer(target: { url: string; connectTimeoutMs?: number }, channel: string, handlers: ListenHandlers): Listener {
  const state = { stopped: false, listening: false };
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pause = RETRY_MIN_MS;

  const open = async () => {
    timer = undefined;
    const c = new pg.Client({
      connectionString: target.url,
      connectionTimeoutMillis: target.connectTimeoutMs ?? 5_000,
      keepAlive: true,
    });
    client = c;
    let gone = false;
    const onGone = (error?: Error & { code?: string }) => {
      if (gone) return;
      gone = true;
      state.listening = false;
      c.end().catch(() => {});
      handlers.missed();
      if (state.stopped) return;
      handlers.lost?.(error ? { name: error.name, code: error.code } : undefined);
      timer = setTimeout(open, pause);
      timer.unref();
      pause = Math.min(pause * 2, RETRY_MAX_MS);
    };
    // Without an 'error' listener a dead server would crash the process (docs/platform-notes).
    c.on("error", onGone);
    c.on("end", () => onGone());
    c.on("notification", (message) => {
      if (message.channel === channel && message.payload) handlers.notified(message.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      onGone(error as Error);
      return;
    }
    if (gone || state.stopped) return;
    state.listening = true;
    pause = RETRY_MIN_MS;
    // Whatever changed before the LISTEN took effect was not heard.
    handlers.missed();
  };
  void open();

  return listenerOf(state, async () => {
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => {});
  });
}
