// Fair use's first line in front of Next.js (scripts/fair-use-door.mjs, tested on its own in
// tests/integration/fair-use-door.test.ts), here with the real server on a server of its own with
// a small read rate: once the application has refused a token for its rate, the door repeats the
// refusal until Retry-After without the application seeing the requests (the door speaks of the
// token, the application of the account). It reads Retry-After as Next.js sets it.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { expect, test } from "../support/fixtures";
import { FAIR_USE_PORT, PORTS, serverEnv } from "../support/run-env";
import { USERS } from "../support/users";

const BASE = `http://127.0.0.1:${FAIR_USE_PORT}`;
let server: ChildProcess;
let exited: Promise<void>;

test.beforeAll(async ({ request }) => {
  // Starts a production server of its own (up to 60 s until /healthz answers).
  test.setTimeout(90_000);
  const env = {
    ...process.env,
    ...serverEnv(PORTS[0]),
    PORT: String(FAIR_USE_PORT),
    HOST: "127.0.0.1",
    NEXTAUTH_URL: BASE,
    RATE_LIMIT_READS_PER_MINUTE: "5",
    WORKER_ENABLED: "false",
    WEBHOOK_WORKER_ENABLED: "false",
  };
  server = spawn(process.execPath, ["scripts/server.mjs"], { env, stdio: "ignore" });
  exited = new Promise((resolve) => server.on("exit", () => resolve()));
  await expect
    .poll(async () => (await request.get(`${BASE}/healthz`).catch(() => undefined))?.status(), {
      timeout: 60_000,
      intervals: [250],
    })
    .toBe(200);
});

test.afterAll(async () => {
  server.kill("SIGTERM");
  await exited;
});

/** A fresh account of its own (no other test's reads in its rate bucket): its access token. */
async function freshToken(request: import("@playwright/test").APIRequestContext, role: "viewer"): Promise<string> {
  const signIn = async (username: string, password: string) =>
    (await (await request.post(`${BASE}/v1/auth`, { data: { username, password } })).json()).access_token as string;
  const admin = await signIn(USERS.admin.username, USERS.admin.password);
  const username = `door-${randomBytes(4).toString("hex")}`;
  const created = await request.post(`${BASE}/v1/users`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { username, role },
  });
  expect(created.status()).toBe(201);
  const given = (await created.json()).password as string;
  const first = await signIn(username, given);
  const password = `door password ${randomBytes(6).toString("hex")}`;
  const changed = await request.post(`${BASE}/v1/auth/password`, {
    headers: { authorization: `Bearer ${first}` },
    data: { current_password: given, new_password: password },
  });
  expect(changed.status()).toBe(200);
  return signIn(username, password);
}

test("repeats the application's rate refusal at the door until Retry-After", async ({ request }) => {
  const token = await freshToken(request, "viewer");
  const read = () => request.get(`${BASE}/v1/providers`, { headers: { authorization: `Bearer ${token}` } });
  // Reads until the application refuses one for the account's rate, with the rest of its minute to wait.
  await expect
    .poll(
      async () => {
        const answer = await read();
        const body = answer.status() === 429 ? await answer.json() : undefined;
        return body && /for this account/.test(body.detail) ? Number(answer.headers()["retry-after"]) > 1 : false;
      },
      // Each try is one read: a short pause, the refusal comes after a handful of them.
      { timeout: 90_000, intervals: [100] },
    )
    .toBe(true);
  const repeated = await read();
  expect(repeated.status()).toBe(429);
  const body = await repeated.json();
  expect([body.code, body.detail]).toEqual(["rate_limited", expect.stringMatching(/for this token/)]);
  expect(Number(repeated.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
});
