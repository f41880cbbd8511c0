// Who waits for a background loop to run out of work (tests and benchmarks, instead of sleeping
// a guessed while). "Idle" is a pass that began after the wait was asked for and found nothing
// to do: a pass already under way when the wait begins may have read the database before the
// caller's last write, so its outcome does not count for that waiter.

export class IdleWaiters {
  private waiting: Waiter[] = [];
  private armed: Waiter[] = [];

  /** Resolves when a pass that begins after this call finds nothing to do; rejects if the loop stops first. */
  wait(): Promise<void> {
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** A pass begins: its outcome answers everyone waiting so far. */
  passBegins(): void {
    this.armed.push(...this.waiting.splice(0));
  }

  /** The pass that began last found nothing to do. */
  idle(): void {
    for (const waiter of this.armed.splice(0)) waiter.resolve();
  }

  /** The loop ended: nobody will see it idle. */
  stopped(): void {
    for (const waiter of [...this.armed.splice(0), ...this.waiting.splice(0)])
      waiter.reject(new Error("the loop stopped before it was idle"));
  }
}

type Waiter = { resolve: () => void; reject: (error: Error) => void };
