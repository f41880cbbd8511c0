// An event's JSON is compact like every other endpoint's: no `"id" : …` from
// PostgreSQL's json output, in the single and batch answers, the list, the detail, after the
// worker's status change, and for rows written by a path that gives the trigger no text (the
// regular expression's fallback), with string values that hold spaces, colons, commas, quotes and
// backslashes kept exactly.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/v1/webhooks/events/[id]/route";
import { POST as batch } from "@/app/v1/webhooks/events/batch/route";
import { POST as ingest, GET as list } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { call, userWithTokens } from "../support/api";
import { cardEventData } from "../support/event-data";
import { drainQueue } from "../support/events";

let admin: string;

beforeAll(async () => {
  admin = (await userWithTokens("admin")).accessToken;
});

/** Values (metadata takes strings, numbers and booleans) that a naive squeeze of ", " or ": " would corrupt. */
const TRICKY = {
  note: 'Loja 1, Centro: "caixa 2" \\ fim  ',
  path: 'a\\\\", "b',
  colon: '": "',
  comma: " , ",
  amount: 12.5,
  flag: true,
};

/** Compact: what JSON.stringify makes of the parsed text is the text itself. */
function expectCompact(text: string) {
  expect(JSON.stringify(JSON.parse(text))).toBe(text);
}

describe("compact event JSON", () => {
  it("answers ingestion, the detail and the list without white space between tokens", async () => {
    const data = cardEventData({ metadata: TRICKY });
    const created = await call(ingest, "/v1/webhooks/events", { token: admin, body: data });
    expect(created.status).toBe(202);
    expectCompact(created.text);
    expect(created.json.data.metadata).toEqual(TRICKY);

    await drainQueue();
    const id = created.json.id as string;
    const detail = await call(getOne, `/v1/webhooks/events/${id}`, { token: admin, params: { id } });
    expect(detail.json.status).not.toBe("pending");
    expect(detail.json.data.metadata).toEqual(TRICKY);

    const page = await call(list, `/v1/webhooks/events?q=${id}`, { token: admin });
    expect(page.status).toBe(200);
    expectCompact(page.text);
    expect(page.json.data).toHaveLength(1);
    expect(page.json.data[0]).toMatchObject({ id, status: detail.json.status, updatedAt: detail.json.updatedAt });
    expect(page.json.data[0].data).toEqual(detail.json.data);
  });

  it("answers each item of a batch compactly", async () => {
    const res = await call(batch, "/v1/webhooks/events/batch", {
      token: admin,
      body: { events: [cardEventData({ metadata: TRICKY }), cardEventData()] },
    });
    expect(res.status).toBe(200);
    await drainQueue();
    for (const item of res.json.data as { id: string }[]) {
      const page = await call(list, `/v1/webhooks/events?q=${item.id}`, { token: admin });
      expectCompact(page.text);
      expect(page.json.data[0].id).toBe(item.id);
    }
  });

  it("compacts a row written without the Data object's text, and a change of its data", async () => {
    const created = await call(ingest, "/v1/webhooks/events", { token: admin, body: cardEventData() });
    const id = created.json.id as string;
    // A writer that passes no body text (Prisma, a hand-written UPDATE of data).
    await db()
      .$executeRaw`UPDATE events SET data = jsonb_set(data, '{metadata}', ${JSON.stringify(TRICKY)}::jsonb) WHERE id = ${id}`;
    const [row] = await db().$queryRaw<{ body: string }[]>`SELECT body FROM events WHERE id = ${id}`;
    expectCompact(row!.body);
    expect(JSON.parse(row!.body).data.metadata).toEqual(TRICKY);
    // Then the worker's status change keeps that data text and rewrites the head.
    await drainQueue();
    const [after] = await db().$queryRaw<{ body: string; status: string }[]>`SELECT body, status FROM events WHERE id = ${id}`;
    expectCompact(after!.body);
    expect(JSON.parse(after!.body)).toMatchObject({ id, status: after!.status, data: { metadata: TRICKY } });
  });
});
