// The migration path to month partitions: tables holding data before *_partition_events come out of it
// partitioned by month with the same rows, ids, bodies, attempts, deliveries and counts, and
// with the keys, indexes and triggers the app needs.
import { describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../support/migration-test";

const PARTITIONING = "20261126000000_partition_events";

// Four months of events, two of them on either side of a month boundary, one far back.
const EVENTS = [
  { id: "d0000000000000000001", at: "2026-09-15T10:00:00.000Z", status: "processed" },
  { id: "d0000000000000000002", at: "2026-10-31T23:59:59.999Z", status: "failed" },
  { id: "d0000000000000000003", at: "2026-11-01T00:00:00.000Z", status: "pending" },
  { id: "d0000000000000000004", at: "2017-03-02T08:30:00.000Z", status: "processed" },
];

const db = databaseBeforeMigration(PARTITIONING, async () => {
  await db.exec(`
    INSERT INTO merchants (id, name, tax_id, updated_at) VALUES ('m0000000000000000001', 'Loja', '12345678000199', now());
    INSERT INTO webhook_endpoints (id, merchant_id, url, secret_ciphertext, secret_key_version)
    VALUES ('w0000000000000000001', 'm0000000000000000001', 'https://example.com/hook', '\\x00', 1);`);
  for (const [i, e] of EVENTS.entries()) {
    await db.query(
      `INSERT INTO events (id, type, status, data, dedup_key, created_at, updated_at, merchant_id)
       VALUES ($1, 'payment.completed', $2, $3::jsonb, $4, $5, $5, 'm-1')`,
      [e.id, e.status, JSON.stringify({ amount: 100 + i, note: `event ${i}` }), `key-${i}`, e.at],
    );
    if (e.status !== "pending")
      await db.query(
        `INSERT INTO event_attempts (id, event_id, outcome, trigger, started_at, finished_at)
         VALUES ($1, $2, $3, 'worker', $4, $4)`,
        [`a000000000000000000${i}`, e.id, e.status, e.at],
      );
  }
  await db.exec(`
    INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status)
    VALUES ('l0000000000000000001', 'd0000000000000000001', 'w0000000000000000001', 'succeeded');
    INSERT INTO webhook_delivery_attempts (id, delivery_id, endpoint_id, started_at, duration_ms, status_code)
    VALUES ('t0000000000000000001', 'l0000000000000000001', 'w0000000000000000001', now(), 12, 200);`);
});

const rows = (text: string) => db.query<Record<string, unknown>>(text);

describe("migration *_partition_events on tables with data", () => {
  let before: { events: Record<string, unknown>[]; attempts: Record<string, unknown>[]; counts: Record<string, unknown>[] };

  it("converts the tables and keeps every row as it was", async () => {
    before = {
      events: await rows("SELECT id, status, body, data::text AS data, created_at, updated_at FROM events ORDER BY id"),
      attempts: await rows("SELECT id, event_id, outcome FROM event_attempts ORDER BY id"),
      counts: await rows("SELECT hour, status, failure_reason, count::int AS count FROM event_hourly_counts ORDER BY 1, 2, 3"),
    };
    expect(before.events).toHaveLength(4);
    await db.migrate({ only: PARTITIONING });

    const [kind] = await rows("SELECT relkind::text AS kind FROM pg_class WHERE relname = 'events'");
    expect(kind?.kind).toBe("p");
    expect(await rows("SELECT id, status, body, data::text AS data, created_at, updated_at FROM events ORDER BY id")).toEqual(
      before.events,
    );
    expect(await rows("SELECT id, event_id, outcome FROM event_attempts ORDER BY id")).toEqual(before.attempts);
    expect(
      await rows("SELECT hour, status, failure_reason, count::int AS count FROM event_hourly_counts ORDER BY 1, 2, 3"),
    ).toEqual(before.counts);
    // The children carry their event's created_at, and sit in its month.
    const attempts = await rows(
      `SELECT a.id, a.tableoid::regclass::text AS part, a.event_created_at = e.created_at AS same
       FROM event_attempts a JOIN events e ON e.id = a.event_id ORDER BY a.id`,
    );
    expect(attempts.map((a) => [a.part, a.same])).toEqual([
      ["event_attempts_p2026_09", true],
      ["event_attempts_p2026_10", true],
      ["event_attempts_p2017_03", true],
    ]);
    expect(await rows("SELECT tableoid::regclass::text AS part, event_created_at FROM webhook_deliveries")).toEqual([
      { part: "webhook_deliveries_p2026_09", event_created_at: new Date(EVENTS[0]!.at) },
    ]);
    expect(await rows("SELECT tableoid::regclass::text AS part FROM webhook_delivery_attempts")).toEqual([
      { part: "webhook_delivery_attempts_p2026_09" },
    ]);
    expect(await rows("SELECT dedup_key, event_id FROM event_dedup_keys ORDER BY dedup_key")).toEqual(
      EVENTS.map((e, i) => ({ dedup_key: `key-${i}`, event_id: e.id })),
    );
  });

  it("puts each event in its month, each month's partition uncompressed", async () => {
    const parts = await rows("SELECT id, tableoid::regclass::text AS part FROM events ORDER BY id");
    expect(parts.map((p) => p.part)).toEqual(["events_p2026_09", "events_p2026_10", "events_p2026_11", "events_p2017_03"]);
    const options = await rows(
      `SELECT c.relname, c.reloptions FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'events'::regclass`,
    );
    expect(options.length).toBeGreaterThanOrEqual(6);
    for (const o of options) expect(o.reloptions, String(o.relname)).toEqual(["toast_tuple_target=8160"]);
  });

  it("keeps the body trigger, the count triggers and the indexes on every partition", async () => {
    await db.exec(`
      INSERT INTO events (id, type, status, data, created_at, updated_at)
      VALUES ('d0000000000000000005', 'payment.completed', 'pending', '{"amount": 7}', '2026-09-20T00:00:00Z', '2026-09-20T00:00:00Z');`);
    const [made] = await rows("SELECT body FROM events WHERE id = 'd0000000000000000005'");
    expect(JSON.parse(made?.body as string)).toMatchObject({ id: "d0000000000000000005", data: { amount: 7 } });
    const [delta] = await rows("SELECT sum(delta)::int AS n FROM event_count_deltas WHERE hour = '2026-09-20T00:00:00Z'");
    expect(delta?.n).toBe(1);
    const indexes = await rows(`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'events_p2026_09'`);
    expect(indexes[0]?.n).toBe(13);
  });
});
