// GET /v1/audit-log: admins only; filters by target and action; keyset pages; secrets redacted.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as auditLog } from "@/app/v1/audit-log/route";
import { PATCH as patch } from "@/app/v1/credentials/[id]/route";
import { POST as createCredential } from "@/app/v1/credentials/route";
import { POST as createMerchant } from "@/app/v1/merchants/route";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { call, userWithTokens } from "../support/api";

type Tokens = Awaited<ReturnType<typeof userWithTokens>>;
let admin: Tokens;
let operator: Tokens;
let merchantId: string;
let credentialId: string;
const secret = `sk_${randomBytes(16).toString("hex")}`;
const rotated = `sk_${randomBytes(16).toString("hex")}`;

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeAll(async () => {
  admin = await userWithTokens("admin");
  operator = await userWithTokens("operator");
  const merchant = await call(createMerchant, "/v1/merchants", {
    body: { name: "Auditoria Ltda", taxId: generateCnpj() },
    token: operator.accessToken,
  });
  merchantId = merchant.json.id;
  const credential = await call(createCredential, "/v1/credentials", {
    token: operator.accessToken,
    body: {
      merchantId,
      providerId: "dc15tmpgq2119g3lgle0",
      providerName: "pagseguro",
      authenticationData: { clientId: `ps_live_${randomBytes(6).toString("hex")}`, clientSecret: secret },
    },
  });
  credentialId = credential.json.id;
  for (const body of [{ testMode: false }, { status: "pending" }, { authenticationData: { clientSecret: rotated } }]) {
    const res = await call(patch, `/v1/credentials/${credentialId}`, {
      method: "PATCH",
      body,
      token: admin.accessToken,
      params: { id: credentialId },
    });
    if (res.status !== 200) throw new Error(`patch: ${res.status} ${res.text}`);
  }
});

const get = (query: string, token = admin.accessToken) => call(auditLog, `/v1/audit-log${query}`, { token });

describe("GET /v1/audit-log", () => {
  it("lists a credential's history, newest first, with actors and secrets redacted", async () => {
    const res = await get(`?targetType=credential&targetId=${credentialId}`);
    expect(res.status).toBe(200);
    expect(res.json.metadata).toEqual({ cursor: null, limit: 20, has_more: false });
    const entries = res.json.data;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      "credential.update",
      "credential.update",
      "credential.update",
      "credential.create",
    ]);
    expect(Object.keys(entries[0]).sort()).toEqual([
      "action",
      "actorId",
      "actorUsername",
      "after",
      "before",
      "createdAt",
      "id",
      "targetId",
      "targetType",
    ]);
    expect(entries[3]).toMatchObject({ actorUsername: operator.username, actorId: operator.user.id, before: null });
    expect(entries[0]).toMatchObject({
      actorUsername: admin.username,
      before: { authenticationData: { clientSecret: "[redacted]" } },
      after: { authenticationData: { clientSecret: "[redacted]" }, changedSecretFields: ["clientSecret"] },
    });
    expect(entries[2]).toMatchObject({ before: { testMode: true }, after: { testMode: false } });
    expect(entries[0].createdAt).toMatch(ISO_MS);
    expect(res.text).not.toContain(secret);
    expect(res.text).not.toContain(rotated);
  });

  it("filters by action and target type", async () => {
    const merchants = await get(`?targetType=merchant&targetId=${merchantId}`);
    expect(merchants.json.data).toHaveLength(1);
    expect(merchants.json.data[0]).toMatchObject({
      action: "merchant.create",
      after: { name: "Auditoria Ltda" },
    });
    const creates = await get(`?action=credential.create&targetId=${credentialId}`);
    expect(creates.json.data.map((e: { action: string }) => e.action)).toEqual(["credential.create"]);
    const none = await get(`?targetType=merchant&targetId=${credentialId}`);
    expect(none.json.data).toEqual([]);
  });

  it("pages with limit 1 through the history, each entry once, and binds the cursor to the filters", async () => {
    const seen: string[] = [];
    let query = `?targetId=${credentialId}&limit=1`;
    for (let i = 0; i < 10; i++) {
      const res = await get(query);
      expect(res.status).toBe(200);
      seen.push(...res.json.data.map((e: { id: string }) => e.id));
      if (!res.json.metadata.cursor) break;
      query = `?targetId=${credentialId}&limit=1&cursor=${res.json.metadata.cursor}`;
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);

    const first = await get(`?targetId=${credentialId}&limit=1`);
    const mismatched = await get(`?targetId=${merchantId}&limit=1&cursor=${first.json.metadata.cursor}`);
    expect(mismatched.status).toBe(400);
    expect(mismatched.json.code).toBe("invalid_cursor");
  });

  it("refuses unknown parameters and values", async () => {
    expect((await get("?targetType=provider")).status).toBe(400);
    expect((await get("?action=DROP TABLE")).status).toBe(400);
    const unknown = await get("?who=admin");
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([{ field: "who", message: "is not a known field" }]);
  });

  it("is for admins only: operators, viewers and ingest tokens get 403", async () => {
    for (const role of ["operator", "viewer", "ingest"] as const) {
      const user = role === "operator" ? operator : await userWithTokens(role);
      const res = await get("", user.accessToken);
      expect(res.status, role).toBe(403);
      expect(res.json.code).toBe("insufficient_scope");
    }
    expect((await call(auditLog, "/v1/audit-log")).status).toBe(401);
  });

  // The audit log filtered by who did it and when.
  it("filters by actor and by period, and refuses an inverted period", async () => {
    const { POST: signIn } = await import("@/app/v1/auth/route");
    const stranger = `nobody-${Date.now().toString(36)}`;
    await call(signIn, "/v1/auth", { body: { username: stranger, password: "not a password" } });
    const byActor = await get(`?actor=${stranger}`);
    expect(byActor.status).toBe(200);
    expect(byActor.json.data.map((e: { action: string }) => e.action)).toEqual(["user.sign_in_failed"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`?actor=${stranger}&created_at[gte]=${today}`)).json.data).toHaveLength(1);
    expect((await get(`?actor=${stranger}&created_at[lt]=${today}`)).json.data).toHaveLength(0);
    const inverted = await get(`?created_at[gte]=${today}&created_at[lt]=2020-01-01`);
    expect(inverted.status).toBe(400);
    expect(inverted.json.errors.map((e: { field: string }) => e.field)).toEqual(["created_at[gte]", "created_at[lt]"]);
  });
});
