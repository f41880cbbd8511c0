// A loop that runs in the background of a server process (the event worker, the maintenance
// schedule): one per process, kept on globalThis so that a dev server's reloaded module does not
// start a second; it sleeps between steps, wake() cuts a sleep short (or the next one, when it
// comes during a step: lib/wake-signal.ts), and stop() ends it after the step in progress.
import { inPipeline } from "@/lib/db/client";
import { logger } from "@/lib/log";
import { WakeSignal } from "@/lib/wake-signal";

type LoopState = { running: boolean; signal: WakeSignal; loop?: Promise<void> };

/** What a loop's body gets: whether to go on, and a sleep that wake() and stop() cut short. */
export type LoopControl = { running: () => boolean; sleep: (ms: number) => Promise<void> };

export function backgroundLoop(name: string, body: (control: LoopControl) => Promise<void>) {
  const key = `__pic_loop_${name.replaceAll(" ", "_")}`;
  const g = globalThis as unknown as Record<string, LoopState | undefined>;

  return {
    start(): void {
      if (g[key]?.running) return;
      const state: LoopState = { running: true, signal: new WakeSignal() };
      g[key] = state;
      // Background work is the pipeline's: its own database connections (lib/db/client.ts).
      state.loop = inPipeline(() => body({ running: () => state.running, sleep: (ms) => state.signal.sleep(ms) }));
      logger().info(`${name} started`);
    },
    wake(): void {
      g[key]?.signal.wake();
    },
    async stop(): Promise<void> {
      const state = g[key];
      if (!state) return;
      state.running = false;
      state.signal.wake();
      await state.loop;
      logger().info(`${name} stopped`);
    },
  };
}
