import { describe, expect, it } from "vitest";
import { WakeSignal } from "@/lib/wake-signal";

/** Whether the promise settles before a 1-second timer: a sleep of an hour that returns sooner was woken. */
async function settlesSoon(promise: Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), 1_000);
  });
  const result = await Promise.race([promise.then(() => true as const), late]);
  clearTimeout(timer);
  return result;
}

const HOUR = 3_600_000;

describe("WakeSignal", () => {
  it("ends a sleep in progress when woken", async () => {
    const signal = new WakeSignal();
    const sleeping = signal.sleep(HOUR);
    signal.wake();
    expect(await settlesSoon(sleeping)).toBe(true);
  });

  it("remembers a wake-up that came while the loop was busy: the next sleep returns at once", async () => {
    const signal = new WakeSignal();
    signal.wake(); // the work arrived while the loop was not sleeping
    expect(await settlesSoon(signal.sleep(HOUR))).toBe(true);
  });

  it("spends a remembered wake-up once: the sleep after it waits again", async () => {
    const signal = new WakeSignal();
    signal.wake();
    signal.wake(); // two wake-ups while busy are one step's worth of work
    await signal.sleep(HOUR);
    const second = signal.sleep(HOUR);
    expect(await settlesSoon(second)).toBe(false);
    signal.wake();
    expect(await settlesSoon(second)).toBe(true);
  });

  it("sleeps its whole time when nobody wakes it", async () => {
    const signal = new WakeSignal();
    const started = performance.now();
    await signal.sleep(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });
});
