// GET/POST /v1/merchants and GET /v1/merchants/{id}: CNPJ rules, duplicates, search, pages,
// roles, idempotency and the audit entry of a creation.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne, PATCH as patch } from "@/app/v1/merchants/[id]/route";
import { POST as create, GET as list } from "@/app/v1/merchants/route";
import { db } from "@/lib/db/client";
import { formatCnpj } from "@/lib/merchants/cnpj";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { call, userWithTokens } from "../support/api";

type Tokens = Awaited<ReturnType<typeof userWithTokens>>;
let operator: Tokens;
let viewer: Tokens;
let ingest: Tokens;

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const token = () => `tok${randomBytes(5).toString("hex")}`;

beforeAll(async () => {
  operator = await userWithTokens("operator");
  viewer = await userWithTokens("viewer");
  ingest = await userWithTokens("ingest");
});

const post = (body: unknown, options: { token?: string; headers?: Record<string, string> } = {}) =>
  call(create, "/v1/merchants", { body, token: options.token ?? operator.accessToken, headers: options.headers });

describe("POST /v1/merchants", () => {
  it("registers a merchant: 201, Location, the DTO, the tax id stored normalized", async () => {
    const taxId = generateCnpj();
    const res = await post({ name: "  Padaria Central  ", taxId: formatCnpj(taxId) });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/v1/merchants/${res.json.id}`);
    expect(Object.keys(res.json).sort()).toEqual(["createdAt", "id", "name", "taxId", "updatedAt"]);
    expect(res.json.id).toMatch(/^[0-9a-v]{20}$/);
    expect(res.json).toMatchObject({ name: "Padaria Central", taxId });
    expect(res.json.createdAt).toMatch(ISO_MS);
    expect(res.json.updatedAt).toMatch(ISO_MS);
  });

  it("accepts the 2026 alphanumeric CNPJ, masked and in lower case", async () => {
    const taxId = generateCnpj({ alphanumeric: true });
    const res = await post({ name: "Loja Alfa", taxId: formatCnpj(taxId).toLowerCase() });
    expect(res.status).toBe(201);
    expect(res.json.taxId).toBe(taxId.toUpperCase());
    expect(await call(create, "/v1/merchants", { body: { name: "Outra", taxId: "12.ABC.345/01DE-35" } })).toMatchObject({
      status: 401,
    });
  });

  it("refuses an invalid CNPJ with a 400 naming taxId", async () => {
    for (const taxId of ["11222333000182", "1122233300018", "00000000000000", "12ABC34501DEA5", "not a cnpj"]) {
      const res = await post({ name: "Loja", taxId });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("validation_failed");
      expect(res.json.errors).toEqual([{ field: "taxId", message: expect.stringContaining("valid CNPJ") }]);
    }
  });

  it("names each missing field, wrong types and unknown fields", async () => {
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual(
      expect.arrayContaining([
        { field: "name", message: "is required" },
        { field: "taxId", message: "is required" },
      ]),
    );
    const blank = await post({ name: "   ", taxId: generateCnpj() });
    expect(blank.json.errors).toEqual([{ field: "name", message: "is required" }]);
    const types = await post({ name: 42, taxId: true });
    expect(types.status).toBe(400);
    expect(types.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["name", "taxId"]);
    const unknown = await post({ name: "Loja", taxId: generateCnpj(), city: "Recife" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([{ field: "city", message: "is not a known field" }]);
  });

  it("answers a tax id already registered with 409 tax_id_taken, masked or not", async () => {
    const taxId = generateCnpj();
    expect((await post({ name: "Primeira", taxId })).status).toBe(201);
    const again = await post({ name: "Segunda", taxId: formatCnpj(taxId) });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("tax_id_taken");
    expect(again.headers.get("content-type")).toBe("application/problem+json");
  });

  it("registers one of ten concurrent registrations of one tax id", async () => {
    const taxId = generateCnpj();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post({ name: `Corrida ${i}`, taxId })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.code === "tax_id_taken")).toHaveLength(9);
    expect(await db().merchant.count({ where: { taxId } })).toBe(1);
    expect(
      await db().auditLogEntry.count({ where: { action: "merchant.create", after: { path: ["taxId"], equals: taxId } } }),
    ).toBe(1);
  });

  it("writes a merchant.create audit entry with the actor", async () => {
    const taxId = generateCnpj();
    const res = await post({ name: "Auditada", taxId });
    const entries = await db().auditLogEntry.findMany({ where: { targetId: res.json.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "merchant.create",
      targetType: "merchant",
      actorId: operator.user.id,
      actorUsername: operator.username,
      after: { name: "Auditada", taxId },
    });
    expect(entries[0]!.before).toBeNull();
  });

  it("replays a creation for the same Idempotency-Key and refuses the key with another body", async () => {
    const key = `merchant-${randomBytes(8).toString("hex")}`;
    const body = { name: "Idempotente", taxId: generateCnpj() };
    const first = await post(body, { headers: { "idempotency-key": key } });
    const second = await post(body, { headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const other = await post({ name: "Outra", taxId: generateCnpj() }, { headers: { "idempotency-key": key } });
    expect(other.status).toBe(422);
    expect(other.json.code).toBe("idempotency_key_reused");
  });

  it("lets operators and admins create; viewers and ingest tokens get 403", async () => {
    for (const user of [viewer, ingest]) {
      const res = await post({ name: "Proibida", taxId: generateCnpj() }, { token: user.accessToken });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("insufficient_scope");
    }
    const admin = await userWithTokens("admin");
    expect((await post({ name: "Do admin", taxId: generateCnpj() }, { token: admin.accessToken })).status).toBe(201);
  });
});

describe("GET /v1/merchants/{id}", () => {
  it("returns the merchant, and 404 problem+json for an unknown or malformed id", async () => {
    const created = await post({ name: "Consulta", taxId: generateCnpj() });
    const res = await call(getOne, `/v1/merchants/${created.json.id}`, {
      token: viewer.accessToken,
      params: { id: created.json.id },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(created.json);
    for (const id of ["d00000000000000000g0", "not-an-id"]) {
      const missing = await call(getOne, `/v1/merchants/${id}`, { token: viewer.accessToken, params: { id } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("refuses ingest tokens", async () => {
    const created = await post({ name: "Consulta", taxId: generateCnpj() });
    const res = await call(getOne, "/v1/merchants/x", { token: ingest.accessToken, params: { id: created.json.id } });
    expect(res.status).toBe(403);
  });
});

describe("GET /v1/merchants", () => {
  it("answers several merchants by id at once (a table's page of names), and refuses a bad id list by name", async () => {
    const a = await post({ name: `Loja ${token()}`, taxId: generateCnpj() });
    const b = await post({ name: `Loja ${token()}`, taxId: generateCnpj() });
    const unknown = "0000000000000000000a";
    const res = await call(list, `/v1/merchants?id=${a.json.id},${b.json.id},${unknown},${a.json.id}`, {
      token: viewer.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.json.data.map((m: { id: string }) => m.id).sort()).toEqual([a.json.id, b.json.id].sort());
    const tooMany = Array.from({ length: 101 }, (_, i) => `${String(i).padStart(3, "0")}00000000000000000`).join(",");
    for (const id of ["not-an-id", tooMany, ""]) {
      const bad = await call(list, `/v1/merchants?id=${id}`, { token: viewer.accessToken });
      expect(bad.status, id.slice(0, 20)).toBe(400);
      expect(bad.json.errors[0].field).toBe("id");
    }
  });

  it("searches by part of the name in any case, and by the tax id with or without its mask", async () => {
    const word = token();
    const a = await post({ name: `Mercado ${word} Norte`, taxId: generateCnpj() });
    const b = await post({ name: `${word.toUpperCase()} Sul`, taxId: generateCnpj() });
    await post({ name: "Sem relação", taxId: generateCnpj() });
    const byName = await call(list, `/v1/merchants?search=${word.toUpperCase()}`, { token: viewer.accessToken });
    expect(byName.status).toBe(200);
    expect(byName.json.data.map((m: { id: string }) => m.id).sort()).toEqual([a.json.id, b.json.id].sort());

    const taxId = a.json.taxId as string;
    for (const search of [taxId, formatCnpj(taxId), formatCnpj(taxId).slice(0, 10)]) {
      const res = await call(list, `/v1/merchants?search=${encodeURIComponent(search)}`, { token: viewer.accessToken });
      expect(res.json.data.map((m: { id: string }) => m.id)).toContain(a.json.id);
    }
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    const word = token();
    const percent = await post({ name: `Desconto 100% ${word}`, taxId: generateCnpj() });
    await post({ name: `Desconto 1000 ${word}`, taxId: generateCnpj() });
    const res = await call(list, `/v1/merchants?search=${encodeURIComponent(`0% ${word}`)}`, { token: viewer.accessToken });
    expect(res.status).toBe(200);
    expect(res.json.data.map((m: { id: string }) => m.id)).toEqual([percent.json.id]);
    const underscore = await call(list, `/v1/merchants?search=${encodeURIComponent(`1_00 ${word}`)}`, {
      token: viewer.accessToken,
    });
    expect(underscore.json.data).toEqual([]);
  });

  it("pages through a search with limit 2, each merchant exactly once, newest first", async () => {
    const word = token();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post({ name: `Paginada ${word} ${i}`, taxId: generateCnpj() })).json.id);
    const seen: string[] = [];
    let url = `/v1/merchants?search=${word}&limit=2`;
    for (let page = 0; page < 10; page++) {
      const res = await call(list, url, { token: viewer.accessToken });
      expect(res.status).toBe(200);
      expect(res.json.metadata.limit).toBe(2);
      seen.push(...res.json.data.map((m: { id: string }) => m.id));
      if (!res.json.metadata.has_more) {
        expect(res.json.metadata.cursor).toBeNull();
        break;
      }
      url = `/v1/merchants?search=${word}&limit=2&cursor=${res.json.metadata.cursor}`;
    }
    expect(seen).toEqual([...ids].reverse());

    const asc = await call(list, `/v1/merchants?search=${word}&sort=ASC`, { token: viewer.accessToken });
    expect(asc.json.data.map((m: { id: string }) => m.id)).toEqual(ids);
  });

  it("refuses a cursor made for another search, unknown parameters and a bad limit", async () => {
    const word = token();
    for (let i = 0; i < 3; i++) await post({ name: `Cursor ${word} ${i}`, taxId: generateCnpj() });
    const first = await call(list, `/v1/merchants?search=${word}&limit=1`, { token: viewer.accessToken });
    const cursor = first.json.metadata.cursor as string;
    const other = await call(list, `/v1/merchants?search=other${word}&limit=1&cursor=${cursor}`, { token: viewer.accessToken });
    expect(other.status).toBe(400);
    expect(other.json.code).toBe("invalid_cursor");
    const unknown = await call(list, "/v1/merchants?name=x", { token: viewer.accessToken });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([{ field: "name", message: "is not a known field" }]);
    expect((await call(list, "/v1/merchants?limit=101", { token: viewer.accessToken })).status).toBe(400);
  });

  it("refuses ingest tokens and answers 401 without a token", async () => {
    expect((await call(list, "/v1/merchants", { token: ingest.accessToken })).status).toBe(403);
    expect((await call(list, "/v1/merchants")).status).toBe(401);
  });
});

// Merchants can be corrected after registration.
describe("PATCH /v1/merchants/{id}", () => {
  const change = (id: string, body: unknown, tokenOf = operator) =>
    call(patch, `/v1/merchants/${id}`, { method: "PATCH", body, token: tokenOf.accessToken, params: { id } });

  it("changes the name and the tax id (same checks, stored normalized), audited with before and after", async () => {
    const made = (await post({ name: "Loja Antiga", taxId: generateCnpj() })).json;
    const taxId = generateCnpj();
    const res = await change(made.id, { name: "  Loja Nova  ", taxId: formatCnpj(taxId) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: made.id, name: "Loja Nova", taxId });
    expect(Date.parse(res.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    const entry = await db().auditLogEntry.findFirstOrThrow({ where: { targetId: made.id, action: "merchant.update" } });
    expect(entry.before).toMatchObject({ name: "Loja Antiga", taxId: made.taxId });
    expect(entry.after).toMatchObject({ name: "Loja Nova", taxId });
    expect((await change(made.id, { name: "Só o nome" })).json).toMatchObject({ name: "Só o nome", taxId });
  });

  it("answers another merchant's tax id with 409, a bad one or an empty change with 400, an unknown id with 404", async () => {
    const a = (await post({ name: "A", taxId: generateCnpj() })).json;
    const b = (await post({ name: "B", taxId: generateCnpj() })).json;
    const taken = await change(b.id, { taxId: a.taxId });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("tax_id_taken");
    for (const [body, field] of [
      [{ taxId: "11.222.333/0001-00" }, "taxId"],
      [{ name: "" }, "name"],
      [{ colour: "red" }, "colour"],
    ] as const) {
      const res = await change(b.id, body);
      expect(res.status).toBe(400);
      expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await change(b.id, {})).status).toBe(400);
    expect((await change("0000000000000000000a", { name: "x" })).status).toBe(404);
    expect((await change(b.id, { name: "x" }, viewer)).status).toBe(403);
  });
});
