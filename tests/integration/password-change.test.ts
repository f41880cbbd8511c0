// POST /v1/auth/password and forced changes: a password someone else chose
// (generated for a new user, a reset, the first admin) only lets its holder change it; a change
// needs the current password, ends every session, and is audited; sign-ins are audited too.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as auditLog } from "@/app/v1/audit-log/route";
import { POST as changePassword } from "@/app/v1/auth/password/route";
import { POST as refresh } from "@/app/v1/auth/refresh/route";
import { POST as signIn } from "@/app/v1/auth/route";
import { GET as providers } from "@/app/v1/providers/route";
import { POST as createUser } from "@/app/v1/users/route";
import { db } from "@/lib/db/client";
import { call, TEST_PASSWORD, userWithTokens } from "../support/api";

let admin: Awaited<ReturnType<typeof userWithTokens>>;
beforeAll(async () => {
  admin = await userWithTokens("admin");
});

const login = (username: string, password: string, address = "10.55.0.1") =>
  call(signIn, "/v1/auth", { body: { username, password }, headers: { "x-forwarded-for": address } });
const change = (token: string, body: Record<string, unknown>) =>
  call(changePassword, "/v1/auth/password", { body, token, headers: { "x-forwarded-for": "10.55.0.2" } });

describe("a password someone else chose", () => {
  it("signs in, but its tokens may only change it; then every session ends and the new one works", async () => {
    const username = `forced-${randomBytes(4).toString("hex")}`;
    const made = await call(createUser, "/v1/users", { body: { username, role: "operator" }, token: admin.accessToken });
    const generated = made.json.password as string;
    const first = await login(username, generated);
    expect(first.status).toBe(200);

    const refused = await call(providers, "/v1/providers", { token: first.json.access_token });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("password_change_required");

    for (const [body, field] of [
      [{ current_password: "not it at all", new_password: "a brand new passphrase" }, "current_password"],
      [{ current_password: generated, new_password: generated }, "new_password"],
      [{ current_password: generated, new_password: "short" }, "new_password"],
    ] as const) {
      const res = await change(first.json.access_token, body);
      expect(res.status, field).toBe(400);
      expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }

    const done = await change(first.json.access_token, { current_password: generated, new_password: "my own passphrase 42" });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ changed: true, sessions_ended: true });
    expect((await call(providers, "/v1/providers", { token: first.json.access_token })).status).toBe(401);
    expect((await call(refresh, "/v1/auth/refresh", { body: { refresh_token: first.json.refresh_token } })).status).toBe(400);

    expect((await login(username, generated)).status).toBe(401);
    const mine = await login(username, "my own passphrase 42", "10.55.0.3");
    expect(mine.status).toBe(200);
    expect((await call(providers, "/v1/providers", { token: mine.json.access_token })).status).toBe(200);
  });

  it("applies to a password reset by an admin, and not to one the user chose", async () => {
    const { POST: reset } = await import("@/app/v1/users/[id]/password/route");
    const user = await userWithTokens("viewer");
    expect((await call(providers, "/v1/providers", { token: user.accessToken })).status).toBe(200);
    const res = await call(reset, `/v1/users/${user.user.id}/password`, {
      method: "POST",
      token: admin.accessToken,
      params: { id: user.user.id },
    });
    const after = await login(user.username, res.json.password);
    expect((await call(providers, "/v1/providers", { token: after.json.access_token })).json.code).toBe(
      "password_change_required",
    );
  });
});

describe("changing one's own password", () => {
  it("ends every other session of the account, and is audited without the passwords", async () => {
    const user = await userWithTokens("viewer");
    const other = await login(user.username, TEST_PASSWORD, "10.55.0.9");
    const done = await change(user.accessToken, { current_password: TEST_PASSWORD, new_password: "another fine passphrase" });
    expect(done.status).toBe(200);
    for (const refreshToken of [user.refreshToken, other.json.refresh_token]) {
      expect((await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } })).status).toBe(400);
    }
    const entries = await call(auditLog, `/v1/audit-log?targetType=user&targetId=${user.user.id}`, { token: admin.accessToken });
    const entry = entries.json.data.find((e: { action: string }) => e.action === "user.password_change");
    expect(entry).toMatchObject({ actorUsername: user.username });
    expect(JSON.stringify(entries.json)).not.toContain("another fine passphrase");
    expect(JSON.stringify(entries.json)).not.toContain("$argon2");
  });

  it("counts wrong current passwords under the sign-in limits", async () => {
    const user = await userWithTokens("viewer");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await change(user.accessToken, { current_password: `guess ${i}`, new_password: "whatever passphrase" })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});

describe("the audit log of sign-ins", () => {
  it("records sign-ins and refused ones, with the address and never the password", async () => {
    const user = await userWithTokens("viewer");
    await login(user.username, "a wrong guess here", "10.55.1.1");
    await login(user.username, TEST_PASSWORD, "10.55.1.2");
    await login("nobody-by-that-name", "a wrong guess here", "10.55.1.3");
    const mine = await call(auditLog, `/v1/audit-log?targetId=${user.user.id}`, { token: admin.accessToken });
    const actions = mine.json.data.map((e: { action: string; after: { address: string } }) => `${e.action}@${e.after.address}`);
    expect(actions).toEqual(expect.arrayContaining(["user.sign_in_failed@10.55.1.1", "user.sign_in@10.55.1.2"]));
    const stranger = await call(auditLog, "/v1/audit-log?targetId=nobody-by-that-name", { token: admin.accessToken });
    expect(stranger.json.data[0]).toMatchObject({ action: "user.sign_in_failed", actorId: null });
    expect(JSON.stringify([mine.json, stranger.json])).not.toContain("a wrong guess here");
  });
});

describe("npm run users -- reset-password --password-stdin", () => {
  // The CLI is another process: it needs a database server (an in-memory PGlite is this process's own).
  it.runIf(process.env.TEST_SERVER_DATABASE === "1")(
    "takes the chosen password from standard input, with no forced change",
    async () => {
      const user = await userWithTokens("viewer");
      const chosen = `stdin passphrase ${randomBytes(4).toString("hex")}`;
      const result = spawnSync(
        "node_modules/.bin/tsx",
        ["--conditions=react-server", "scripts/users.ts", "reset-password", user.username, "--password-stdin"],
        { input: `${chosen}\n`, env: process.env, encoding: "utf8" },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).not.toContain(chosen);
      const res = await login(user.username, chosen, "10.55.2.1");
      expect(res.status).toBe(200);
      expect((await call(providers, "/v1/providers", { token: res.json.access_token })).status).toBe(200);
      expect((await db().user.findUniqueOrThrow({ where: { id: user.user.id } })).passwordChangeRequired).toBe(false);
    },
  );
});
