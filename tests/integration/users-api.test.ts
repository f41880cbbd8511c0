// /v1/users: admins manage accounts. A new or reset password is answered once and works; a
// disabled user cannot sign in and its refresh tokens die; nobody else may do any of it; an
// admin cannot change their own account; every change is audited without secrets.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as auditLog } from "@/app/v1/audit-log/route";
import { POST as refresh } from "@/app/v1/auth/refresh/route";
import { POST as signIn } from "@/app/v1/auth/route";
import { POST as resetPassword } from "@/app/v1/users/[id]/password/route";
import { PATCH as updateUser } from "@/app/v1/users/[id]/route";
import { POST as createUser, GET as listUsers } from "@/app/v1/users/route";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { call, userWithTokens } from "../support/api";

let admin: Awaited<ReturnType<typeof userWithTokens>>;

beforeAll(async () => {
  admin = await userWithTokens("admin");
});

const newUsername = () => `u-${randomBytes(5).toString("hex")}`;
const address = () => ({ "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
const login = (username: string, password: string) =>
  call(signIn, "/v1/auth", { body: { username, password }, headers: address() });

async function created(role = "operator") {
  const username = newUsername();
  const res = await call(createUser, "/v1/users", { body: { username, role }, token: admin.accessToken });
  expect(res.status).toBe(201);
  return { id: res.json.user.id as string, username, password: res.json.password as string };
}

describe("users API", () => {
  it("creates an account with a random password answered once, which signs in", async () => {
    const username = newUsername();
    const res = await call(createUser, "/v1/users", { body: { username, role: "viewer" }, token: admin.accessToken });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("location")).toBe(`/v1/users/${res.json.user.id}`);
    expect(res.json.user).toMatchObject({ username, role: "viewer", disabled: false });
    expect(res.json.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await login(username, res.json.password)).status).toBe(200);

    const listed = await call(listUsers, `/v1/users?search=${username}`, { token: admin.accessToken });
    expect(listed.json.data).toEqual([res.json.user]);
    expect(JSON.stringify(listed.json)).not.toContain(res.json.password);
  });

  it("replays a create under its Idempotency-Key as no-store, like the first answer (it holds the password)", async () => {
    const username = newUsername();
    const headers = { "idempotency-key": `k-${randomBytes(6).toString("hex")}` };
    const send = () => call(createUser, "/v1/users", { body: { username, role: "viewer" }, token: admin.accessToken, headers });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.password).toBe(first.json.password);
    expect(again.headers.get("cache-control")).toBe("no-store");
  });

  it("searches by the beginning of the username, LIKE's wildcards and escape taken literally", async () => {
    const { username } = await created();
    const find = async (search: string) =>
      (await call(listUsers, `/v1/users?search=${encodeURIComponent(search)}`, { token: admin.accessToken })).json.data.map(
        (u: { username: string }) => u.username,
      );
    expect(await find(username.slice(0, 6))).toContain(username);
    for (const search of ["%", "_", "\\", "u-%", `${username.slice(0, 3)}\\`]) {
      expect(await find(search)).toEqual([]);
    }
  });

  it("lists one merchant's accounts with merchantId (the staff merchant page's list), nobody else's", async () => {
    const merchants = await Promise.all(
      ["A", "B"].map((n) => db().merchant.create({ data: { id: newId(), name: `Portal ${n}`, taxId: generateCnpj() } })),
    );
    const make = async (merchantId: string) => {
      const username = newUsername();
      const res = await call(createUser, "/v1/users", {
        body: { username, role: "merchant", merchantId },
        token: admin.accessToken,
      });
      expect(res.status).toBe(201);
      return username;
    };
    const mine = await make(merchants[0]!.id);
    await make(merchants[1]!.id);
    const listed = await call(listUsers, `/v1/users?merchantId=${merchants[0]!.id}`, { token: admin.accessToken });
    expect(listed.json.data.map((u: { username: string }) => u.username)).toEqual([mine]);
  });

  it("refuses a taken username (409), a bad one or an unknown role (400 naming it), and a chosen password", async () => {
    const { username } = await created();
    const taken = await call(createUser, "/v1/users", { body: { username, role: "viewer" }, token: admin.accessToken });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("username_taken");
    const bad = await call(createUser, "/v1/users", {
      body: { username: "A B", role: "root", password: "x" },
      token: admin.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["password", "role", "username"]);
  });

  it("disabling ends sign-in and refresh; enabling restores sign-in; a role change applies to the next sign-in", async () => {
    const user = await created("operator");
    const pair = (await login(user.username, user.password)).json;
    const disabled = await call(updateUser, `/v1/users/${user.id}`, {
      method: "PATCH",
      body: { disabled: true },
      token: admin.accessToken,
      params: { id: user.id },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.json.disabled).toBe(true);
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await call(refresh, "/v1/auth/refresh", { body: { refresh_token: pair.refresh_token } })).status).toBe(400);

    const enabled = await call(updateUser, `/v1/users/${user.id}`, {
      method: "PATCH",
      body: { disabled: false, role: "viewer" },
      token: admin.accessToken,
      params: { id: user.id },
    });
    expect(enabled.json).toMatchObject({ disabled: false, role: "viewer" });
    const again = await login(user.username, user.password);
    expect(again.status).toBe(200);
    const claims = JSON.parse(Buffer.from(again.json.access_token.split(".")[1], "base64url").toString());
    expect(claims.role).toBe("viewer");
  });

  it("refuses a user's access tokens once it is disabled or its role changes, on the API at once", async () => {
    const { GET: providers } = await import("@/app/v1/providers/route");
    const user = await created("operator");
    // The generated password would only let this user change it (password-change.test.ts).
    await db().user.update({ where: { id: user.id }, data: { passwordChangeRequired: false } });
    const before = (await login(user.username, user.password)).json.access_token as string;
    expect((await call(providers, "/v1/providers", { token: before })).status).toBe(200);

    await call(updateUser, `/v1/users/${user.id}`, {
      method: "PATCH",
      body: { role: "viewer" },
      token: admin.accessToken,
      params: { id: user.id },
    });
    const stale = await call(providers, "/v1/providers", { token: before });
    expect(stale.status).toBe(401);
    expect(stale.json.code).toBe("invalid_token");
    expect(stale.headers.get("www-authenticate")).toContain('error="invalid_token"');

    // At once (no wait for the next second): tokens carry their issue time in milliseconds.
    const after = (await login(user.username, user.password)).json.access_token as string;
    expect((await call(providers, "/v1/providers", { token: after })).status).toBe(200);

    await call(updateUser, `/v1/users/${user.id}`, {
      method: "PATCH",
      body: { disabled: true },
      token: admin.accessToken,
      params: { id: user.id },
    });
    expect((await call(providers, "/v1/providers", { token: after })).status).toBe(401);
  });

  it("resets a password: the old one stops working, the new one (answered once) works", async () => {
    const user = await created();
    const res = await call(resetPassword, `/v1/users/${user.id}/password`, {
      method: "POST",
      token: admin.accessToken,
      params: { id: user.id },
    });
    expect(res.status).toBe(200);
    expect(res.json.password).not.toBe(user.password);
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.username, res.json.password)).status).toBe(200);
  });

  it("is for admins only, not on their own account, 404 for an unknown id, 400 for an empty change", async () => {
    const user = await created();
    for (const role of ["operator", "viewer", "ingest"] as const) {
      const other = await userWithTokens(role);
      expect((await call(listUsers, "/v1/users", { token: other.accessToken })).status).toBe(403);
      const create = await call(createUser, "/v1/users", {
        body: { username: newUsername(), role: "admin" },
        token: other.accessToken,
      });
      expect(create.status).toBe(403);
    }
    const own = await call(updateUser, `/v1/users/${admin.user.id}`, {
      method: "PATCH",
      body: { disabled: true },
      token: admin.accessToken,
      params: { id: admin.user.id },
    });
    expect(own.status).toBe(422);
    expect(own.json.code).toBe("own_account");
    const missing = "d0000000000000000000";
    const unknown = await call(updateUser, `/v1/users/${missing}`, {
      method: "PATCH",
      body: { role: "viewer" },
      token: admin.accessToken,
      params: { id: missing },
    });
    expect(unknown.status).toBe(404);
    const empty = await call(updateUser, `/v1/users/${user.id}`, {
      method: "PATCH",
      body: {},
      token: admin.accessToken,
      params: { id: user.id },
    });
    expect(empty.status).toBe(400);
  });

  it("audits each change without the password or its hash", async () => {
    const user = await created();
    await call(resetPassword, `/v1/users/${user.id}/password`, {
      method: "POST",
      token: admin.accessToken,
      params: { id: user.id },
    });
    const entries = await call(auditLog, `/v1/audit-log?targetType=user&targetId=${user.id}`, { token: admin.accessToken });
    expect(entries.json.data.map((e: { action: string }) => e.action).sort()).toEqual(["user.create", "user.password_reset"]);
    expect(entries.json.data[0].after).toEqual({ username: user.username, role: "operator", disabled: false });
    expect(entries.text).not.toContain(user.password);
    expect(entries.text).not.toContain("argon2");
  });
});
