// Month partitions (for ten million events): made ahead of time, rows on both sides of a month boundary in
// their months, a row of a month without partitions refused until the month is made (ingestion
// makes it itself), dedup across months, and retention dropping exactly the expired months.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db, sql } from "@/lib/db/client";
import { retentionCutoff } from "@/lib/events/retention/event-retention";
import { ensureEventPartitions, MONTHS_AHEAD, monthOf, withEventMonth } from "@/lib/events/retention/partitions";
import { call, userWithTokens } from "../support/api";
import { cardEventData } from "../support/event-data";
import { drainQueue, setCreatedAt } from "../support/events";
import { type ScratchDatabase, scratchDatabase } from "../support/scratch-database";

let ingester: string;

beforeAll(async () => {
  ingester = (await userWithTokens("ingest")).accessToken;
});

const partitionOf = async (table: string, idColumn: string, id: string) =>
  (
    (await sql({ text: `SELECT tableoid::regclass::text AS part FROM ${table} WHERE ${idColumn} = $1`, values: [id] })) as {
      part: string;
    }[]
  ).map((r) => r.part);

describe("month partitions", () => {
  it("exist for this month and the months ahead, and making them again makes nothing", async () => {
    const months = (await sql({
      text: `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass`,
      values: ["events"],
    })) as { relname: string }[];
    const names = new Set(months.map((m) => m.relname));
    const now = new Date();
    for (let i = 0; i <= MONTHS_AHEAD; i++) {
      const month = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1)));
      expect(names, month).toContain(`events_p${month.slice(0, 4)}_${month.slice(5, 7)}`);
    }
    // No DEFAULT partition: it would keep PostgreSQL from reading the months in order.
    expect([...names].filter((n) => !/^events_p\d{4}_\d{2}$/.test(n))).toEqual([]);
    expect(await ensureEventPartitions()).toBe(0);
  });

  it("stores the last millisecond of a month and the first of the next in their own months, attempts too", async () => {
    await ensureEventPartitions(new Date("2027-06-01T00:00:00.000Z"), 1);
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const res = await call(ingest, "/v1/webhooks/events", { token: ingester, body: cardEventData() });
      ids.push(res.json.id as string);
    }
    const at = [new Date("2027-06-30T23:59:59.999Z"), new Date("2027-07-01T00:00:00.000Z")];
    await setCreatedAt(ids, (i) => at[i] as Date);
    await drainQueue();
    expect(await partitionOf("events", "id", ids[0]!)).toEqual(["events_p2027_06"]);
    expect(await partitionOf("events", "id", ids[1]!)).toEqual(["events_p2027_07"]);
    expect(await partitionOf("event_attempts", "event_id", ids[0]!)).toEqual(["event_attempts_p2027_06"]);
    expect(await partitionOf("event_attempts", "event_id", ids[1]!)).toEqual(["event_attempts_p2027_07"]);
    // Moved by an UPDATE: the body says the new time, once (not wrapped again by the insert
    // into the new partition), and the dedup key followed its event.
    const [row] = (await sql({ text: "SELECT body FROM events WHERE id = $1", values: [ids[1]] })) as { body: string }[];
    const body = JSON.parse(row?.body as string);
    expect(body).toMatchObject({ id: ids[1], createdAt: "2027-07-01T00:00:00.000Z" });
    expect(body.data.id).toBeUndefined();
    const keys = await db().eventDedupKey.findMany({ where: { eventId: { in: ids } } });
    expect(keys.map((k) => k.createdAt.toISOString()).sort()).toEqual(at.map((d) => d.toISOString()));
  });

  it("ingestion makes a missing month and stores the notification (one retry, only for that refusal)", async () => {
    const refusal = Object.assign(new Error('no partition of relation "events" found for row'), { code: "23514" });
    let calls = 0;
    const stored = await withEventMonth(async () => {
      calls += 1;
      if (calls === 1) throw refusal;
      return "stored";
    });
    expect([stored, calls]).toEqual(["stored", 2]);
    const other = Object.assign(new Error("new row violates check constraint"), { code: "23514" });
    await expect(withEventMonth(() => Promise.reject(other))).rejects.toBe(other);
  });

  it("keeps deduplicating across months, single and batch", async () => {
    const data = cardEventData();
    const first = await call(ingest, "/v1/webhooks/events", { token: ingester, body: data });
    expect(first.status).toBe(202);
    // The stored event is now in another month.
    await setCreatedAt([first.json.id], () => new Date("2025-02-14T12:00:00.000Z"));
    const again = await call(ingest, "/v1/webhooks/events", { token: ingester, body: data });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const batch = await call(ingestBatch, "/v1/webhooks/events/batch", { token: ingester, body: { events: [data, data] } });
    expect(batch.json.data.map((r: { result: string; id: string }) => [r.result, r.id])).toEqual([
      ["duplicate", first.json.id],
      ["duplicate", first.json.id],
    ]);
    expect(
      await db().event.count({
        where: { dedupKey: (await db().eventDedupKey.findFirst({ where: { eventId: first.json.id } }))?.dedupKey },
      }),
    ).toBe(1);
  });
});

describe("retention cutoff", () => {
  it("keeps the given number of whole months before the current one", () => {
    expect(retentionCutoff(new Date("2026-11-25T10:00:00Z"), 3)?.toISOString()).toBe("2026-08-01T00:00:00.000Z");
    expect(retentionCutoff(new Date("2026-01-01T00:00:00Z"), 1)?.toISOString()).toBe("2025-12-01T00:00:00.000Z");
    expect(retentionCutoff(new Date("2026-01-31T23:59:59Z"), 13)?.toISOString()).toBe("2024-12-01T00:00:00.000Z");
    expect(retentionCutoff(new Date(), null)).toBeNull();
  });
});

// On a database of their own: these make and drop months, which would pull rows from under the
// other test files sharing the run's database.
describe("months made on demand, and retention", () => {
  let scratch: ScratchDatabase;
  const q = <T = Record<string, unknown>>(text: string, values?: unknown[]) => scratch.query<T>(text, values);

  async function insertEvent(id: string, at: string, withChildren = true) {
    await q(
      `WITH e AS (
         INSERT INTO events (id, type, status, data, dedup_key, created_at, updated_at)
         VALUES ($1::text, 'payment.completed', 'processed', '{"amount": 1}', 'key-' || $1::text, $2::timestamptz, $2::timestamptz)
         RETURNING id, created_at)
       INSERT INTO event_dedup_keys (dedup_key, event_id, created_at) SELECT 'key-' || id, id, created_at FROM e`,
      [id, at],
    );
    if (!withChildren) return;
    await q(
      `INSERT INTO event_attempts (id, event_id, event_created_at, outcome, trigger, started_at, finished_at)
       VALUES ($1::text, $1::text, $2::timestamptz, 'processed', 'worker', $2::timestamptz, $2::timestamptz)`,
      [id, at],
    );
    await q(
      `INSERT INTO webhook_deliveries (id, event_id, event_created_at, endpoint_id, status) VALUES ($1::text, $1::text, $2::timestamptz, 'w0000000000000000001', 'succeeded');
      `,
      [id, at],
    );
    await q(
      `INSERT INTO webhook_delivery_attempts (id, delivery_id, event_created_at, endpoint_id, started_at, duration_ms)
       VALUES ($1::text, $1::text, $2::timestamptz, 'w0000000000000000001', $2::timestamptz, 5)`,
      [id, at],
    );
  }

  const partsOf = async (id: string) =>
    (
      await q<{ part: string }>(
        `SELECT tableoid::regclass::text AS part FROM events WHERE id = $1
         UNION ALL SELECT tableoid::regclass::text FROM event_attempts WHERE event_id = $1
         UNION ALL SELECT tableoid::regclass::text FROM webhook_deliveries WHERE event_id = $1
         UNION ALL SELECT tableoid::regclass::text FROM webhook_delivery_attempts WHERE delivery_id = $1`,
        [id],
      )
    ).map((r) => r.part);

  const counted = async () =>
    (
      await q<{ n: number }>(
        `SELECT (coalesce((SELECT sum(count) FROM event_hourly_counts), 0) + coalesce((SELECT sum(delta) FROM event_count_deltas), 0))::int AS n`,
      )
    )[0]?.n;

  beforeAll(async () => {
    scratch = await scratchDatabase();
    await scratch.migrate();
    await scratch.exec(`
      INSERT INTO merchants (id, name, tax_id, updated_at) VALUES ('m0000000000000000001', 'Loja', '12345678000199', now());
      INSERT INTO webhook_endpoints (id, merchant_id, url, secret_ciphertext, secret_key_version)
      VALUES ('w0000000000000000001', 'm0000000000000000001', 'https://example.com/hook', '\\x00', 1);`);
  });

  afterAll(async () => {
    await scratch?.close();
  });

  it("refuses a row of a month that has no partitions until the month is made", async () => {
    await expect(insertEvent("d0000000000000000001", "2017-05-10T12:00:00.000Z")).rejects.toThrow(/no partition of relation/);
    const [made] = await q<{ n: number }>("SELECT ensure_event_partitions('2017-05-01', 0) AS n");
    expect(made?.n).toBe(1);
    await insertEvent("d0000000000000000001", "2017-05-10T12:00:00.000Z");
    await insertEvent("d0000000000000000002", "2017-05-31T23:59:59.999Z");
    for (const id of ["d0000000000000000001", "d0000000000000000002"])
      expect(await partsOf(id)).toEqual([
        "events_p2017_05",
        "event_attempts_p2017_05",
        "webhook_deliveries_p2017_05",
        "webhook_delivery_attempts_p2017_05",
      ]);
    // June was not made: its rows are refused, whole (the event and its dedup key together).
    await expect(insertEvent("d0000000000000000003", "2017-06-01T00:00:00.000Z")).rejects.toThrow(/no partition/);
    expect(await q("SELECT event_id FROM event_dedup_keys ORDER BY 1")).toEqual([
      { event_id: "d0000000000000000001" },
      { event_id: "d0000000000000000002" },
    ]);
    const [options] = await q<{ reloptions: string[] }>("SELECT reloptions FROM pg_class WHERE relname = 'events_p2017_05'");
    expect(options?.reloptions).toEqual(["toast_tuple_target=8160"]);
  });

  it("drops exactly the months that ended before the cutoff, with their children, keys and counts", async () => {
    await q("SELECT ensure_event_partitions('2018-01-01', 3)");
    for (const [i, at] of [
      "2018-01-31T23:59:59.999Z",
      "2018-02-01T00:00:00.000Z",
      "2018-03-01T00:00:00.000Z",
      "2018-04-15T00:00:00.000Z",
    ].entries())
      await insertEvent(`e000000000000000000${i}`, at);
    await scratch.exec(
      "INSERT INTO event_hourly_counts SELECT * FROM (SELECT hour, status, failure_reason, sum(delta) FROM event_count_deltas GROUP BY 1, 2, 3) d; DELETE FROM event_count_deltas;",
    );

    const dropped = await q<{ month: string }>("SELECT drop_event_months_before('2018-03-01') AS month");
    expect(dropped.map((d) => d.month)).toEqual(["2017-05", "2018-01", "2018-02"]);

    const tables = await q<{ relname: string }>(
      `SELECT c.relname FROM pg_class c WHERE c.relkind = 'r' AND c.relname ~ '_p(2017|2018)_' ORDER BY 1`,
    );
    expect(tables.map((t) => t.relname)).toEqual([
      "event_attempts_p2018_03",
      "event_attempts_p2018_04",
      "events_p2018_03",
      "events_p2018_04",
      "webhook_deliveries_p2018_03",
      "webhook_deliveries_p2018_04",
      "webhook_delivery_attempts_p2018_03",
      "webhook_delivery_attempts_p2018_04",
    ]);
    expect((await q<{ id: string }>("SELECT id FROM events ORDER BY id")).map((r) => r.id)).toEqual([
      "e0000000000000000002",
      "e0000000000000000003",
    ]);
    expect((await q<{ event_id: string }>("SELECT event_id FROM event_dedup_keys ORDER BY 1")).map((r) => r.event_id)).toEqual([
      "e0000000000000000002",
      "e0000000000000000003",
    ]);
    expect(await q("SELECT count(*)::int AS n FROM event_attempts")).toEqual([{ n: 2 }]);
    expect(await q("SELECT count(*)::int AS n FROM webhook_delivery_attempts")).toEqual([{ n: 2 }]);
    expect(await counted()).toBe(2);
    // Nothing more expires at the same cutoff.
    expect(await q("SELECT drop_event_months_before('2018-03-01') AS month")).toEqual([]);
  });
});
