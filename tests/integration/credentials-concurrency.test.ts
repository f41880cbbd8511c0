// POST /v1/credentials under retries and races: Idempotency-Key replay, reuse, in-flight and
// expiry, keys scoped to the caller, and the duplicate rule under twenty concurrent creates.
// These matter most on a PostgreSQL server (TEST_DATABASE_URL), where requests truly overlap.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/v1/auth/route";
import { POST as create } from "@/app/v1/credentials/route";
import { POST as createMerchant } from "@/app/v1/merchants/route";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db/client";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { call, TEST_PASSWORD, userWithTokens } from "../support/api";

type Tokens = Awaited<ReturnType<typeof userWithTokens>>;
let operator: Tokens;
const CIELO = { providerId: "dc15tmpgq2119g3lglc0", providerName: "cielo" };

beforeAll(async () => {
  operator = await userWithTokens("operator");
});

const alnum = (n: number) => randomBytes(n).toString("hex").toUpperCase().slice(0, n);
const newKey = () => `key-${randomBytes(12).toString("hex")}`;

async function newMerchant(): Promise<string> {
  const res = await call(createMerchant, "/v1/merchants", {
    body: { name: `Loja ${alnum(6)}`, taxId: generateCnpj() },
    token: operator.accessToken,
  });
  return res.json.id;
}

function cieloBody(merchantId: string) {
  return {
    merchantId,
    ...CIELO,
    authenticationData: { merchantIdentifier: alnum(12), terminalIdentifier: alnum(8) },
  };
}

const post = (body: unknown, options: { key?: string; token?: string } = {}) =>
  call(create, "/v1/credentials", {
    body,
    token: options.token ?? operator.accessToken,
    headers: options.key === undefined ? {} : { "idempotency-key": options.key },
  });

const credentialsOf = (merchantId: string) => db().credential.count({ where: { merchantId } });

/** A refusal: its status and its problem code. */
function expectProblem(res: Awaited<ReturnType<typeof post>>, status: number, code: string) {
  expect(res.status, code).toBe(status);
  expect(res.json.code).toBe(code);
}

/** The operator's stored key where its row is changed behind the API's back (a lost response, a stale claim). */
const storedKey = (key: string) => ({ userId_key: { userId: operator.user.id, key } });
const changeStoredKey = (key: string, data: Prisma.IdempotencyKeyUpdateInput) =>
  db().idempotencyKey.update({ where: storedKey(key), data });

describe("Idempotency-Key", () => {
  it("replays the first response (status, body, Location) with Idempotent-Replayed: true", async () => {
    const merchantId = await newMerchant();
    const key = newKey();
    const body = cieloBody(merchantId);
    const first = await post(body, { key });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post(body, { key });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.headers.get("content-type")).toBe("application/json");
    expect(again.json).toEqual(first.json);
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const third = await post(reordered, { key });
    expect(third.headers.get("idempotent-replayed")).toBe("true");
    expect(third.json.id).toBe(first.json.id);
    expect(await credentialsOf(merchantId)).toBe(1);
  });

  // Found by the first security review: a replay answered without the role check, so a user
  // demoted to viewer could read a credential's creation response (its secrets in full) again.
  it("checks the caller's right before replaying", async () => {
    const demoted = await userWithTokens("operator");
    const merchantId = await newMerchant();
    const key = newKey();
    const body = cieloBody(merchantId);
    expect((await post(body, { key, token: demoted.accessToken })).status).toBe(201);
    await db().user.update({ where: { id: demoted.user.id }, data: { role: "viewer" } });
    const viewerToken = await call(signIn, "/v1/auth", {
      body: { username: demoted.username, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": "10.77.0.1" },
    });
    expect(viewerToken.status).toBe(200);
    const replay = await post(body, { key, token: viewerToken.json.access_token });
    expectProblem(replay, 403, "insufficient_scope");
    expect(replay.text).not.toContain(body.authenticationData.terminalIdentifier);
  });

  it("keeps the recorded response (secrets in full) encrypted, bound to its user and key", async () => {
    const merchantId = await newMerchant();
    const key = newKey();
    const clientSecret = `sk_${randomBytes(16).toString("hex")}`;
    const body = {
      merchantId,
      providerId: "dc15tmpgq2119g3lgle0",
      providerName: "pagseguro",
      authenticationData: { clientId: `ps_live_${alnum(10)}`, clientSecret },
    };
    const first = await post(body, { key });
    expect(first.json.authenticationData.clientSecret).toBe(clientSecret);
    const where = { userId_key: { userId: operator.user.id, key } };
    const row = await db().idempotencyKey.findUniqueOrThrow({ where });
    expect(JSON.stringify(row)).not.toContain(clientSecret);
    expect((await post(body, { key })).json).toEqual(first.json);

    // A sealed response moved to another key does not open: the key answers 409, never a 500.
    const otherKey = newKey();
    const otherBody = cieloBody(merchantId);
    expect((await post(otherBody, { key: otherKey })).status).toBe(201);
    await changeStoredKey(otherKey, { responseBody: row.responseBody });
    const unreadable = await post(otherBody, { key: otherKey });
    expectProblem(unreadable, 409, "idempotency_response_unavailable");
  });

  it("refuses the same key with another body with 422 idempotency_key_reused", async () => {
    const merchantId = await newMerchant();
    const key = newKey();
    expect((await post(cieloBody(merchantId), { key })).status).toBe(201);
    const other = await post(cieloBody(merchantId), { key });
    expectProblem(other, 422, "idempotency_key_reused");
    expect(await credentialsOf(merchantId)).toBe(1);
  });

  it("releases the key when the first attempt fails, so a corrected request may use it", async () => {
    const merchantId = await newMerchant();
    const key = newKey();
    const body = cieloBody(merchantId);
    const bad = await post({ ...body, authenticationData: { ...body.authenticationData, terminalIdentifier: "BAD" } }, { key });
    expect(bad.status).toBe(400);
    const unknownMerchant = await post({ ...body, merchantId: "d00000000000000000g0" }, { key });
    expectProblem(unknownMerchant, 422, "merchant_not_found");
    const good = await post(body, { key });
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
  });

  it("scopes keys to the caller", async () => {
    const merchantId = await newMerchant();
    const other = await userWithTokens("operator");
    const key = newKey();
    const mine = await post(cieloBody(merchantId), { key });
    const theirs = await post(cieloBody(merchantId), { key, token: other.accessToken });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.json.id).not.toBe(mine.json.id);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers 409 idempotency_in_flight while the first is unfinished, and takes over an abandoned claim", async () => {
    const merchantId = await newMerchant();
    const key = newKey();
    const body = cieloBody(merchantId);
    expect((await post(body, { key })).status).toBe(201);
    // As if the first request were still running: no response recorded yet.
    await changeStoredKey(key, { responseStatus: null, responseBody: null, responseHeaders: undefined, completedAt: null });
    const inFlight = await post(body, { key });
    expectProblem(inFlight, 409, "idempotency_in_flight");
    expect(inFlight.headers.get("retry-after")).toBe("1");
    // As if its instance had died minutes ago: the key is free again, and the request runs
    // (and meets the credential its first attempt created).
    await changeStoredKey(key, { createdAt: new Date(Date.now() - 10 * 60_000) });
    const takeover = await post(body, { key });
    expectProblem(takeover, 409, "duplicate_credential");
  });

  it("forgets a key after 24 hours", async () => {
    const merchantId = await newMerchant();
    const key = newKey();
    expect((await post(cieloBody(merchantId), { key })).status).toBe(201);
    await changeStoredKey(key, { expiresAt: new Date(Date.now() - 1000) });
    const fresh = await post(cieloBody(merchantId), { key });
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(await credentialsOf(merchantId)).toBe(2);
  });

  it("deletes expired keys as new ones complete", async () => {
    const merchantId = await newMerchant();
    const stale = newKey();
    expect((await post(cieloBody(merchantId), { key: stale })).status).toBe(201);
    await changeStoredKey(stale, { expiresAt: new Date(Date.now() - 1000) });
    expect((await post(cieloBody(merchantId), { key: newKey() })).status).toBe(201);
    expect(await db().idempotencyKey.findUnique({ where: storedKey(stale) })).toBeNull();
  });

  it("refuses a key that is empty, longer than 255 characters or not printable ASCII", async () => {
    const merchantId = await newMerchant();
    for (const key of ["", "k".repeat(256), "clé", "tab\there"]) {
      const res = await post(cieloBody(merchantId), { key });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.json.code).toBe("invalid_idempotency_key");
      expect(res.json.errors).toEqual([{ field: "Idempotency-Key", message: expect.any(String) }]);
    }
    expect((await post(cieloBody(merchantId), { key: "k".repeat(255) })).status).toBe(201);
    expect(await credentialsOf(merchantId)).toBe(1);
  });

  it("creates exactly one credential for twenty concurrent requests with one key", async () => {
    const merchantId = await newMerchant();
    const key = newKey();
    const body = cieloBody(merchantId);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(body, { key })));
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(","),
    ).toBe(true);
    const originals = results.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
    expect(originals).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 201)) expect(r.json.id).toBe(originals[0]!.json.id);
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.code).toBe("idempotency_in_flight");
    expect(await credentialsOf(merchantId)).toBe(1);
    // Once settled, the key replays.
    const later = await post(body, { key });
    expect(later.headers.get("idempotent-replayed")).toBe("true");
    expect(later.json.id).toBe(originals[0]!.json.id);
  });
});

describe("duplicates under concurrency", () => {
  it("gives exactly one 201 for twenty concurrent creates of one provider, MID and TID", async () => {
    const merchantId = await newMerchant();
    const body = cieloBody(merchantId);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(","),
    ).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.code === "duplicate_credential")).toHaveLength(19);
    expect(await credentialsOf(merchantId)).toBe(1);
    expect(
      await db().auditLogEntry.count({
        where: { action: "credential.create", after: { path: ["merchantId"], equals: merchantId } },
      }),
    ).toBe(1);
  });

  it("gives exactly one 201 for twenty concurrent creates that each bring their own key", async () => {
    const merchantId = await newMerchant();
    const body = cieloBody(merchantId);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(body, { key: newKey() })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.code === "duplicate_credential")).toHaveLength(19);
    // The failed attempts released their keys.
    const keys = await db().idempotencyKey.count({ where: { userId: operator.user.id, responseStatus: null } });
    expect(keys).toBe(0);
  });
});
