// SIGTERM under load: a third instance finishes its in-flight requests and the worker's batch,
// exits 0, and every write it acknowledged is in the database.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cardEventData } from "@/tests/support/event-data";
import { queryE2E } from "../support/database";
import { expect, test } from "../support/fixtures";
import { PORTS, SHUTDOWN_PORT, serverEnv } from "../support/run-env";
import { USERS } from "../support/users";

const PORT = SHUTDOWN_PORT;
const BASE = `http://127.0.0.1:${PORT}`;

test("SIGTERM under load: in-flight requests finish, acknowledged writes persist, exit code 0", async ({ request }) => {
  // Starts a production server of its own (up to 60 s until /healthz answers), then loads it.
  test.setTimeout(90_000);
  const env = { ...process.env, ...serverEnv(PORTS[0]), PORT: String(PORT), HOST: "127.0.0.1", NEXTAUTH_URL: BASE };
  const server = spawn(process.execPath, ["scripts/server.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));

  await expect
    .poll(async () => (await request.get(`${BASE}/healthz`).catch(() => undefined))?.status(), {
      timeout: 60_000,
      intervals: [250],
    })
    .toBe(200);
  const { username, password } = USERS.admin;
  const token = (await (await request.post(`${BASE}/v1/auth`, { data: { username, password } })).json()).access_token;
  const merchantId = `shutdown-${randomBytes(4).toString("hex")}`;

  // A stream of writes and reads; SIGTERM lands in the middle of it.
  const acknowledged: string[] = [];
  let refused = 0;
  let failedInFlight = 0;
  const load = Array.from({ length: 8 }, async () => {
    for (let i = 0; i < 40; i++) {
      try {
        const res = await fetch(`${BASE}/v1/webhooks/events`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", connection: "close" },
          body: JSON.stringify(cardEventData({ merchantId })),
        });
        if (res.status === 202) acknowledged.push((await res.json()).id);
        else failedInFlight++;
      } catch {
        refused++; // connection refused once the server stopped listening: never acknowledged
      }
    }
  });
  // SIGTERM once the stream is under way: a write was acknowledged.
  await expect.poll(() => acknowledged.length, { intervals: [10] }).toBeGreaterThan(0);
  server.kill("SIGTERM");
  await Promise.all(load);
  const code = await exited;

  expect(code, output.slice(-2000)).toBe(0);
  expect(output).toContain("SIGTERM");
  expect(failedInFlight).toBe(0);
  expect(acknowledged.length).toBeGreaterThan(0);
  const stored = await queryE2E<{ id: string }>("SELECT id FROM events WHERE merchant_id = $1", [merchantId]);
  expect(new Set(stored.map((r) => r.id))).toEqual(new Set(acknowledged));
  expect(refused + acknowledged.length).toBe(320);
});
