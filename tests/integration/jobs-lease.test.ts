// Background jobs left running by a stopped server (hence jobs have a lease): two instances
// that resume one stale job at once must run it once, and its counters must equal what was
// actually handled. Two instances are played in this process by loading the job modules twice
// (each load has its own in-process state and its own instance identity).
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import type { Caller } from "@/lib/access/roles";
import { db } from "@/lib/db/client";
import { ensureEventPartitions } from "@/lib/events/retention/partitions";
import { newId } from "@/lib/ids";
import { call, userWithTokens } from "../support/api";
import { cardEventData } from "../support/event-data";
import { staleRetryJob } from "../support/stale-retry-job";

let reader: Caller;
let ingester: string;

beforeAll(async () => {
  const viewer = await userWithTokens("viewer");
  reader = { userId: viewer.user.id, username: viewer.username, role: "viewer" };
  ingester = (await userWithTokens("ingest")).accessToken;
});

/** The job module as `n` instances would have it: fresh module state each, one database. */
async function instances<T>(n: number, load: () => Promise<T>): Promise<T[]> {
  const loaded: T[] = [];
  for (let i = 0; i < n; i++) {
    vi.resetModules();
    loaded.push(await load());
  }
  return loaded;
}

const longAgo = () => new Date(Date.now() - 3_600_000);

describe("a stale bulk retry job resumed by two instances at once", () => {
  // The instance that ran it stopped between a batch's work and its progress (a trigger fails the
  // first progress write); then two instances resume it together.
  it("runs once: its counters equal the events retried, each event retried once", async () => {
    // 450 events (three batches) that fail again when retried: no credential matches them.
    const mid = `ML${randomBytes(5).toString("hex")}`;
    const eventIds: string[] = [];
    for (let sent = 0; sent < 450; sent += 100) {
      const events = Array.from({ length: Math.min(100, 450 - sent) }, () =>
        cardEventData({ acquirerName: "rede", acquirerMerchantIdentifier: mid, acquirerTerminalIdentifier: "TIDLEASE" }),
      );
      const res = await call(ingestBatch, "/v1/webhooks/events/batch", { token: ingester, body: { events } });
      expect(res.status).toBe(200);
      eventIds.push(...res.json.data.map((d: { id: string }) => d.id));
    }
    const job = await staleRetryJob({ mid, total: 450, expiredAt: longAgo() });
    const fault = `lease_fault_${job.id}`;
    await db().$executeRawUnsafe(`CREATE SEQUENCE ${fault}`);
    await db().$executeRawUnsafe(
      `CREATE FUNCTION ${fault}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.id = '${job.id}' AND NEW.retried > OLD.retried AND nextval('${fault}') = 1 THEN
           RAISE EXCEPTION 'the instance stopped';
         END IF;
         RETURN NEW;
       END $$`,
    );
    await db().$executeRawUnsafe(
      `CREATE TRIGGER ${fault} BEFORE UPDATE ON event_retry_jobs FOR EACH ROW EXECUTE FUNCTION ${fault}()`,
    );
    try {
      const [stopped, a, b] = await instances(3, () => import("@/lib/events/retry/bulk-retry"));
      await stopped!.getRetryJob({ caller: reader, id: job.id });
      await stopped!.settledRetryJob(job.id);
      // Its lease runs out.
      await db().eventRetryJob.update({ where: { id: job.id }, data: { leaseUntil: longAgo() } });
      await Promise.all([a!.getRetryJob({ caller: reader, id: job.id }), b!.getRetryJob({ caller: reader, id: job.id })]);
      await Promise.all([a!.settledRetryJob(job.id), b!.settledRetryJob(job.id)]);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER ${fault} ON event_retry_jobs`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${fault}()`);
      await db().$executeRawUnsafe(`DROP SEQUENCE ${fault}`);
    }

    const retries = await db().eventAttempt.count({ where: { eventId: { in: eventIds }, trigger: "retry:operator-gone" } });
    const done = await db().eventRetryJob.findUniqueOrThrow({ where: { id: job.id } });
    expect({ retries, retried: done.retried, failed: done.failed, processed: done.processed }).toEqual({
      retries: 450,
      retried: 450,
      failed: 450,
      processed: 0,
    });
    expect(done.status).toBe("done");
    expect(done.finishedAt).not.toBeNull();
  });
});

describe("a stale recover job resumed by two instances at once", () => {
  it("runs once: its count equals the deliveries requeued", async () => {
    const tag = randomBytes(3).toString("hex");
    const merchantId = newId();
    const endpointId = newId();
    await ensureEventPartitions();
    await db().$executeRawUnsafe(
      "INSERT INTO merchants (id, name, tax_id, updated_at) VALUES ($1, $2, '11222333000181', now())",
      merchantId,
      `Lease ${tag}`,
    );
    await db().$executeRawUnsafe(
      `INSERT INTO webhook_endpoints (id, merchant_id, url, secret_ciphertext, secret_key_version)
       VALUES ($1, $2, 'https://receiver.example.com/hook', '\\x00', 1)`,
      endpointId,
      merchantId,
    );
    // 1,100 failed deliveries (three batches), each of an event of its own. The events hold a
    // valid Data object: other test files list this database's events and check their shape.
    await db().$executeRawUnsafe(
      `INSERT INTO events (id, type, status, data, created_at, updated_at)
       SELECT 'e' || $1 || lpad(n::text, 13, '0'), 'payment.completed', 'processed', $2::jsonb, now(), now()
       FROM generate_series(1, 1100) n`,
      tag,
      JSON.stringify(cardEventData()),
    );
    await db().$executeRawUnsafe(
      `INSERT INTO webhook_deliveries (id, event_id, event_created_at, endpoint_id, status, attempt_count, created_at, updated_at)
       SELECT 'd' || $1 || lpad(n::text, 13, '0'), e.id, e.created_at, $2, 'failed', 8, now() - interval '1 hour', now() - interval '1 hour'
       FROM generate_series(1, 1100) n JOIN events e ON e.id = 'e' || $1 || lpad(n::text, 13, '0')`,
      tag,
      endpointId,
    );
    const job = await db().webhookRecoverJob.create({
      data: {
        id: newId(),
        endpointId,
        since: new Date("2026-01-01T00:00:00Z"),
        total: 1100,
        createdBy: "operator-gone",
        leasedBy: "stopped-instance",
        leaseUntil: longAgo(),
      },
    });

    const [a, b] = await instances(2, () => import("@/lib/webhooks/endpoints/recover-webhook-endpoint"));
    await Promise.all([a!.getRecoverJob({ caller: reader, id: job.id }), b!.getRecoverJob({ caller: reader, id: job.id })]);
    await Promise.all([a!.settledRecoverJob(job.id), b!.settledRecoverJob(job.id)]);

    const pending = await db().webhookDelivery.count({ where: { endpointId, status: "pending" } });
    const done = await db().webhookRecoverJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(pending).toBe(1100);
    expect(done).toMatchObject({ status: "done", requeued: 1100 });
  });
});
