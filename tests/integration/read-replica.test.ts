// DATABASE_REPLICA_URL against a real streaming replica of the test server: the event list,
// detail, export and overview read from it (shown by pausing its replay: what the primary wrote
// since is missing from them), while ingestion and a retry's answer come from the primary; when
// the replica stops, the same reads answer from the primary, and they return to the replica
// once it is back. Needs the PostgreSQL server (TEST_DATABASE_URL) and replication allowed from
// 127.0.0.1 (.ci/run sets that up).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as retry } from "@/app/v1/webhooks/events/[id]/retry/route";
import { GET as getEventRoute } from "@/app/v1/webhooks/events/[id]/route";
import { GET as exportCsv } from "@/app/v1/webhooks/events/export/route";
import { GET as list } from "@/app/v1/webhooks/events/route";
import { db, readDb, readSql, sql } from "@/lib/db/client";
import { env } from "@/lib/env";
import { getEventOverview } from "@/lib/stats/event-overview";
import { call, uniqueName, userWithTokens } from "../support/api";
import { ingestEvents, setCreatedAt } from "../support/events";
import { type StreamingReplica, startStreamingReplica } from "../support/streaming-replica";

const onServer = process.env.TEST_SERVER_DATABASE === "1";

let replica: StreamingReplica;
let reader: Awaited<ReturnType<typeof userWithTokens>>;
let ingester: string;
let operator: string;

const standby = async (read: typeof sql) =>
  ((await read({ text: "SELECT pg_is_in_recovery() AS standby", values: [] }))[0] as { standby: boolean }).standby;
const listIds = async (merchant: string) => {
  const res = await call(list, `/v1/webhooks/events?merchant_id=${merchant}`, { token: reader.accessToken });
  expect(res.status).toBe(200);
  return (res.json.data as { id: string }[]).map((e) => e.id);
};

describe.runIf(onServer)("reads from DATABASE_REPLICA_URL", () => {
  beforeAll(async () => {
    replica = await startStreamingReplica(process.env.DATABASE_URL!);
    // Before anything reads the configuration: env() keeps what it read first.
    process.env.DATABASE_REPLICA_URL = replica.urlOf(process.env.DATABASE_URL!);
    process.env.DATABASE_REPLICA_RETRY_SECONDS = "1";
    expect(env().databaseReplica?.url, "the configuration was read before the replica was set").toBe(
      process.env.DATABASE_REPLICA_URL,
    );
    reader = await userWithTokens("viewer");
    ingester = (await userWithTokens("ingest")).accessToken;
    operator = (await userWithTokens("operator")).accessToken;
    await replica.catchUp();
  });

  afterAll(() => {
    replica?.destroy();
  });

  it("serves readDb and readSql from the standby, db and sql from the primary", async () => {
    expect(await standby(readSql)).toBe(true);
    expect(await standby(sql)).toBe(false);
    const [row] = await readDb((client) => client.$queryRaw<{ standby: boolean }[]>`SELECT pg_is_in_recovery() AS standby`);
    expect(row?.standby).toBe(true);
    const [primary] = await db().$queryRaw<{ standby: boolean }[]>`SELECT pg_is_in_recovery() AS standby`;
    expect(primary?.standby).toBe(false);
  });

  it("lists, details, exports and counts what the replica has replayed; ingests and retries on the primary", async () => {
    const merchant = uniqueName("replica");
    const [first] = await ingestEvents(ingester, 1, () => ({ merchantId: merchant }));
    await replica.catchUp();
    expect(await listIds(merchant)).toEqual([first]);

    await replica.pauseReplay();
    try {
      // Written to the primary while the replica stands still.
      const [second] = await ingestEvents(ingester, 1, () => ({ merchantId: merchant }));
      const quietHour = new Date(Date.UTC(2018, 2, 1 + Math.floor(Math.random() * 27), Math.floor(Math.random() * 24)));
      await setCreatedAt([second!], () => quietHour);
      expect(await listIds(merchant)).toEqual([first]);
      const detail = await call(getEventRoute, `/v1/webhooks/events/${second}`, {
        token: reader.accessToken,
        params: { id: second! },
      });
      expect(detail.status).toBe(404);
      const csv = await call(exportCsv, `/v1/webhooks/events/export?merchant_id=${merchant}`, { token: reader.accessToken });
      expect(csv.status).toBe(200);
      expect(csv.text).toContain(first);
      expect(csv.text).not.toContain(second);
      const caller = { userId: reader.user.id, username: reader.username, role: "viewer" as const };
      const overview = () => getEventOverview({ caller, period: "24h", now: new Date(quietHour.getTime() + 60_000) });
      expect((await overview()).totals.total).toBe(0);

      // A retry must see its own write: the status it checks and the outcome it answers are the
      // primary's (the paused replica still has the event pending, and no attempt).
      await db().$executeRaw`UPDATE events SET status = 'failed', failure_reason = 'no_matching_credential' WHERE id = ${second}`;
      const retried = await call(retry, `/v1/webhooks/events/${second}/retry`, {
        method: "POST",
        token: operator,
        params: { id: second! },
      });
      expect(retried.status).toBe(200);
      expect(retried.json.id).toBe(second);
      expect(retried.json.attempts.map((a: { trigger: string }) => a.trigger)).toContainEqual(expect.stringMatching(/^retry:/));

      await replica.resumeReplay();
      await replica.catchUp();
      expect((await listIds(merchant)).sort()).toEqual([first, second].sort());
      expect((await overview()).totals.total).toBe(1);
    } finally {
      await replica.resumeReplay().catch(() => {});
    }
  });

  it("answers from the primary while the replica is down, and returns to it when it is back", async () => {
    const merchant = uniqueName("replica-down");
    const [id] = await ingestEvents(ingester, 1, () => ({ merchantId: merchant }));
    await replica.catchUp();
    expect(await standby(readSql)).toBe(true);

    replica.stop();
    // Each of these would fail without the fallback: the replica's pooled connections are dead.
    expect(await listIds(merchant)).toEqual([id]);
    const detail = await call(getEventRoute, `/v1/webhooks/events/${id}`, { token: reader.accessToken, params: { id: id! } });
    expect(detail.status).toBe(200);
    expect(await standby(readSql)).toBe(false);

    replica.start();
    // DATABASE_REPLICA_RETRY_SECONDS=1: the next read after a second probes the replica again.
    await expect.poll(() => standby(readSql), { timeout: 20_000, interval: 250 }).toBe(true);
    // The replica's restart (a PostgreSQL server starting and catching up) on top of the reads.
  }, 60_000);
});
