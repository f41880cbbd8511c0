// The loader against the test run's database: rows as the API and the worker would have left
// them. Everything is dated 2020 so that other test files sharing a server database cannot
// blur the counts.
import { describe, expect, it } from "vitest";
import { decryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { hasAnyMerchant, loadDemoData, statisticsThatKeepUp } from "@/lib/demo/load-demo-data";
import { env } from "@/lib/env";
import { eventDataSchema } from "@/lib/events/data-schema";
import { eventColumnsOf } from "@/lib/events/ingest/event-columns";
import { XID_PATTERN } from "@/lib/ids";

const NOW = new Date("2020-01-01T12:00:00.000Z");
const WINDOW = { gte: new Date("2019-12-01T00:00:00Z"), lte: NOW };
const NOW_INSERT = new Date("2019-01-01T12:00:00.000Z");
const WINDOW_INSERT = { gte: new Date("2018-12-01T00:00:00Z"), lte: NOW_INSERT };

describe("statisticsThatKeepUp", () => {
  // Each connection's cached foreign-key check was planned for an empty table: without a refresh
  // as the table grows, every attempt row scanned the events (7 ms a row after 150,000 events).
  async function analyzedAt(rowsBefore: number, batches: number[]): Promise<number[]> {
    const at: number[] = [];
    let loaded = 0;
    const refresh = statisticsThatKeepUp(async () => at.push(loaded), rowsBefore);
    for (const batch of batches) {
      loaded += batch;
      await refresh(loaded);
    }
    return at;
  }

  it("analyzes each time the table doubles, from 5,000 rows", async () => {
    expect(await analyzedAt(0, Array(12).fill(5_000))).toEqual([5_000, 10_000, 20_000, 40_000]);
  });

  it("counts the rows already there: a table of 100,000 is analyzed again at 200,000", async () => {
    expect(await analyzedAt(100_000, Array(30).fill(5_000))).toEqual([100_000]);
    expect(await analyzedAt(100_000, Array(19).fill(5_000))).toEqual([]);
  });

  it("analyzes once for a batch that crosses several doublings", async () => {
    expect(await analyzedAt(0, [50_000, 5_000])).toEqual([50_000]);
  });
});

describe("loadDemoData", () => {
  // COPY on a server (npm run db:demo), INSERT on the embedded database; the INSERT path is run
  // on a server too, a year earlier, so that both writers are held to the same rows.
  type Writer = ["copy" | "insert", number, Date, { gte: Date; lte: Date }];
  const writers: Writer[] = env().serverDatabase
    ? [
        ["copy", 1, NOW, WINDOW],
        ["insert", 2, NOW_INSERT, WINDOW_INSERT],
      ]
    : [["insert", 1, NOW, WINDOW]];
  it.each(writers)(
    "loads merchants, credentials, events and attempts that agree with each other (%s)",
    async (via, seed, now, window) => {
      const progress: [number, number][] = [];
      const summary = await loadDemoData({
        events: 1_500,
        merchants: 12,
        seed,
        now,
        batchSize: 400,
        via,
        onProgress: (done, total) => progress.push([done, total]),
      });
      expect(await hasAnyMerchant()).toBe(true);
      expect(progress.at(-1)).toEqual([1_500, 1_500]);
      // Batches run three at a time on a server, so they may finish out of order: progress grows by
      // one batch (400 events, the last 300) at a time.
      const steps = progress.map(([done], i) => done - (progress[i - 1]?.[0] ?? 0));
      expect(steps.sort()).toEqual([300, 400, 400, 400]);
      expect(summary).toMatchObject({ seed, merchants: 12, events: { total: 1_500 } });
      const { processed, failed, pending } = summary.events;
      expect(processed + failed + pending).toBe(1_500);
      expect(summary.attempts).toBe(processed + failed);

      const events = await db().event.findMany({ where: { createdAt: window }, include: { attempts: true } });
      expect(events).toHaveLength(1_500);
      expect(events.filter((e) => e.status === "pending")).toHaveLength(pending);
      for (const e of events) {
        expect(e.id).toMatch(XID_PATTERN);
        expect(e.type).toBe("payment.completed");
        // data is exactly the seed's Data object, and the lifted columns are computed from it.
        const data = eventDataSchema.parse(e.data);
        expect(data).toEqual(e.data);
        const columns = eventColumnsOf(data);
        for (const [name, value] of Object.entries(columns)) expect(e[name as keyof typeof columns]).toBe(value);
        expect(e.attemptCount).toBe(e.attempts.length);
        expect(e.attempts.length).toBe(e.status === "pending" ? 0 : 1);
        for (const a of e.attempts) {
          expect(a).toMatchObject({ outcome: e.status, failureReason: e.failureReason, trigger: "worker" });
          expect(a.startedAt.getTime()).toBeGreaterThan(e.createdAt.getTime());
          expect(e.updatedAt).toEqual(a.finishedAt);
        }
      }
      // The body is what the trigger builds, and the overview's rollup counted every event.
      const [check] = await db().$queryRawUnsafe<{ wrong_bodies: number; counted: number }[]>(
        `SELECT (SELECT count(*)::int FROM events e WHERE e.created_at BETWEEN $1::timestamptz AND $2::timestamptz
                 AND (e.body::jsonb <> jsonb_build_object('id', e.id,
                   'createdAt', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   'updatedAt', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   'type', e.type, 'status', e.status, 'failureReason', e.failure_reason, 'data', e.data)
                   OR e.body <> compact_json(e.body))) AS wrong_bodies,
              (SELECT coalesce(sum(d.count), 0)::int FROM (
                 SELECT count FROM event_hourly_counts WHERE hour BETWEEN $1::timestamptz AND $2::timestamptz
                 UNION ALL SELECT delta FROM event_count_deltas WHERE hour BETWEEN $1::timestamptz AND $2::timestamptz) d) AS counted`,
        window.gte.toISOString(),
        window.lte.toISOString(),
      );
      expect(check).toEqual({ wrong_bodies: 0, counted: 1_500 });
    },
  );

  it("stores credentials encrypted, bound to their id, with MID and TID in clear", async () => {
    // The demo's credentials predate its 30 days of events; the other tests' are of today.
    const ours = await db().credential.findMany({ where: { createdAt: { lt: WINDOW.gte } }, include: { provider: true } });
    expect(ours.length).toBeGreaterThan(5);
    for (const c of ours) {
      const auth = JSON.parse(decryptSecret(c.authenticationCiphertext, c.authenticationKeyVersion, c.id));
      expect(c.subacquirerId).toBe(env().subacquirerId);
      if (c.provider.kind === "ecommerce") {
        expect(Object.keys(auth).sort()).toEqual(["clientId", "clientSecret"]);
        expect(c.acquirerMerchantIdentifier).toBe(auth.clientId);
        expect(c.acquirerTerminalIdentifier).toBe("");
      } else {
        expect(auth).toEqual({
          merchantIdentifier: c.acquirerMerchantIdentifier,
          terminalIdentifier: c.acquirerTerminalIdentifier,
        });
      }
      expect(() => decryptSecret(c.authenticationCiphertext, c.authenticationKeyVersion, "another-row-id")).toThrow();
    }
  });

  it("marks as processed exactly the events that an enabled credential matches", async () => {
    const rows = await db().$queryRawUnsafe<{ status: string; failure_reason: string | null; matched: boolean; n: number }[]>(
      `SELECT e.status, e.failure_reason, EXISTS (
         SELECT 1 FROM credentials c JOIN providers p ON p.id = c.provider_id
         WHERE c.enabled AND p.name = e.acquirer_name
           AND c.acquirer_merchant_identifier = e.acquirer_merchant_identifier
           AND (c.acquirer_terminal_identifier = e.acquirer_terminal_identifier
                OR (p.kind = 'ecommerce' AND c.acquirer_terminal_identifier = ''))
       ) AS matched, count(*)::int AS n
       FROM events e WHERE e.created_at BETWEEN $1::timestamptz AND $2::timestamptz
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      WINDOW.gte.toISOString(),
      WINDOW.lte.toISOString(),
    );
    for (const row of rows) {
      if (row.status === "processed") expect(row.matched).toBe(true);
      if (row.status === "failed") expect(row.matched).toBe(false);
    }
    expect(rows.map((r) => r.failure_reason)).toContain("no_matching_credential");
  });

  it("refuses to load the same seed twice into one database, before writing anything", async () => {
    const before = await db().merchant.count();
    await expect(loadDemoData({ events: 10, merchants: 12, seed: 1, now: NOW })).rejects.toThrow(/seed 1/);
    expect(await db().merchant.count()).toBe(before);
  });

  it("refuses nonsense counts", async () => {
    await expect(loadDemoData({ events: -1 })).rejects.toThrow(RangeError);
    await expect(loadDemoData({ events: 10, merchants: 0 })).rejects.toThrow(RangeError);
  });
});
