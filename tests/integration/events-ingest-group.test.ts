// Single notifications sent at once are written together (group commit, lib/db/group-commit.ts):
// each stored exactly once and answered only once committed, a duplicate answered with the
// stored event, and a row the database refuses fails only its own request.

import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { sql } from "@/lib/db/client";
import { forgetAllAccountStatuses } from "@/lib/users/account-status";
import { call, userWithTokens } from "../support/api";
import { cardEventData } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";

// Its own database: the test below puts a trigger on events.
runOnOwnDatabase("pic_ingest_group");

const onServer = process.env.TEST_SERVER_DATABASE === "1";
let ingester: string;
// Another connection than the service's, where the server has one: what a reader elsewhere sees.
let reader: pg.Pool | undefined;

beforeAll(async () => {
  ingester = (await userWithTokens("ingest")).accessToken;
  if (onServer) {
    reader = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  }
});

afterAll(async () => {
  await reader?.end();
});

const post = (body: unknown) => call(ingest, "/v1/webhooks/events", { token: ingester, body });
const storedCount = async (ids: string[]) => {
  const text = "SELECT count(*)::int AS n FROM events WHERE id = ANY($1::text[])";
  const rows = reader ? (await reader.query(text, [ids])).rows : await sql({ text, values: [ids] });
  return (rows[0] as { n: number }).n;
};

describe("concurrent POST /v1/webhooks/events", () => {
  it("stores each of 200 concurrent notifications exactly once, each readable elsewhere when answered", async () => {
    const merchantId = `group-${randomBytes(4).toString("hex")}`;
    // One first, alone: the sender's account state is then cached, so the 200 below do not all
    // read it at once (each waiting for a pooled connection) before they reach the group commit.
    expect((await post(cardEventData())).status).toBe(202);
    const unreadable: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const res = await post(cardEventData({ merchantId }));
        // The moment the answer arrives, the row is committed: another connection reads it.
        if (res.status === 202 && (await storedCount([res.json.id])) !== 1) unreadable.push(res.json.id);
        return res;
      }),
    );
    expect(answers.filter((r) => r.status !== 202).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    expect(unreadable).toEqual([]);
    const ids = answers.map((r) => r.json.id as string);
    expect(new Set(ids).size).toBe(200);
    const [counts] = (await sql({
      text: `SELECT count(*)::int AS events, (SELECT count(*)::int FROM event_attempts a JOIN events e ON e.id = a.event_id
               WHERE e.merchant_id = $1) AS attempts FROM events WHERE merchant_id = $1`,
      values: [merchantId],
    })) as { events: number; attempts: number }[];
    expect(counts).toEqual({ events: 200, attempts: 200 });
    // They went in groups: fewer statements than notifications.
    const groups = (await sql({
      text: "SELECT count(DISTINCT created_at)::int AS n FROM events WHERE merchant_id = $1",
      values: [merchantId],
    })) as { n: number }[];
    expect(groups[0]!.n).toBeLessThan(200);
  });

  it("answers a burst from an account whose state is not cached: one read of it, no 503", async () => {
    // Each of 200 requests reading the sender's state for itself took every pooled connection, and
    // some waited past the pool's timeout (503); they now share the one read in flight.
    forgetAllAccountStatuses();
    const answers = await Promise.all(Array.from({ length: 200 }, () => post(cardEventData())));
    expect(answers.filter((r) => r.status !== 202).map((r) => `${r.status} ${r.text}`)).toEqual([]);
  });

  it("answers a duplicate within a group, and one of a stored event, with the stored event", async () => {
    const stored = cardEventData();
    const first = await post(stored);
    expect(first.status).toBe(202);
    const twin = cardEventData();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => post(cardEventData())),
      post(twin),
      post({ ...twin, metadata: { resent: true } }),
      post({ ...stored, metadata: { resent: true } }),
      ...Array.from({ length: 10 }, () => post(cardEventData())),
    ]);
    const [a, b, resent] = answers.slice(10, 13);
    expect([a!.status, b!.status].sort()).toEqual([200, 202]);
    expect(a!.json.id).toBe(b!.json.id);
    expect(resent!.status).toBe(200);
    expect(resent!.json).toEqual({ id: first.json.id, status: first.json.status });
    expect(await storedCount([a!.json.id, first.json.id])).toBe(2);
    expect(answers.filter((r) => r.status === 202)).toHaveLength(21);
  });

  it("fails only the notification the database refuses, and stores the others of its group", async () => {
    // A row PostgreSQL refuses, as a constraint or a full disk would: a trigger for one merchant.
    const poison = `poison-${randomBytes(4).toString("hex")}`;
    await sql({
      text: `CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN IF NEW.merchant_id = '${poison}' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`,
      values: [],
    });
    await sql({
      text: "CREATE TRIGGER refuse_poison BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_poison()",
      values: [],
    });
    try {
      const merchantId = `good-${randomBytes(4).toString("hex")}`;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => post(cardEventData({ merchantId: i === 15 ? poison : merchantId }))),
      );
      expect(answers[15]!.status).toBe(500);
      const good = answers.filter((_, i) => i !== 15);
      expect(good.map((r) => r.status)).toEqual(Array(29).fill(202));
      expect(await storedCount(good.map((r) => r.json.id))).toBe(29);
      const [poisoned] = (await sql({
        text: "SELECT count(*)::int AS n FROM events WHERE merchant_id = $1",
        values: [poison],
      })) as {
        n: number;
      }[];
      expect(poisoned!.n).toBe(0);
    } finally {
      await sql({ text: "DROP TRIGGER refuse_poison ON events", values: [] });
      await sql({ text: "DROP FUNCTION refuse_poison()", values: [] });
    }
  });
});
