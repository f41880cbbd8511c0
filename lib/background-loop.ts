// A loop that runs in the background of a server process (the event worker, the maintenance
// schedule): one per process, kept on globalThis so that a dev server's reloaded module does not
// start a second; it sleeps between steps, wake() cuts a sleep short (or the next one, when it
// comes during a step: lib/wake-signal.ts), and stop() ends it after the step in progress. A loop
// whose body reports idle() lets tests wait with whenIdle() until its work is done.
import { inPipeline } from "@/lib/db/client";
import { IdleWaiters } from "@/lib/idle-waiters";
import { logger } from "@/lib/log";
import { WakeSignal } from "@/lib/wake-signal";

type LoopState = { running: boolean; signal: WakeSignal; idleWaiters: IdleWaiters; loop?: Promise<void> };

/**
 * What a loop's body gets: whether to go on, a sleep that wake() and stop() cut short (a step
 * begins when it returns), and idle(), to say that the step just done found nothing to do.
 */
export type LoopControl = { running: () => boolean; sleep: (ms: number) => Promise<void>; idle: () => void };

export function backgroundLoop(name: string, body: (control: LoopControl) => Promise<void>) {
  const key = `__pic_loop_${name.replaceAll(" ", "_")}`;
  const g = globalThis as unknown as Record<string, LoopState | undefined>;

  return {
    start(): void {
      if (g[key]?.running) return;
      const state: LoopState = { running: true, signal: new WakeSignal(), idleWaiters: new IdleWaiters() };
      g[key] = state;
      const sleep = async (ms: number) => {
        await state.signal.sleep(ms);
        state.idleWaiters.passBegins();
      };
      const idle = () => state.idleWaiters.idle();
      // Background work is the pipeline's: its own database connections (lib/db/client.ts).
      state.loop = inPipeline(() => body({ running: () => state.running, sleep, idle }));
      logger().info(`${name} started`);
    },
    wake(): void {
      g[key]?.signal.wake();
    },
    /** Resolves once a step that began after this call reported idle(); rejects if the loop is not running or stops. */
    whenIdle(): Promise<void> {
      const state = g[key];
      if (!state?.running) return Promise.reject(new Error(`the ${name} is not running`));
      const idle = state.idleWaiters.wait();
      state.signal.wake();
      return idle;
    },
    async stop(): Promise<void> {
      const state = g[key];
      if (!state) return;
      state.running = false;
      state.signal.wake();
      await state.loop;
      state.idleWaiters.stopped();
      logger().info(`${name} stopped`);
    },
  };
}
