// Input side: what an attacker or a faulty sender puts at the door. Text PostgreSQL cannot store
// (U+0000, a lone UTF-16 surrogate), bytes that are not UTF-8 (in a body or percent-encoded in a
// query string), dates outside its range, duplicate JSON member names, "__proto__" keys and huge
// query values: each is refused with 400 naming the field, or stored as sent; never a 500, never
// a silent change (such as U+FFFD in place of a bad byte), and in a batch only the bad item is refused.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as auditLog } from "@/app/v1/audit-log/route";
import { PATCH as patchCredential } from "@/app/v1/credentials/[id]/route";
import { POST as createCredential } from "@/app/v1/credentials/route";
import { POST as createMerchant } from "@/app/v1/merchants/route";
import { GET as providersRoute } from "@/app/v1/providers/route";
import { PATCH as patchUser } from "@/app/v1/users/[id]/route";
import { POST as createUser } from "@/app/v1/users/route";
import { GET as listDeliveries } from "@/app/v1/webhook-deliveries/route";
import { POST as recover } from "@/app/v1/webhook-endpoints/[id]/recover/route";
import { GET as getEvent } from "@/app/v1/webhooks/events/[id]/route";
import { POST as batch } from "@/app/v1/webhooks/events/batch/route";
import { GET as countEvents } from "@/app/v1/webhooks/events/count/route";
import { GET as exportEvents } from "@/app/v1/webhooks/events/export/route";
import { POST as retryMany } from "@/app/v1/webhooks/events/retry/route";
import { POST as ingest, GET as listEvents } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { call, uniqueName, userWithTokens } from "../support/api";
import { cardEventData } from "../support/event-data";

let admin: string;
beforeAll(async () => {
  admin = (await userWithTokens("admin")).accessToken;
});

const JSON_TYPE = { "content-type": "application/json" };
const fieldsOf = (res: { json: Record<string, any> }) => (res.json.errors ?? []).map((e: { field: string }) => e.field);

/** A read whose query string must be refused: its 400, for the test to check what it names. */
async function refusedQuery(route: Parameters<typeof call>[0], path: string, query: string) {
  const res = await call(route, `${path}?${query}`, { token: admin });
  expect(res.status, `${path}?${query}`).toBe(400);
  return res;
}

async function readEvent(id: string) {
  const res = await call(getEvent, `/v1/webhooks/events/${id}`, { token: admin, params: { id } });
  expect(res.status).toBe(200);
  return res.json;
}

/** A valid body for POST /v1/credentials: a new merchant's cielo credential. */
async function cieloCredential() {
  const providers = await call(providersRoute, "/v1/providers", { token: admin });
  const cielo = providers.json.data.find((p: { name: string }) => p.name === "cielo");
  const owner = await call(createMerchant, "/v1/merchants", {
    body: { name: uniqueName("Loja"), taxId: generateCnpj() },
    token: admin,
  });
  expect(owner.status).toBe(201);
  return {
    merchantId: owner.json.id,
    providerId: cielo.id,
    providerName: "cielo",
    authenticationData: { merchantIdentifier: "123456789012", terminalIdentifier: "12345678" },
  };
}

describe("text PostgreSQL cannot store: lone UTF-16 surrogates and NUL", () => {
  it("refuses only the bad item of a batch and stores the others", async () => {
    const a = cardEventData();
    const b = cardEventData();
    (b.cardData as Record<string, unknown>).holderName = "\ud800";
    const c = cardEventData();
    const res = await call(batch, "/v1/webhooks/events/batch", { body: { events: [a, b, c] }, token: admin });
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({ created: 2, duplicate: 0, invalid: 1 });
    const [first, bad, third] = res.json.data;
    expect(bad).toMatchObject({ index: 1, result: "invalid", id: null });
    expect(bad.errors).toEqual([{ field: "events.1.cardData.holderName", message: expect.stringContaining("surrogate") }]);
    expect((await readEvent(first.id)).data.terminalId).toBe(a.terminalId);
    expect((await readEvent(third.id)).data.terminalId).toBe(c.terminalId);
  });

  it("refuses one anywhere in a notification with 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cardData: { ...cardEventData().cardData, holderName: "MARIA \udc00" } }, "cardData.holderName"],
      [{ metadata: { note: "a\ud800b" } }, "metadata.note"],
      [{ metadata: { "k\ud83d": "v" } }, "metadata.k\ud83d"],
      [{ terminalSerialNumber: "SN\ud800" }, "terminalSerialNumber"],
    ];
    for (const [override, field] of cases) {
      const res = await call(ingest, "/v1/webhooks/events", { body: cardEventData(override), token: admin });
      expect(res.status, field).toBe(400);
      expect(res.json.errors).toEqual([{ field, message: expect.stringContaining("surrogate") }]);
    }
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await call(ingest, "/v1/webhooks/events", {
      body: cardEventData({ metadata: { note: "pago \ud83d\ude00" } }),
      token: admin,
    });
    expect(emoji.status).toBe(202);
  });

  it("never stores U+FFFD in place of a lone surrogate (a merchant's name), nor takes one in a credential or filter", async () => {
    const merchant = await call(createMerchant, "/v1/merchants", {
      body: { name: "A\ud800B", taxId: generateCnpj() },
      token: admin,
    });
    expect(merchant.status).toBe(400);
    expect(merchant.json.errors).toEqual([{ field: "name", message: expect.stringContaining("surrogate") }]);

    const credential = await call(createCredential, "/v1/credentials", { body: await cieloCredential(), token: admin });
    expect(credential.status).toBe(201);
    const id = credential.json.id;
    const patched = await call(patchCredential, `/v1/credentials/${id}`, {
      method: "PATCH",
      body: { additionalData: { softDescriptor: "x\udbff" } },
      token: admin,
      params: { id },
    });
    expect(patched.status).toBe(400);
    expect(patched.json.errors).toEqual([
      { field: "additionalData.softDescriptor", message: expect.stringContaining("surrogate") },
    ]);

    const retry = await call(retryMany, "/v1/webhooks/events/retry", {
      body: { filters: { merchant_id: "m\ud800" } },
      token: admin,
    });
    expect(retry.status).toBe(400);
    expect(retry.json.errors).toEqual([{ field: "filters.merchant_id", message: expect.stringContaining("surrogate") }]);
  });
});

/** Where `withBytes` puts the bytes: inside a string of the JSON text. */
const MARK = "@@not-utf8@@";

/** The JSON text of `value` as UTF-8, with `bytes` in place of MARK. */
function withBytes(value: unknown, bytes: number[]): Uint8Array<ArrayBuffer> {
  const parts = JSON.stringify(value).split(MARK);
  expect(parts).toHaveLength(2);
  return Buffer.concat([Buffer.from(parts[0]!), Buffer.from(bytes), Buffer.from(parts[1]!)]);
}

const NOT_UTF8 = expect.stringContaining("not valid UTF-8");

/** A notification whose card holder's name is `name`. */
function holderNamed(name: string) {
  const data = cardEventData();
  (data.cardData as Record<string, unknown>).holderName = name;
  return data;
}

describe("bytes that are not UTF-8", () => {
  it("refuses a merchant whose name holds them (400 naming the field) instead of storing U+FFFD", async () => {
    const taxId = generateCnpj();
    // "bad" then 0xFF, 0xFE (never UTF-8) and 0xC0 (an overlong lead).
    const raw = withBytes({ name: `bad${MARK}`, taxId }, [0xff, 0xfe, 0xc0]);
    const res = await call(createMerchant, "/v1/merchants", { rawBody: raw, headers: JSON_TYPE, token: admin });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ field: "name", message: NOT_UTF8 }]);
    expect(await db().merchant.findUnique({ where: { taxId } })).toBeNull();

    // Bytes outside any string: not JSON, and the answer says why.
    const outside = Buffer.concat([Buffer.from(JSON.stringify({ name: "ok", taxId })), Buffer.from([0xff])]);
    const malformed = await call(createMerchant, "/v1/merchants", { rawBody: outside, headers: JSON_TYPE, token: admin });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ code: "malformed_json", detail: expect.stringContaining("not valid UTF-8") });

    // U+FFFD itself, sent as UTF-8, is text like any other.
    const replacement = await call(createMerchant, "/v1/merchants", { body: { name: "bad\ufffd", taxId }, token: admin });
    expect(replacement.status).toBe(201);
    expect(replacement.json.name).toBe("bad\ufffd");
  });

  it("refuses a notification holding a Latin-1 byte with 400 naming the field, and stores nothing", async () => {
    // "JOÃO" in Latin-1: 0xC3 followed by "O" is not UTF-8.
    const data = holderNamed(`JO${MARK}O`);
    const res = await call(ingest, "/v1/webhooks/events", { rawBody: withBytes(data, [0xc3]), headers: JSON_TYPE, token: admin });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ field: "cardData.holderName", message: NOT_UTF8 }]);
    // In a key: the field named with each bad byte as U+DC00 + byte.
    const keyed = cardEventData({ metadata: { [`caf${MARK}`]: "x" } });
    const key = await call(ingest, "/v1/webhooks/events", {
      rawBody: withBytes(keyed, [0xe9]),
      headers: JSON_TYPE,
      token: admin,
    });
    expect(key.status).toBe(400);
    expect(key.json.errors).toEqual([{ field: "metadata.caf\udce9", message: NOT_UTF8 }]);
    for (const sent of [data, keyed]) {
      const list = await call(listEvents, `/v1/webhooks/events?merchant_id=${sent.merchantId}`, { token: admin });
      expect(list.status).toBe(200);
      expect(list.json.data).toEqual([]);
    }
  });

  it("refuses only the item of a batch that holds them and stores the others", async () => {
    const a = cardEventData();
    const b = holderNamed(`JO${MARK}O`);
    const c = cardEventData();
    const res = await call(batch, "/v1/webhooks/events/batch", {
      rawBody: withBytes({ events: [a, b, c] }, [0xc3]),
      headers: JSON_TYPE,
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({ created: 2, duplicate: 0, invalid: 1 });
    const [first, bad, third] = res.json.data;
    expect(bad).toMatchObject({ index: 1, result: "invalid", id: null });
    expect(bad.errors).toEqual([{ field: "events.1.cardData.holderName", message: NOT_UTF8 }]);
    expect((await readEvent(first.id)).data.terminalId).toBe(a.terminalId);
    expect((await readEvent(third.id)).data.terminalId).toBe(c.terminalId);
    const list = await call(listEvents, `/v1/webhooks/events?merchant_id=${b.merchantId}`, { token: admin });
    expect(list.json.data).toEqual([]);
  });

  it("refuses a query parameter whose percent-encoded bytes are not UTF-8, by name", async () => {
    const refused = [
      ["merchant_name=%FF", "merchant_name"],
      ["merchant_name=Jo%E3o", "merchant_name"], // Latin-1 "João"
      ["merchant_name=%ED%A0%80", "merchant_name"], // U+D800 (CESU-8): no UTF-8 has it
      ["merchant_name=%C0%AF", "merchant_name"], // overlong "/"
      ["limit=10&merchant_name=a+b%F0%9F%98", "merchant_name"], // an emoji cut short
      ["%FF=1", "%FF"], // the name itself, named as sent
    ] as const;
    for (const [route, path] of [
      [listEvents, "/v1/webhooks/events"],
      [countEvents, "/v1/webhooks/events/count"],
    ] as const) {
      for (const [query, field] of refused) {
        const res = await refusedQuery(route, path, query);
        expect(res.json.errors, `${path}?${query}`).toEqual([{ field, message: NOT_UTF8 }]);
      }
      // UTF-8 (U+FFFD itself included), "+" for a space and a "%" that starts no escape are taken.
      for (const query of ["merchant_name=Jo%C3%A3o", "merchant_name=a%EF%BF%BD", "merchant_name=a+b", "merchant_name=100%"]) {
        const res = await call(route, `${path}?${query}`, { token: admin });
        expect(res.status, `${path}?${query}`).toBe(200);
      }
    }
  });
});

describe("dates outside PostgreSQL's range", () => {
  it("refuses them on the events list, count and export with 400 naming the parameter", async () => {
    const cases = [
      ["created_at=0000-01-01", "created_at"],
      ["created_at[gte]=0000-06-01", "created_at[gte]"],
      ["created_at[gt]=9999-12-31", "created_at[gt]"],
      ["created_at[lte]=9999-12-31T23:59:59.9999Z", "created_at[lte]"],
      ["created_at[gte]=0001-01-01T00:00:00%2B01:00", "created_at[gte]"],
    ] as const;
    for (const [route, path] of [
      [listEvents, "/v1/webhooks/events"],
      [countEvents, "/v1/webhooks/events/count"],
      [exportEvents, "/v1/webhooks/events/export"],
    ] as const) {
      for (const [query, field] of cases) {
        expect(fieldsOf(await refusedQuery(route, path, query)), `${path}?${query}`).toEqual([field]);
      }
    }
    // The range's own ends are fine.
    const ends = await call(listEvents, "/v1/webhooks/events?created_at[gte]=0001-01-01&created_at[lte]=9999-12-30", {
      token: admin,
    });
    expect(ends.status).toBe(200);
  });

  it("refuses them on deliveries, the audit log, bulk retry and recover", async () => {
    const deliveries = await call(listDeliveries, "/v1/webhook-deliveries?created_at[lt]=0000-01-01T00:00:00Z", {
      token: admin,
    });
    expect(deliveries.status).toBe(400);
    expect(fieldsOf(deliveries)).toEqual(["created_at[lt]"]);
    const audit = await call(auditLog, "/v1/audit-log?created_at[lt]=0000-01-01T00:00:00Z", { token: admin });
    expect(audit.status).toBe(400);
    expect(fieldsOf(audit)).toEqual(["created_at[lt]"]);
    const retry = await call(retryMany, "/v1/webhooks/events/retry", {
      body: { filters: { created_at: "0000-01-01" } },
      token: admin,
    });
    expect(retry.status).toBe(400);
    expect(fieldsOf(retry)).toEqual(["filters.created_at"]);
    const id = randomUUID();
    const recovered = await call(recover, `/v1/webhook-endpoints/${id}/recover`, {
      body: { since: "0000-01-01T00:00:00Z" },
      token: admin,
      params: { id },
    });
    expect(recovered.status).toBe(400);
    expect(fieldsOf(recovered)).toEqual(["since"]);
  });
});

describe("duplicate JSON member names (RFC 7493 I-JSON)", () => {
  it("refuses an object naming a member twice, with the member's path, instead of taking the last", async () => {
    const username = uniqueName("dup");
    const created = await call(createUser, "/v1/users", { body: { username, role: "viewer" }, token: admin });
    expect(created.status).toBe(201);
    const id = created.json.user.id;
    const res = await call(patchUser, `/v1/users/${id}`, {
      method: "PATCH",
      rawBody: '{"role":"viewer","role":"admin"}',
      headers: JSON_TYPE,
      token: admin,
      params: { id },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(["role"]);
    expect((await db().user.findUniqueOrThrow({ where: { id } })).role).toBe("viewer");

    // Nested, and spelled differently: "\u0068olderName" is holderName.
    const text = JSON.stringify(cardEventData()).replace('"holderName":', '"holderName":"X","\\u0068olderName":');
    const event = await call(ingest, "/v1/webhooks/events", { rawBody: text, headers: JSON_TYPE, token: admin });
    expect(event.status).toBe(400);
    expect(fieldsOf(event)).toEqual(["cardData.holderName"]);
  });

  it("refuses only the item of a batch that holds one; a duplicate in the envelope refuses the body", async () => {
    const [a, b] = [cardEventData(), cardEventData()];
    const bad = JSON.stringify(cardEventData()).replace('"amount":', '"amount":1,"amount":');
    const res = await call(batch, "/v1/webhooks/events/batch", {
      rawBody: `{"events":[${JSON.stringify(a)},${bad},${JSON.stringify(b)}]}`,
      headers: JSON_TYPE,
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({ created: 2, duplicate: 0, invalid: 1 });
    expect(res.json.data[1]).toMatchObject({ result: "invalid", errors: [{ field: "events.1.amount" }] });

    const envelope = await call(batch, "/v1/webhooks/events/batch", {
      rawBody: `{"events":[${JSON.stringify(cardEventData())}],"events":[]}`,
      headers: JSON_TYPE,
      token: admin,
    });
    expect(envelope.status).toBe(400);
    expect(fieldsOf(envelope)).toEqual(["events"]);
  });
});

describe('"__proto__", "constructor" and "prototype" keys', () => {
  it("stores them in metadata as sent and answers them on the detail and the list", async () => {
    const data = cardEventData();
    const metadata = '{"__proto__":"x","a":"b","constructor":"c","prototype":"p"}';
    const text = JSON.stringify(data).replace(/"metadata":\{[^}]*\}/, `"metadata":${metadata}`);
    const res = await call(ingest, "/v1/webhooks/events", { rawBody: text, headers: JSON_TYPE, token: admin });
    expect(res.status).toBe(202);
    // jsonb orders keys its own way: compare the sorted own entries.
    const entries = (value: object) => Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    const expected = entries(JSON.parse(metadata));
    const detail = await readEvent(res.json.id);
    expect(entries(detail.data.metadata)).toEqual(expected);
    const list = await call(listEvents, `/v1/webhooks/events?merchant_id=${data.merchantId}`, { token: admin });
    expect(entries(list.json.data[0].data.metadata)).toEqual(expected);

    const batchText = `{"events":[${JSON.stringify(cardEventData()).replace(/"metadata":\{[^}]*\}/, `"metadata":${metadata}`)}]}`;
    const stored = await call(batch, "/v1/webhooks/events/batch", { rawBody: batchText, headers: JSON_TYPE, token: admin });
    expect(stored.json.summary.created).toBe(1);
    expect(entries((await readEvent(stored.json.data[0].id)).data.metadata)).toEqual(expected);
  });

  it("names a bad __proto__ value like any other, and refuses it where the keys are a provider's fields", async () => {
    const text = JSON.stringify(cardEventData()).replace(/"metadata":\{[^}]*\}/, '"metadata":{"__proto__":{"polluted":true}}');
    const res = await call(ingest, "/v1/webhooks/events", { rawBody: text, headers: JSON_TYPE, token: admin });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(["metadata.__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // A provider's fields: an unknown key, named, where it used to vanish.
    const body = await cieloCredential();
    const text2 = JSON.stringify(body).replace('"authenticationData":{', '"authenticationData":{"__proto__":"x",');
    const credential = await call(createCredential, "/v1/credentials", { rawBody: text2, headers: JSON_TYPE, token: admin });
    expect(credential.status).toBe(400);
    expect(fieldsOf(credential)).toEqual(["authenticationData.__proto__"]);
  });
});

describe("query parameters are bounded", () => {
  it("refuses a value over 1,024 characters by name, even one the filter would take", async () => {
    const status = `${"processed,".repeat(1200)}failed`;
    const res = await call(listEvents, `/v1/webhooks/events?status=${status}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ field: "status", message: expect.stringContaining("1024") }]);
    // Under the reader's bound, the field's own is tighter.
    const repeated = await call(listEvents, `/v1/webhooks/events?status=${"processed,".repeat(10)}failed`, { token: admin });
    expect(repeated.status).toBe(400);
    expect(fieldsOf(repeated)).toEqual(["status"]);
    const name = await call(listEvents, `/v1/webhooks/events?${"x".repeat(5000)}=1`, { token: admin });
    expect(name.status).toBe(400);
    expect(fieldsOf(name)[0].length).toBeLessThan(100);
    const count = await call(countEvents, `/v1/webhooks/events/count?merchant_name=${"a".repeat(2000)}`, { token: admin });
    expect(count.status).toBe(400);
    expect(fieldsOf(count)).toEqual(["merchant_name"]);
  });
});
