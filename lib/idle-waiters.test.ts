import { describe, expect, it } from "vitest";
import { IdleWaiters } from "@/lib/idle-waiters";

/** Whether the promise has settled, after the microtasks queued so far ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe("IdleWaiters", () => {
  it("answers a waiter with the outcome of the next pass that begins, not of the pass under way", async () => {
    const waiters = new IdleWaiters();
    waiters.passBegins();
    const waiting = waiters.wait();
    // The pass under way began before the wait: its finding nothing does not count.
    waiters.idle();
    expect(await settled(waiting)).toBe(false);
    // The next pass finds work: still waiting.
    waiters.passBegins();
    expect(await settled(waiting)).toBe(false);
    // The one after finds nothing.
    waiters.passBegins();
    waiters.idle();
    await expect(waiting).resolves.toBeUndefined();
  });

  it("refuses the waiters when the loop stops", async () => {
    const waiters = new IdleWaiters();
    const armed = waiters.wait();
    waiters.passBegins();
    const waiting = waiters.wait();
    waiters.stopped();
    await expect(armed).rejects.toThrow("stopped");
    await expect(waiting).rejects.toThrow("stopped");
  });
});
