// How a background loop sleeps between steps and is woken early (the event worker when a
// notification is stored, the delivery worker when deliveries are queued or an attempt ends).
// A wake-up that arrives while the loop is busy (not sleeping) is remembered, and the next sleep
// returns at once: otherwise the loop, busy with a step that began before the new work was
// committed, would then sleep a whole poll interval with that work waiting (a lost wake-up,
// measured as 200 ms stalls of a whole batch of deliveries in the noisy-neighbour bench).

export class WakeSignal {
  private wakeSleeper?: () => void;
  private woken = false;

  /** Resolves after `ms`, or as soon as wake() is called, or at once if it was called since the last sleep. */
  sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }

  wake(): void {
    if (this.wakeSleeper) this.wakeSleeper();
    else this.woken = true;
  }
}
