// The webhook delivery worker inside the server process (beside the event worker): claims due
// deliveries while it has room (WEBHOOK_WORKER_CONCURRENCY in all, WEBHOOK_ENDPOINT_CONCURRENCY
// per endpoint; an endpoint's rate limit per second is kept by the claim, in PostgreSQL, for
// every instance together), sends each without waiting for the others,
// and sleeps until an attempt ends, the event worker nudges it, or a short poll (a nudge during a
// claim is kept for the next sleep: lib/wake-signal.ts). stop() waits for
// the attempts in flight. Tests run several instances in one process (two "servers"), and wait
// with whenIdle() for the work they queued to be done.
import { inPipeline } from "@/lib/db/client";
import { env } from "@/lib/env";
import { IdleWaiters } from "@/lib/idle-waiters";
import { logger } from "@/lib/log";
import { WakeSignal } from "@/lib/wake-signal";
import { attemptDelivery } from "@/lib/webhooks/delivery/attempt-delivery";
import { type ClaimedDelivery, claimDueDeliveries } from "@/lib/webhooks/delivery/claim-deliveries";
import { inAttemptSpan } from "@/lib/webhooks/delivery/delivery-spans";
import { recordAttempt } from "@/lib/webhooks/delivery/record-attempt";

const POLL_MS = 200;
const BACKOFF_MS = 2_000;
const CLAIM_BATCH = 100;

export class DeliveryWorker {
  private running = false;
  private readonly signal = new WakeSignal();
  private readonly idleWaiters = new IdleWaiters();
  private loop?: Promise<void>;
  private readonly inFlight = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();
  /** When this worker last claimed a rate-limited delivery: until a second later it polls at each second's turn. */
  private rateLimitedAt = 0;
  /** Attempts started by this worker (for tests and the benchmark). */
  started = 0;

  start(): void {
    if (this.running) return;
    this.running = true;
    // Deliveries are the pipeline's: its own database connections (lib/db/client.ts).
    this.loop = inPipeline(() => this.run());
  }

  nudge(): void {
    this.signal.wake();
  }

  /**
   * Resolves once a claim that began after this call finds nothing due and no attempt of this
   * worker is in flight. Deliveries not yet due (a retry's backoff), leased by another worker, or
   * held back by their endpoint's rate limit until the next second are not work for now.
   */
  whenIdle(): Promise<void> {
    if (!this.running) return Promise.reject(new Error("the delivery worker is not running"));
    const idle = this.idleWaiters.wait();
    this.signal.wake();
    return idle;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.signal.wake();
    await this.loop;
    await Promise.all(this.pending);
    this.idleWaiters.stopped();
  }

  private skipped(): string[] {
    const cap = env().webhooks.endpointConcurrency;
    return [...this.inFlight.entries()].filter(([, n]) => n >= cap).map(([id]) => id);
  }

  private async run(): Promise<void> {
    const total = env().webhooks.workerConcurrency;
    while (this.running) {
      this.idleWaiters.passBegins();
      try {
        const room = total - this.pending.size;
        if (room <= 0) {
          await this.signal.sleep(POLL_MS);
          continue;
        }
        const claimed = await claimDueDeliveries({
          limit: Math.min(room, CLAIM_BATCH),
          skip: this.skipped(),
          inFlight: this.inFlight,
        });
        for (const delivery of claimed) this.dispatch(delivery);
        if (claimed.length === 0 && this.pending.size === 0) this.idleWaiters.idle();
        // Short sleeps while an endpoint waits for the next second of its rate limit.
        const rateLimited = Date.now() - this.rateLimitedAt < 1_000;
        if (claimed.length === 0 || claimed.length < Math.min(room, CLAIM_BATCH))
          await this.signal.sleep(rateLimited ? Math.min(POLL_MS, 1000 - (Date.now() % 1000) + 5) : POLL_MS);
      } catch (error) {
        logger().warn(
          { err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
          "webhook worker: claim failed, backing off",
        );
        await this.signal.sleep(BACKOFF_MS);
      }
    }
  }

  private dispatch(delivery: ClaimedDelivery): void {
    const { endpointId } = delivery;
    this.inFlight.set(endpointId, (this.inFlight.get(endpointId) ?? 0) + 1);
    if (delivery.rateLimit !== null) this.rateLimitedAt = Date.now();
    this.started++;
    const task = (async () => {
      try {
        await inAttemptSpan(delivery, async () => recordAttempt(delivery, await attemptDelivery(delivery)));
      } catch (error) {
        // Unrecorded: the lease runs out and the delivery is attempted again.
        logger().warn(
          { deliveryId: delivery.id, err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
          "webhook worker: attempt not recorded",
        );
      } finally {
        const left = (this.inFlight.get(endpointId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(endpointId, left);
        else this.inFlight.delete(endpointId);
        this.signal.wake();
      }
    })();
    this.pending.add(task);
    void task.then(() => this.pending.delete(task));
  }
}

const g = globalThis as unknown as { __pic_webhook_worker?: DeliveryWorker };

export function startDeliveryWorker(): void {
  g.__pic_webhook_worker ??= new DeliveryWorker();
  g.__pic_webhook_worker.start();
  logger().info("webhook delivery worker started");
}

/** Wakes the worker now: deliveries were just written. */
export function nudgeDeliveryWorker(): void {
  g.__pic_webhook_worker?.nudge();
}

export async function stopDeliveryWorker(): Promise<void> {
  const worker = g.__pic_webhook_worker;
  if (!worker) return;
  g.__pic_webhook_worker = undefined;
  await worker.stop();
  logger().info("webhook delivery worker stopped");
}
