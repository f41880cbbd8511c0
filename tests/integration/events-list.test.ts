// GET /v1/webhooks/events: filters, their 400s, keyset paging, cursors bound to their query.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as list } from "@/app/v1/webhooks/events/route";
import { EVERY_MERCHANT } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { listEventsQuery } from "@/lib/events/event-contract";
import { listEventsStatement } from "@/lib/events/list/list-events";
import { newId } from "@/lib/ids";
import { call, userWithTokens } from "../support/api";
import { ingestEvents, setCreatedAt } from "../support/events";

let reader: string;
let ingester: string;

beforeAll(async () => {
  reader = (await userWithTokens("viewer")).accessToken;
  ingester = (await userWithTokens("ingest")).accessToken;
});

const tag = () => `m-${randomBytes(5).toString("hex")}`;
const get = (query: string, token = reader) => call(list, `/v1/webhooks/events?${query}`, { token });

async function pageThrough(query: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status).toBe(200);
    expect(res.json.metadata.limit).toBe(limit);
    seen.push(...res.json.data.map((e: { id: string }) => e.id));
    cursor = res.json.metadata.cursor;
    expect(res.json.metadata.has_more).toBe(cursor !== null);
    pages++;
  } while (cursor && pages < 1000);
  return seen;
}

describe("paging", () => {
  it("returns each of 100 events exactly once with limit 7, both ways, with 30 sharing one timestamp", async () => {
    const merchant = tag();
    const ids = await ingestEvents(ingester, 100, () => ({ merchantId: merchant }));
    const base = Date.parse("2026-03-10T12:00:00.000Z");
    // Events 40..69 share one millisecond; the rest are a second apart. The tie spans five pages
    // and starts inside a page both ways (after 30 newer events, and after 40 older ones).
    const at = (i: number) => (i >= 40 && i < 70 ? base + 40_000 : base + i * 1000);
    await setCreatedAt(ids, (i) => new Date(at(i)));

    const desc = await pageThrough(`merchant_id=${merchant}&sort=DESC`, 7);
    const newestFirst = ids
      .map((id, i) => ({ id, at: at(i) }))
      .sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1))
      .map((e) => e.id);
    expect(desc).toEqual(newestFirst);
    const asc = await pageThrough(`merchant_id=${merchant}&sort=asc`, 7);
    expect(asc).toEqual([...desc].reverse());
    expect(new Set(asc)).toEqual(new Set(ids));
  });

  it("neither repeats nor skips when new events arrive between pages", async () => {
    const merchant = tag();
    const ids = await ingestEvents(ingester, 30, () => ({ merchantId: merchant }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const res = await get(`merchant_id=${merchant}&limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...res.json.data.map((e: { id: string }) => e.id));
      cursor = res.json.metadata.cursor;
      // Newer events land before the cursor's position in DESC order: never on later pages.
      added += (await ingestEvents(ingester, 2, () => ({ merchantId: merchant }))).length;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect(added).toBeGreaterThan(0);
  });

  it("ends with cursor null and has_more false, and defaults to 20", async () => {
    const merchant = tag();
    await ingestEvents(ingester, 21, () => ({ merchantId: merchant }));
    const first = await get(`merchant_id=${merchant}`);
    expect(first.json.metadata).toMatchObject({ limit: 20, has_more: true });
    expect(first.json.data).toHaveLength(20);
    const last = await get(`merchant_id=${merchant}&cursor=${first.json.metadata.cursor}`);
    expect(last.json.metadata).toEqual({ cursor: null, limit: 20, has_more: false });
    expect(last.json.data).toHaveLength(1);
  });

  it("refuses a cursor reused with other filters or sort, and a tampered one", async () => {
    const merchant = tag();
    await ingestEvents(ingester, 3, () => ({ merchantId: merchant }));
    const first = await get(`merchant_id=${merchant}&limit=1`);
    const cursor: string = first.json.metadata.cursor;
    for (const query of [`merchant_id=${tag()}&limit=1`, `merchant_id=${merchant}&limit=1&sort=ASC&`, `limit=1`]) {
      const res = await get(`${query}&cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.json.errors[0].field).toBe("cursor");
    }
    // The signature is the last 22 characters of the cursor.
    const [payload, signature] = [cursor.slice(0, -22), cursor.slice(-22)];
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString());
    decoded[1] = "0000000000000000000a";
    const tampered = `${Buffer.from(JSON.stringify(decoded)).toString("base64url")}${signature}`;
    for (const bad of [tampered, "garbage", `${cursor}x`, "a.b.c"]) {
      const res = await get(`merchant_id=${merchant}&limit=1&cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("invalid_cursor");
    }
    // The same limit is not part of the binding: a page size may change between pages.
    expect((await get(`merchant_id=${merchant}&limit=2&cursor=${cursor}`)).status).toBe(200);
  });
});

describe("filters", () => {
  it("filters by each lifted column and by q", async () => {
    const merchant = tag();
    const ids = await ingestEvents(ingester, 6, (i) => ({
      merchantId: merchant,
      terminalId: `t-${merchant}-${i % 2}`,
      acquirerName: i % 3 === 0 ? "rede" : "cielo",
      ...(i === 5
        ? {
            paymentMethod: "pix",
            cardData: null,
            productAid: null,
            transactionStatus: "denied",
            authorizationCode: null,
            acquirerResponseCode: "51",
          }
        : {}),
    }));
    const count = async (q: string) => (await get(`merchant_id=${merchant}&${q}`)).json.data.length;
    expect(await count(`terminal_id=t-${merchant}-0`)).toBe(3);
    expect(await count("acquirer_name=rede")).toBe(2);
    expect(await count("payment_method=pix")).toBe(1);
    expect(await count("transaction_status=denied")).toBe(1);
    expect(await count("type=payment.completed")).toBe(6);
    expect(await count("type=payment.refunded")).toBe(0);
    expect(await count(`q=${ids[2]}`)).toBe(1);

    const one = (await get(`merchant_id=${merchant}&q=${ids[1]}`)).json.data[0];
    expect((await get(`q=${one.data.retrievalReferenceNumber}`)).json.data.map((e: { id: string }) => e.id)).toContain(ids[1]);
    expect((await get(`merchant_id=${merchant}&q=${one.data.authorizationCode}`)).json.data[0].id).toBe(ids[1]);
    expect(
      (await get(`merchant_id=${merchant}&q=${one.data.cardData.last4}`)).json.data.map((e: { id: string }) => e.id),
    ).toContain(ids[1]);
  });

  it("filters by one or several statuses", async () => {
    const merchant = tag();
    const ids = await ingestEvents(ingester, 3, () => ({ merchantId: merchant }));
    await db().$executeRaw`UPDATE events SET status = 'failed' WHERE id = ${ids[0]}`;
    await db().$executeRaw`UPDATE events SET status = 'processed' WHERE id = ${ids[1]}`;
    await db().$executeRaw`UPDATE events SET status = 'pending' WHERE id = ${ids[2]}`;
    const statuses = async (q: string) =>
      (await get(`merchant_id=${merchant}&status=${q}`)).json.data.map((e: { status: string }) => e.status).sort();
    expect(await statuses("failed")).toEqual(["failed"]);
    expect(await statuses("failed,processed")).toEqual(["failed", "processed"]);
    expect(await statuses("pending,failed,processed")).toEqual(["failed", "pending", "processed"]);
  });

  it("filters by failure reason, in the list and in the CSV export alike", async () => {
    const { GET: exportCsv } = await import("@/app/v1/webhooks/events/export/route");
    const merchant = tag();
    const ids = await ingestEvents(ingester, 4, () => ({ merchantId: merchant }));
    await db()
      .$executeRaw`UPDATE events SET status = 'failed', failure_reason = 'no_matching_credential' WHERE id IN (${ids[0]}, ${ids[1]})`;
    await db().$executeRaw`UPDATE events SET status = 'failed', failure_reason = 'credential_disabled' WHERE id = ${ids[2]}`;
    await db().$executeRaw`UPDATE events SET status = 'processed', failure_reason = NULL WHERE id = ${ids[3]}`;
    const listed = async (q: string) =>
      (await get(`merchant_id=${merchant}&${q}`)).json.data.map((e: { id: string }) => e.id).sort();
    expect(await listed("failure_reason=no_matching_credential")).toEqual([ids[0], ids[1]].sort());
    expect(await listed("status=failed&failure_reason=credential_disabled")).toEqual([ids[2]]);
    expect(await listed("status=processed&failure_reason=credential_disabled")).toEqual([]);
    const csv = await call(
      exportCsv,
      `/v1/webhooks/events/export?merchant_id=${merchant}&failure_reason=no_matching_credential`,
      {
        token: reader,
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split("\r\n")).toHaveLength(3); // the header and two events
  });

  it("takes created_at as a whole UTC day, and the range forms with dates or offsets", async () => {
    const merchant = tag();
    const ids = await ingestEvents(ingester, 4, () => ({ merchantId: merchant }));
    const at = ["2026-05-01T23:59:59.999Z", "2026-05-02T00:00:00.000Z", "2026-05-02T23:59:59.999Z", "2026-05-03T00:00:00.000Z"];
    await setCreatedAt(ids, (i) => new Date(at[i]!));
    const found = async (q: string) =>
      (await get(`merchant_id=${merchant}&sort=asc&${q}`)).json.data.map((e: { id: string }) => ids.indexOf(e.id));
    expect(await found("created_at=2026-05-02")).toEqual([1, 2]);
    expect(await found("created_at[gte]=2026-05-02")).toEqual([1, 2, 3]);
    expect(await found("created_at[gt]=2026-05-02")).toEqual([3]);
    expect(await found("created_at[lt]=2026-05-02")).toEqual([0]);
    expect(await found("created_at[lte]=2026-05-02")).toEqual([0, 1, 2]);
    expect(await found(`created_at[gte]=${encodeURIComponent("2026-05-01T21:00:00-03:00")}`)).toEqual([1, 2, 3]);
    expect(await found(`created_at[gt]=${encodeURIComponent("2026-05-02T00:00:00Z")}&created_at[lt]=2026-05-03`)).toEqual([2]);
    expect(await found(`created_at[lte]=${encodeURIComponent("2026-05-02T00:00:00.000Z")}`)).toEqual([0, 1]);
  });

  it("shows timestamps as ISO 8601 UTC with milliseconds and the seed's Event fields", async () => {
    const merchant = tag();
    await ingestEvents(ingester, 1, () => ({ merchantId: merchant }));
    const [event] = (await get(`merchant_id=${merchant}`)).json.data;
    // The seed's fields, and why it failed (null unless failed).
    expect(Object.keys(event).sort()).toEqual(["createdAt", "data", "failureReason", "id", "status", "type", "updatedAt"]);
    expect(event.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(event.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it.each([
    ["status=done", "status"],
    ["status=pending,", "status"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=1.5", "limit"],
    ["sort=sideways", "sort"],
    ["order_by=amount", "order_by"],
    ["created_at=2026-02-30", "created_at"],
    ["created_at=yesterday", "created_at"],
    ["created_at[gte]=2026-05-01T10:00:00", "created_at[gte]"],
    ["created_at[lt]=nope", "created_at[lt]"],
    ["acquirer_name=visa", "acquirer_name"],
    ["payment_method=cash", "payment_method"],
    ["transaction_status=ok", "transaction_status"],
    ["failure_reason=", "failure_reason"],
    ["colour=red", "colour"],
    ["limit=5&limit=6", "limit"],
  ])("refuses %s with 400 naming %s", async (query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  // Small defects found by trying the API.
  it("takes enum values in any case, like sort", async () => {
    const merchant = tag();
    await ingestEvents(ingester, 2, () => ({ merchantId: merchant, acquirerName: "cielo", paymentMethod: "credit_card" }));
    const lower = (await get(`merchant_id=${merchant}&status=pending,failed,processed`)).json.data.length;
    const upper = await get(
      `merchant_id=${merchant}&status=PENDING,Failed,processed&acquirer_name=CIELO&payment_method=Credit_Card&sort=ASC`,
    );
    expect(upper.status).toBe(200);
    expect(upper.json.data).toHaveLength(lower);
    expect(lower).toBe(2);
  });

  it("refuses an inverted or empty created_at range with 400 naming both bounds", async () => {
    for (const [query, fields] of [
      ["created_at[gte]=2026-05-03&created_at[lt]=2026-05-02", ["created_at[gte]", "created_at[lt]"]],
      ["created_at[gt]=2026-05-02&created_at[lte]=2026-05-02", ["created_at[gt]", "created_at[lte]"]],
      ["created_at=2026-05-02&created_at[lt]=2026-05-01", ["created_at", "created_at[lt]"]],
    ] as const) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(res.json.code).toBe("validation_failed");
      expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual(fields);
    }
    expect((await get("created_at[gte]=2026-05-02&created_at[lte]=2026-05-02")).status).toBe(200);
  });

  it("answers an empty cursor with a message of its own, and issues cursors of pure base64url", async () => {
    const empty = await get("cursor=");
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([{ field: "cursor", message: expect.stringContaining("omit it for the first page") }]);
    const merchant = tag();
    await ingestEvents(ingester, 3, () => ({ merchantId: merchant }));
    const first = await get(`merchant_id=${merchant}&limit=1`);
    expect(first.json.metadata.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const next = await get(`merchant_id=${merchant}&limit=1&cursor=${first.json.metadata.cursor}`);
    expect(next.status).toBe(200);
    expect(next.json.data[0].id).not.toBe(first.json.data[0].id);
    const dotted = await get(`merchant_id=${merchant}&limit=1&cursor=${first.json.metadata.cursor}.x`);
    expect(dotted.json.code).toBe("invalid_cursor");
  });

  it("is readable by viewers, operators and admins, not by ingest tokens", async () => {
    expect((await get("limit=1", ingester)).status).toBe(403);
    for (const role of ["operator", "admin"] as const) {
      expect((await get("limit=1", (await userWithTokens(role)).accessToken)).status).toBe(200);
    }
  });
});

describe("query plans", () => {
  // PostgreSQL plans a `LIMIT $n` as a tenth of the table, so a page statement that bound its
  // limit never got a generic plan at 1,000,000 events: it was planned again on every request
  // (custom_plans grew with each execution, generic_plans stayed 0). The first page, the most
  // requested, now has no parameter at all: it is planned once per connection.
  it("plans the first page's statement once per connection, not on every request", async () => {
    const { text, values } = listEventsStatement(listEventsQuery.parse({}), undefined, EVERY_MERCHANT);
    expect(values).toEqual([]);
    const plans = await db().$transaction(async (tx) => {
      // One connection for the whole test: prepared statements live in a session.
      await tx.$executeRawUnsafe(`PREPARE events_page_plan_probe AS ${text}`);
      for (let i = 0; i < 8; i++) await tx.$queryRawUnsafe("EXECUTE events_page_plan_probe");
      const rows = await tx.$queryRawUnsafe<{ generic: number; custom: number }[]>(
        "SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = 'events_page_plan_probe'",
      );
      await tx.$executeRawUnsafe("DEALLOCATE events_page_plan_probe");
      return rows[0]!;
    });
    expect(plans).toEqual({ generic: 8, custom: 0 });
  });
});

// Operators hold the acquirer's MID and TID (printed on a receipt or a
// failed event), the terminal's serial number, the merchant's CNPJ and name, not our ids.
describe("finding events by the partner's identifiers", () => {
  it("filters by MID, TID, serial number, tax id (masked or not) and merchant name, and q finds MID, TID and serial", async () => {
    const merchantName = `Padaria Estrela ${randomBytes(3).toString("hex")}`;
    const merchant = await db().merchant.create({
      data: { id: newId(), name: merchantName, taxId: randomBytes(7).toString("hex") },
    });
    const mid = `MID${randomBytes(4).toString("hex").toUpperCase()}`;
    const tid = `T${randomBytes(3).toString("hex").toUpperCase()}X`;
    const serial = `SN${randomBytes(5).toString("hex").toUpperCase()}`;
    const taxId = "11222333000181";
    const [mine, other] = await ingestEvents(ingester, 2, (i) =>
      i === 0
        ? {
            merchantId: merchant.id,
            acquirerMerchantIdentifier: mid,
            acquirerTerminalIdentifier: tid,
            terminalSerialNumber: serial,
            merchantTaxId: "11.222.333/0001-81",
          }
        : { acquirerMerchantIdentifier: mid },
    );
    const ids = async (query: string) => (await get(query)).json.data.map((e: { id: string }) => e.id).sort();
    expect(await ids(`acquirer_merchant_id=${mid}`)).toEqual([mine, other].sort());
    expect(await ids(`acquirer_terminal_id=${tid}`)).toEqual([mine]);
    expect(await ids(`terminal_serial_number=${serial}`)).toEqual([mine]);
    expect(await ids(`merchant_tax_id=${taxId}&acquirer_terminal_id=${tid}`)).toEqual([mine]);
    expect(await ids(`merchant_tax_id=${encodeURIComponent("11.222.333/0001-81")}&acquirer_terminal_id=${tid}`)).toEqual([mine]);
    expect(await ids(`merchant_name=${encodeURIComponent(merchantName.slice(8).toUpperCase())}`)).toEqual([mine]);
    expect(await ids(`merchant_name=${encodeURIComponent("100%_")}`)).toEqual([]);
    for (const q of [tid, serial]) expect(await ids(`q=${q}`)).toEqual([mine]);
    expect(await ids(`q=${mid}`)).toEqual([mine, other].sort());
    const bad = await get("merchant_tax_id=123");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe("merchant_tax_id");
  });
});
