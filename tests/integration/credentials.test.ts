// POST/GET/PATCH /v1/credentials: validation against the provider's fields, the exact creation
// response, masking, encryption at rest, duplicates, merge semantics, pages, roles, audit.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne, PATCH as patch } from "@/app/v1/credentials/[id]/route";
import { POST as create, GET as list } from "@/app/v1/credentials/route";
import { POST as createMerchant } from "@/app/v1/merchants/route";
import { GET as providersRoute } from "@/app/v1/providers/route";
import { DecryptionError, decryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { call, userWithTokens } from "../support/api";

type Tokens = Awaited<ReturnType<typeof userWithTokens>>;
type Provider = { id: string; name: string };
let operator: Tokens;
let viewer: Tokens;
let ingest: Tokens;
let providers: Record<string, Provider>;

const SEED_FIELDS = [
  "authenticationData",
  "createdAt",
  "enabled",
  "id",
  "merchantId",
  "providerId",
  "subacquirerId",
  "testMode",
  "updatedAt",
];
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeAll(async () => {
  operator = await userWithTokens("operator");
  viewer = await userWithTokens("viewer");
  ingest = await userWithTokens("ingest");
  const res = await call(providersRoute, "/v1/providers", { token: viewer.accessToken });
  providers = Object.fromEntries(res.json.data.map((p: Provider) => [p.name, p]));
});

const alnum = (n: number) => randomBytes(n).toString("hex").toUpperCase().slice(0, n);

async function newMerchant(): Promise<string> {
  const res = await call(createMerchant, "/v1/merchants", {
    body: { name: `Loja ${alnum(6)}`, taxId: generateCnpj() },
    token: operator.accessToken,
  });
  if (res.status !== 201) throw new Error(`merchant: ${res.status} ${res.text}`);
  return res.json.id;
}

function cieloBody(merchantId: string, overrides: Record<string, unknown> = {}) {
  return {
    merchantId,
    providerId: providers.cielo!.id,
    providerName: "cielo",
    authenticationData: { merchantIdentifier: alnum(12), terminalIdentifier: alnum(8) },
    ...overrides,
  };
}

function pagseguroBody(merchantId: string, overrides: Record<string, unknown> = {}) {
  return {
    merchantId,
    providerId: providers.pagseguro!.id,
    providerName: "pagseguro",
    authenticationData: { clientId: `ps_live_${alnum(10)}`, clientSecret: `sk_${randomBytes(16).toString("hex")}` },
    ...overrides,
  };
}

const post = (body: unknown, token = operator.accessToken) => call(create, "/v1/credentials", { body, token });
const read = (id: string, token = viewer.accessToken) => call(getOne, `/v1/credentials/${id}`, { token, params: { id } });
const change = (id: string, body: unknown, token = operator.accessToken) =>
  call(patch, `/v1/credentials/${id}`, { method: "PATCH", body, token, params: { id } });

async function created(body: unknown) {
  const res = await post(body);
  if (res.status !== 201) throw new Error(`credential: ${res.status} ${res.text}`);
  return res.json;
}

async function storedPlaintext(id: string): Promise<Record<string, string>> {
  const row = await db().credential.findUniqueOrThrow({ where: { id } });
  return JSON.parse(decryptSecret(row.authenticationCiphertext, row.authenticationKeyVersion, row.id));
}

describe("POST /v1/credentials", () => {
  it("creates: 201, Location, exactly the seed's fields, testMode and enabled true, secrets in full", async () => {
    const merchantId = await newMerchant();
    const body = pagseguroBody(merchantId, { status: "pending", additionalData: { softDescriptor: "LOJA ONLINE" } });
    const res = await post(body);
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/v1/credentials/${res.json.id}`);
    expect(Object.keys(res.json).sort()).toEqual(SEED_FIELDS);
    expect(res.json.id).toMatch(/^[0-9a-v]{20}$/);
    expect(res.json).toMatchObject({
      merchantId,
      providerId: providers.pagseguro!.id,
      subacquirerId: "org_payments_platform",
      authenticationData: body.authenticationData,
      testMode: true,
      enabled: true,
    });
    expect(res.json.createdAt).toMatch(ISO_MS);
    expect(res.json.updatedAt).toMatch(ISO_MS);
  });

  it("defaults status to connected and additionalData to {}, which reads show", async () => {
    const credential = await created(cieloBody(await newMerchant()));
    const res = await read(credential.id);
    expect(res.json).toMatchObject({ status: "connected", additionalData: {} });
  });

  it("names each missing required field with a 400", async () => {
    const full = cieloBody(await newMerchant());
    for (const field of ["merchantId", "authenticationData"]) {
      const body: Record<string, unknown> = { ...full };
      delete body[field];
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("validation_failed");
      expect(res.json.errors).toEqual([{ field, message: "is required" }]);
    }
    const { providerId: _id, providerName: _name, ...noProvider } = full;
    const res = await post(noProvider);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ field: "providerId", message: "is required (or providerName)" }]);
    // An empty body names every required field, the provider too, though the others fail first.
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(empty.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ["authenticationData", "merchantId", "providerId"].sort(),
    );
  });

  // Either names the provider; both must agree.
  it("takes the provider by its id or by its name", async () => {
    const { providerName: _name, ...byId } = cieloBody(await newMerchant());
    const createdById = await post(byId);
    expect(createdById.status).toBe(201);
    expect(createdById.json.providerId).toBe(providers.cielo!.id);
    const { providerId: _id, ...byName } = cieloBody(await newMerchant());
    const createdByName = await post(byName);
    expect(createdByName.status).toBe(201);
    expect(createdByName.json.providerId).toBe(providers.cielo!.id);
    const { providerId: _unknownId, ...unknownName } = cieloBody(await newMerchant(), { providerName: "acme" });
    const unknown = await post(unknownName);
    expect(unknown.status).toBe(422);
    expect(unknown.json).toMatchObject({ code: "provider_not_found", errors: [{ field: "providerName" }] });
  });

  it("refuses wrong types, field by field", async () => {
    const full = cieloBody(await newMerchant());
    const cases: [string, unknown][] = [
      ["merchantId", 12],
      ["providerId", null],
      ["providerName", ["cielo"]],
      ["authenticationData", "MID:TID"],
      ["authenticationData", []],
      ["status", "active"],
      ["additionalData", 5],
    ];
    for (const [field, value] of cases) {
      const res = await post({ ...full, [field]: value });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    const wrongValue = await post({ ...full, authenticationData: { merchantIdentifier: 123, terminalIdentifier: "CL000123" } });
    expect(wrongValue.json.errors).toEqual([{ field: "authenticationData.merchantIdentifier", message: "must be a string" }]);
  });

  it("refuses unknown top-level fields by name, testMode and enabled included", async () => {
    const full = cieloBody(await newMerchant());
    const res = await post({ ...full, testMode: false, enabled: false, color: "blue" });
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["color", "enabled", "testMode"]);
  });

  it("answers 413 for a 70 KiB body, 415 for a non-JSON body and 400 for malformed JSON", async () => {
    const merchantId = await newMerchant();
    const huge = cieloBody(merchantId, { additionalData: { softDescriptor: "x".repeat(70 * 1024) } });
    const tooLarge = await post(huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.code).toBe("body_too_large");
    const form = await call(create, "/v1/credentials", {
      rawBody: "merchantId=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      token: operator.accessToken,
    });
    expect(form.status).toBe(415);
    const malformed = await call(create, "/v1/credentials", {
      rawBody: '{"merchantId":',
      headers: { "content-type": "application/json" },
      token: operator.accessToken,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe("malformed_json");
  });

  it("checks authenticationData against the provider's fields: pattern, required, unknown", async () => {
    const merchantId = await newMerchant();
    const badTid = await post(
      cieloBody(merchantId, { authenticationData: { merchantIdentifier: "1020304050", terminalIdentifier: "CL-123" } }),
    );
    expect(badTid.status).toBe(400);
    expect(badTid.json.errors).toEqual([
      { field: "authenticationData.terminalIdentifier", message: expect.stringContaining("must match") },
    ]);
    const missing = await post(cieloBody(merchantId, { authenticationData: { terminalIdentifier: "CL000123" } }));
    expect(missing.json.errors).toEqual([{ field: "authenticationData.merchantIdentifier", message: "is required" }]);
    const unknown = await post(
      cieloBody(merchantId, { authenticationData: { merchantIdentifier: "1", terminalIdentifier: "CL000123", pin: "1234" } }),
    );
    expect(unknown.json.errors).toEqual([{ field: "authenticationData.pin", message: "is not a field of this provider" }]);
    const longMid = await post(
      cieloBody(merchantId, { authenticationData: { merchantIdentifier: "1234567890123456", terminalIdentifier: "CL000123" } }),
    );
    expect(longMid.json.errors[0].field).toBe("authenticationData.merchantIdentifier");
    // Another provider's fields are unknown here.
    const foreign = await post(
      cieloBody(merchantId, { authenticationData: { clientId: "ps_live_7f3a9c21", clientSecret: "x" } }),
    );
    expect(foreign.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "authenticationData.clientId",
      "authenticationData.clientSecret",
      "authenticationData.merchantIdentifier",
      "authenticationData.terminalIdentifier",
    ]);
  });

  it("never echoes a refused secret value", async () => {
    const body = pagseguroBody(await newMerchant());
    const res = await post({ ...body, authenticationData: { ...body.authenticationData, clientSecret: "short!secret" } });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ field: "authenticationData.clientSecret", message: expect.any(String) }]);
    expect(res.text).not.toContain("short!secret");
  });

  it("checks additionalData against the provider's fields and refuses unknown keys", async () => {
    const merchantId = await newMerchant();
    const bad = await post(cieloBody(merchantId, { additionalData: { merchantCategoryCode: "54110", region: "NE" } }));
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual(
      expect.arrayContaining([
        { field: "additionalData.merchantCategoryCode", message: expect.stringContaining("must match") },
        { field: "additionalData.region", message: "is not a field of this provider" },
      ]),
    );
  });

  it("answers 422 for an unknown merchant, an unknown provider, and a provider name that does not match", async () => {
    const merchantId = await newMerchant();
    const noMerchant = await post(cieloBody("d00000000000000000g0"));
    expect(noMerchant.status).toBe(422);
    expect(noMerchant.json).toMatchObject({ code: "merchant_not_found", errors: [{ field: "merchantId" }] });
    const noProvider = await post(cieloBody(merchantId, { providerId: "d00000000000000000g0" }));
    expect(noProvider.status).toBe(422);
    expect(noProvider.json).toMatchObject({ code: "provider_not_found", errors: [{ field: "providerId" }] });
    const mismatch = await post(cieloBody(merchantId, { providerName: "rede" }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.json).toMatchObject({ code: "provider_name_mismatch", errors: [{ field: "providerName" }] });
    const wrongCase = await post(cieloBody(merchantId, { providerName: "Cielo" }));
    expect(wrongCase.json.code).toBe("provider_name_mismatch");
  });

  it("refuses a second enabled credential for one provider, MID and TID with 409 duplicate_credential", async () => {
    const merchantId = await newMerchant();
    const first = await created(cieloBody(merchantId));
    const again = await post(cieloBody(await newMerchant(), { authenticationData: first.authenticationData }));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("duplicate_credential");
    expect(again.json.detail).toContain(first.id);
    // Another TID, or the same pair at another provider, is a different credential.
    const otherTid = await post(
      cieloBody(merchantId, { authenticationData: { ...first.authenticationData, terminalIdentifier: alnum(8) } }),
    );
    expect(otherTid.status).toBe(201);
    const otherProvider = await post(
      cieloBody(merchantId, {
        providerId: providers.rede!.id,
        providerName: "rede",
        authenticationData: first.authenticationData,
      }),
    );
    expect(otherProvider.status).toBe(201);
    // Once the first is disabled the pair is free; re-enabling the first then conflicts.
    expect((await change(first.id, { enabled: false })).status).toBe(200);
    const replacement = await post(cieloBody(merchantId, { authenticationData: first.authenticationData }));
    expect(replacement.status).toBe(201);
    const reenable = await change(first.id, { enabled: true });
    expect(reenable.status).toBe(409);
    expect(reenable.json.code).toBe("duplicate_credential");
    expect((await read(first.id)).json.enabled).toBe(false);
  });

  it("treats one ecommerce clientId as one credential (no terminal)", async () => {
    const body = pagseguroBody(await newMerchant());
    await created(body);
    const again = await post({
      ...body,
      authenticationData: { ...body.authenticationData, clientSecret: `sk_${randomBytes(16).toString("hex")}` },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("duplicate_credential");
  });

  it("leaves no audit entry behind a refused creation", async () => {
    const merchantId = await newMerchant();
    const first = await created(cieloBody(merchantId));
    expect((await post(cieloBody(merchantId, { authenticationData: first.authenticationData }))).status).toBe(409);
    const entries = await db().auditLogEntry.count({
      where: { action: "credential.create", after: { path: ["merchantId"], equals: merchantId } },
    });
    expect(entries).toBe(1);
  });
});

describe("encryption at rest", () => {
  it("stores no plaintext secret, and binds the ciphertext to its row", async () => {
    const body = pagseguroBody(await newMerchant());
    const credential = await created(body);
    const row = await db().credential.findUniqueOrThrow({ where: { id: credential.id } });
    const stored = Buffer.from(row.authenticationCiphertext);
    expect(stored.includes(Buffer.from(body.authenticationData.clientSecret))).toBe(false);
    expect(stored.toString("latin1")).not.toContain(body.authenticationData.clientSecret);
    expect(JSON.stringify(row, (_, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(
      body.authenticationData.clientSecret,
    );
    // The clientId is not secret: kept in clear as the acquirer merchant identifier.
    expect(row.acquirerMerchantIdentifier).toBe(body.authenticationData.clientId);
    expect(row.acquirerTerminalIdentifier).toBe("");
    expect(await storedPlaintext(credential.id)).toEqual(body.authenticationData);
  });

  it("reads a row whose ciphertext was copied from another row as undecryptable, never a 500", async () => {
    const merchantId = await newMerchant();
    const source = await created(pagseguroBody(merchantId));
    const victimBody = pagseguroBody(merchantId);
    const victim = await created(victimBody);
    const sourceRow = await db().credential.findUniqueOrThrow({ where: { id: source.id } });
    await db().credential.update({
      where: { id: victim.id },
      data: { authenticationCiphertext: sourceRow.authenticationCiphertext },
    });
    const victimRow = await db().credential.findUniqueOrThrow({ where: { id: victim.id } });
    expect(() => decryptSecret(victimRow.authenticationCiphertext, victimRow.authenticationKeyVersion, victimRow.id)).toThrow(
      DecryptionError,
    );

    const res = await read(victim.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: victim.id, authenticationData: null, authenticationDataError: "undecryptable" });
    const listed = await call(list, `/v1/credentials?merchantId=${merchantId}`, { token: viewer.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toHaveLength(2);

    // It can still be disabled; merging into it is refused; sending it in full repairs it.
    expect((await change(victim.id, { enabled: false })).json.enabled).toBe(false);
    const partial = await change(victim.id, { authenticationData: { clientSecret: `sk_${randomBytes(16).toString("hex")}` } });
    expect(partial.status).toBe(409);
    expect(partial.json.code).toBe("authentication_data_unreadable");
    const repaired = await change(victim.id, { authenticationData: victimBody.authenticationData });
    expect(repaired.status).toBe(200);
    expect(repaired.json.authenticationData.clientId).toBe(victimBody.authenticationData.clientId);
    expect(repaired.json).not.toHaveProperty("authenticationDataError");
    expect(await storedPlaintext(victim.id)).toEqual(victimBody.authenticationData);
  });
});

describe("GET /v1/credentials/{id}", () => {
  it("masks the provider's secret fields as •••• and the last 4 characters", async () => {
    const body = pagseguroBody(await newMerchant());
    const credential = await created(body);
    const res = await read(credential.id);
    expect(res.status).toBe(200);
    expect(res.json.authenticationData).toEqual({
      clientId: body.authenticationData.clientId,
      clientSecret: `••••${body.authenticationData.clientSecret.slice(-4)}`,
    });
    expect(res.text).not.toContain(body.authenticationData.clientSecret);
    expect(Object.keys(res.json).sort()).toEqual([...SEED_FIELDS, "additionalData", "status"].sort());
    // Card-present MID and TID are not secret.
    const card = await created(cieloBody(await newMerchant()));
    expect((await read(card.id)).json.authenticationData).toEqual(card.authenticationData);
  });

  it("answers 404 problem+json for an unknown or malformed id", async () => {
    for (const id of ["d00000000000000000g0", "nope", "DC15TMPGQ2119G3LGLC0"]) {
      const res = await read(id);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.json.code).toBe("not_found");
    }
  });

  it("refuses ingest tokens with 403", async () => {
    const credential = await created(cieloBody(await newMerchant()));
    const res = await read(credential.id, ingest.accessToken);
    expect(res.status).toBe(403);
    expect(res.headers.get("www-authenticate")).toContain("insufficient_scope");
  });
});

describe("PATCH /v1/credentials/{id}", () => {
  it("changes enabled, testMode and status, and moves updatedAt", async () => {
    const credential = await created(cieloBody(await newMerchant()));
    const res = await change(credential.id, { enabled: false, testMode: false, status: "disconnected" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ enabled: false, testMode: false, status: "disconnected" });
    expect(res.json.createdAt).toBe(credential.createdAt);
    expect(res.json.updatedAt >= credential.updatedAt).toBe(true);
    expect((await read(credential.id)).json).toMatchObject({ enabled: false, testMode: false, status: "disconnected" });
  });

  it("keeps the stored secret when the masked value is sent back, and re-encrypts a new one", async () => {
    const body = pagseguroBody(await newMerchant());
    const credential = await created(body);
    const shown = (await read(credential.id)).json;
    const before = await db().credential.findUniqueOrThrow({ where: { id: credential.id } });

    const roundTrip = await change(credential.id, { authenticationData: shown.authenticationData });
    expect(roundTrip.status).toBe(200);
    expect(await storedPlaintext(credential.id)).toEqual(body.authenticationData);

    const newSecret = `sk_${randomBytes(20).toString("hex")}`;
    const rotated = await change(credential.id, { authenticationData: { clientSecret: newSecret } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.authenticationData).toEqual({
      clientId: body.authenticationData.clientId,
      clientSecret: `••••${newSecret.slice(-4)}`,
    });
    expect(rotated.text).not.toContain(newSecret);
    expect(await storedPlaintext(credential.id)).toEqual({ ...body.authenticationData, clientSecret: newSecret });
    const after = await db().credential.findUniqueOrThrow({ where: { id: credential.id } });
    expect(Buffer.from(after.authenticationCiphertext).equals(Buffer.from(before.authenticationCiphertext))).toBe(false);
  });

  it("validates the merged authenticationData and re-checks MID/TID for duplicates", async () => {
    const merchantId = await newMerchant();
    const a = await created(cieloBody(merchantId));
    const b = await created(cieloBody(merchantId));
    const badTid = await change(b.id, { authenticationData: { terminalIdentifier: "TOO-LONG-TID" } });
    expect(badTid.status).toBe(400);
    expect(badTid.json.errors).toEqual([{ field: "authenticationData.terminalIdentifier", message: expect.any(String) }]);
    const removed = await change(b.id, { authenticationData: { merchantIdentifier: null } });
    expect(removed.json.errors).toEqual([{ field: "authenticationData.merchantIdentifier", message: "is required" }]);
    const taken = await change(b.id, { authenticationData: a.authenticationData });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("duplicate_credential");
    const moved = await change(b.id, { authenticationData: { terminalIdentifier: alnum(8) } });
    expect(moved.status).toBe(200);
    const row = await db().credential.findUniqueOrThrow({ where: { id: b.id } });
    expect(row.acquirerTerminalIdentifier).toBe(moved.json.authenticationData.terminalIdentifier);
    expect(row.acquirerMerchantIdentifier).toBe(b.authenticationData.merchantIdentifier);
  });

  it("merges additionalData key by key; null removes a key", async () => {
    const credential = await created(cieloBody(await newMerchant(), { additionalData: { softDescriptor: "LOJA CENTRO" } }));
    const added = await change(credential.id, { additionalData: { merchantCategoryCode: "5411" } });
    expect(added.json.additionalData).toEqual({ softDescriptor: "LOJA CENTRO", merchantCategoryCode: "5411" });
    const removed = await change(credential.id, { additionalData: { softDescriptor: null } });
    expect(removed.json.additionalData).toEqual({ merchantCategoryCode: "5411" });
    const bad = await change(credential.id, { additionalData: { merchantCategoryCode: "ABCD", other: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "additionalData.merchantCategoryCode",
      "additionalData.other",
    ]);
  });

  it("refuses an empty body, unknown fields, wrong types and nulls for plain fields", async () => {
    const credential = await created(cieloBody(await newMerchant()));
    const empty = await change(credential.id, {});
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].message).toContain("at least one");
    const unknown = await change(credential.id, { enabled: false, merchantId: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([{ field: "merchantId", message: "is not a known field" }]);
    for (const [field, value] of [
      ["enabled", "yes"],
      ["testMode", null],
      ["status", "active"],
      ["authenticationData", "x"],
    ] as const) {
      const res = await change(credential.id, { [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.json.errors[0].field).toBe(field);
    }
    expect((await read(credential.id)).json.enabled).toBe(true);
  });

  it("accepts application/merge-patch+json", async () => {
    const credential = await created(cieloBody(await newMerchant()));
    const res = await call(patch, `/v1/credentials/${credential.id}`, {
      method: "PATCH",
      rawBody: JSON.stringify({ testMode: false }),
      headers: { "content-type": "application/merge-patch+json" },
      token: operator.accessToken,
      params: { id: credential.id },
    });
    expect(res.status).toBe(200);
    expect(res.json.testMode).toBe(false);
  });

  it("writes nothing for a change that changes nothing", async () => {
    const credential = await created(cieloBody(await newMerchant()));
    const res = await change(credential.id, { enabled: true, authenticationData: credential.authenticationData });
    expect(res.status).toBe(200);
    expect(res.json.updatedAt).toBe(credential.updatedAt);
    expect(await db().auditLogEntry.count({ where: { targetId: credential.id } })).toBe(1);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await change("d00000000000000000g0", { enabled: false })).status).toBe(404);
    expect((await change("../merchants", { enabled: false })).status).toBe(404);
  });

  it("refuses viewers and ingest tokens with 403", async () => {
    const credential = await created(cieloBody(await newMerchant()));
    for (const user of [viewer, ingest]) {
      const res = await change(credential.id, { enabled: false }, user.accessToken);
      expect(res.status).toBe(403);
    }
    expect((await read(credential.id)).json.enabled).toBe(true);
  });
});

describe("GET /v1/credentials", () => {
  it("filters by merchant, provider and enabled, and masks secrets", async () => {
    const merchantId = await newMerchant();
    const card = await created(cieloBody(merchantId));
    const online = await created(pagseguroBody(merchantId));
    const disabled = await created(cieloBody(merchantId));
    await change(disabled.id, { enabled: false });
    const ids = async (query: string) => {
      const res = await call(list, `/v1/credentials?${query}`, { token: viewer.accessToken });
      expect(res.status).toBe(200);
      return res.json.data.map((c: { id: string }) => c.id);
    };
    expect(await ids(`merchantId=${merchantId}`)).toEqual([disabled.id, online.id, card.id]);
    expect(await ids(`merchantId=${merchantId}&providerId=${providers.cielo!.id}`)).toEqual([disabled.id, card.id]);
    expect(await ids(`merchantId=${merchantId}&enabled=false`)).toEqual([disabled.id]);
    expect(await ids(`merchantId=${merchantId}&enabled=true&sort=asc`)).toEqual([card.id, online.id]);
    const res = await call(list, `/v1/credentials?merchantId=${merchantId}&providerId=${providers.pagseguro!.id}`, {
      token: viewer.accessToken,
    });
    expect(res.json.data[0].authenticationData.clientSecret).toBe(`••••${online.authenticationData.clientSecret.slice(-4)}`);
    expect(res.text).not.toContain(online.authenticationData.clientSecret);
  });

  // Operators search credentials by the MID and TID they hold.
  it("filters by the acquirer's MID and TID", async () => {
    const merchantId = await newMerchant();
    const first = await created(cieloBody(merchantId));
    const second = await created(cieloBody(merchantId));
    const ids = async (query: string) =>
      (await call(list, `/v1/credentials?${query}`, { token: viewer.accessToken })).json.data.map((c: { id: string }) => c.id);
    const mid = first.authenticationData.merchantIdentifier;
    const tid = second.authenticationData.terminalIdentifier;
    expect(await ids(`merchantIdentifier=${mid}`)).toEqual([first.id]);
    expect(await ids(`terminalIdentifier=${tid}`)).toEqual([second.id]);
    expect(await ids(`merchantIdentifier=${mid}&terminalIdentifier=${tid}`)).toEqual([]);
  });

  it("pages with limit 2: every credential exactly once", async () => {
    const merchantId = await newMerchant();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await created(cieloBody(merchantId))).id);
    // Two share one timestamp: the id breaks the tie.
    await db().credential.updateMany({ where: { id: { in: ids.slice(1, 3) } }, data: { createdAt: new Date("2026-01-01") } });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/v1/credentials?merchantId=${merchantId}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await call(list, url, { token: viewer.accessToken });
      expect(res.status).toBe(200);
      expect(res.json.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.json.data.map((c: { id: string }) => c.id));
      cursor = res.json.metadata.cursor;
      expect(res.json.metadata.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(5);
  });

  it("refuses a cursor used with other filters, unknown parameters and bad values", async () => {
    const merchantId = await newMerchant();
    for (let i = 0; i < 3; i++) await created(cieloBody(merchantId));
    const first = await call(list, `/v1/credentials?merchantId=${merchantId}&limit=1`, { token: viewer.accessToken });
    const cursor = first.json.metadata.cursor;
    for (const query of [
      `enabled=true&limit=1`,
      `merchantId=${merchantId}&limit=1&sort=asc`,
      `merchantId=${merchantId}&enabled=true&limit=1`,
    ]) {
      const res = await call(list, `/v1/credentials?${query}&cursor=${cursor}`, { token: viewer.accessToken });
      expect(res.status, query).toBe(400);
      expect(res.json.code).toBe("invalid_cursor");
    }
    const unknown = await call(list, "/v1/credentials?merchant_id=x", { token: viewer.accessToken });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([{ field: "merchant_id", message: "is not a known field" }]);
    expect((await call(list, "/v1/credentials?enabled=yes", { token: viewer.accessToken })).status).toBe(400);
    expect((await call(list, "/v1/credentials?limit=0", { token: viewer.accessToken })).status).toBe(400);
  });

  it("refuses ingest tokens with 403", async () => {
    expect((await call(list, "/v1/credentials", { token: ingest.accessToken })).status).toBe(403);
  });
});

describe("roles", () => {
  it("lets viewers read but not create; ingest tokens may not create", async () => {
    const body = cieloBody(await newMerchant());
    for (const user of [viewer, ingest]) {
      const res = await post(body, user.accessToken);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("insufficient_scope");
    }
    const admin = await userWithTokens("admin");
    expect((await post(body, admin.accessToken)).status).toBe(201);
  });
});

describe("audit log entries", () => {
  it("records creation and changes with the actor, secrets redacted", async () => {
    const body = pagseguroBody(await newMerchant());
    const credential = await created(body);
    const newSecret = `sk_${randomBytes(20).toString("hex")}`;
    await change(credential.id, { enabled: false, authenticationData: { clientSecret: newSecret } });
    const entries = await db().auditLogEntry.findMany({ where: { targetId: credential.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["credential.create", "credential.update"]);
    const [createEntry, updateEntry] = entries;
    expect(createEntry).toMatchObject({
      actorId: operator.user.id,
      actorUsername: operator.username,
      targetType: "credential",
      before: null,
      after: {
        merchantId: body.merchantId,
        enabled: true,
        authenticationData: { clientId: body.authenticationData.clientId, clientSecret: "[redacted]" },
      },
    });
    expect(updateEntry).toMatchObject({
      before: { enabled: true, authenticationData: { clientSecret: "[redacted]" } },
      after: { enabled: false, authenticationData: { clientSecret: "[redacted]" }, changedSecretFields: ["clientSecret"] },
    });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(body.authenticationData.clientSecret);
    expect(text).not.toContain(newSecret);
    expect(text).not.toContain(newSecret.slice(-4));
  });
});
