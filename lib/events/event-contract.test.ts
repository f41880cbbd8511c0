// The stored event's JSON (built by the events_set_body trigger, migration *_event_body) against
// the contract's eventSchema, for every kind of demo event: each status, payment method,
// transaction type and status, failure reason, with and without card or terminal data. Dated
// 2017 so that the other test files sharing a server database cannot blur it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { loadDemoData } from "@/lib/demo/load-demo-data";
import { eventSchema } from "@/lib/events/event-contract";

const NOW = new Date("2017-01-01T12:00:00.000Z");

describe("the events contract", () => {
  it("describes the trigger's JSON of every kind of demo event", async () => {
    await loadDemoData({ events: 2_000, merchants: 15, seed: 17, now: NOW, batchSize: 500 });
    const rows = await db().$queryRawUnsafe<{ body: string; data: unknown; kind: string }[]>(
      `SELECT body, data, concat_ws('/', status, payment_method, transaction_status, data->>'transactionType',
              coalesce(failure_reason, '-'), (data->'cardData' = 'null'::jsonb)::text,
              (data->'terminalData' = 'null'::jsonb)::text) AS kind
       FROM events WHERE created_at BETWEEN $1::timestamptz AND $2::timestamptz`,
      new Date("2016-12-01T00:00:00Z").toISOString(),
      NOW.toISOString(),
    );
    expect(rows).toHaveLength(2_000);
    const kinds = new Set<string>();
    for (const row of rows) {
      const parsed = eventSchema.safeParse(JSON.parse(row.body));
      expect(parsed.success, `${row.kind}: ${parsed.error?.message}`).toBe(true);
      // The body carries the stored Data object exactly.
      expect(parsed.data?.data).toEqual(row.data);
      kinds.add(row.kind);
    }
    // Every status, and more than one way to pay and to fail, were checked.
    const statuses = new Set([...kinds].map((k) => k.split("/")[0]));
    expect(statuses).toEqual(new Set(["pending", "processed", "failed"]));
    expect(new Set([...kinds].map((k) => k.split("/")[1])).size).toBe(3);
    expect(kinds.size).toBeGreaterThan(10);
  });
});
