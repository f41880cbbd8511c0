// DATABASE_REPLICA_URL end to end: a real streaming replica of the run's PostgreSQL server
// (tests/support/streaming-replica.ts) and a third, API-only instance reading events from it.
// An event written through the first instance appears in the list read through the replica;
// with the replica's replay paused the replica's instance does not show a new event yet (so its
// list really comes from the replica); with the replica stopped, it keeps answering from the
// primary.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { cardEventData } from "@/tests/support/event-data";
import { type StreamingReplica, startStreamingReplica } from "@/tests/support/streaming-replica";
import { expect, test } from "../support/fixtures";
import { baseUrlOf, e2eRun, PORTS, REPLICA_PORT, serverEnv } from "../support/run-env";
import { USERS } from "../support/users";

test.describe.configure({ mode: "serial" });

const PRIMARY_ONLY = baseUrlOf(PORTS[0]);
const READS_REPLICA = baseUrlOf(REPLICA_PORT);
const LOG_FILE = "test-results/next-replica.log";

let replica: StreamingReplica;
let server: ChildProcess;
let exited: Promise<number | null>;

async function tokenOf(request: APIRequestContext, user: { username: string; password: string }): Promise<string> {
  const res = await request.post(`${PRIMARY_ONLY}/v1/auth`, { data: { username: user.username, password: user.password } });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

async function listedIds(request: APIRequestContext, base: string, token: string, merchantId: string): Promise<string[]> {
  const res = await request.get(`${base}/v1/webhooks/events?merchant_id=${merchantId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { id: string }[]).map((e) => e.id).sort();
}

async function ingest(request: APIRequestContext, merchantId: string): Promise<string> {
  const res = await request.post(`${PRIMARY_ONLY}/v1/webhooks/events`, {
    headers: { authorization: `Bearer ${await tokenOf(request, USERS.ingest)}` },
    data: cardEventData({ merchantId }),
  });
  expect(res.status()).toBe(202);
  return (await res.json()).id;
}

test.beforeAll(async () => {
  // A streaming replica copied from the server (a base backup), then a server reading from it.
  test.setTimeout(120_000);
  const run = e2eRun();
  // The run's database exists already (the web servers made it), so the copy holds it.
  replica = await startStreamingReplica(run.adminUrl);
  fs.mkdirSync("test-results", { recursive: true });
  const log = fs.openSync(LOG_FILE, "w");
  server = spawn(process.execPath, ["scripts/server.mjs"], {
    env: {
      ...process.env,
      ...serverEnv(PORTS[0]),
      PORT: String(REPLICA_PORT),
      HOST: "127.0.0.1",
      NEXTAUTH_URL: READS_REPLICA,
      DATABASE_REPLICA_URL: replica.urlOf(run.databaseUrl),
      DATABASE_REPLICA_RETRY_SECONDS: "1",
      // API-only: the instance serves reads; the two others run the workers.
      WORKER_ENABLED: "false",
      WEBHOOK_WORKER_ENABLED: "false",
    },
    stdio: ["ignore", log, log],
  });
  exited = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
  await expect
    .poll(async () => (await fetch(`${READS_REPLICA}/readyz`).catch(() => undefined))?.status, {
      timeout: 60_000,
      intervals: [250],
    })
    .toBe(200);
});

test.afterAll(async () => {
  let code: number | null = 0;
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    code = await exited;
  }
  replica?.destroy();
  // SIGTERM closes both pools, the replica's with its connections dead, and exits cleanly.
  expect(code, `the replica instance's exit code (${LOG_FILE})`).toBe(0);
});

test("an event written through one instance appears in the list read through the replica", async ({ request }) => {
  const viewer = await tokenOf(request, USERS.viewer);
  const merchantId = `replica-${randomBytes(4).toString("hex")}`;
  const first = await ingest(request, merchantId);
  await expect.poll(() => listedIds(request, READS_REPLICA, viewer, merchantId), { timeout: 10_000 }).toEqual([first]);

  await replica.pauseReplay();
  try {
    const second = await ingest(request, merchantId);
    // The primary has it; the replica, standing still, does not yet: the list comes from the replica.
    expect(await listedIds(request, PRIMARY_ONLY, viewer, merchantId)).toEqual([first, second].sort());
    expect(await listedIds(request, READS_REPLICA, viewer, merchantId)).toEqual([first]);
    const detail = await request.get(`${READS_REPLICA}/v1/webhooks/events/${second}`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(detail.status()).toBe(404);

    await replica.resumeReplay();
    await expect
      .poll(() => listedIds(request, READS_REPLICA, viewer, merchantId), { timeout: 10_000 })
      .toEqual([first, second].sort());
  } finally {
    await replica.resumeReplay().catch(() => {});
  }
});

test("with the replica stopped, the instance keeps answering from the primary", async ({ request }) => {
  const viewer = await tokenOf(request, USERS.viewer);
  const merchantId = `replica-down-${randomBytes(4).toString("hex")}`;
  const id = await ingest(request, merchantId);
  await replica.catchUp();

  replica.stop();
  const started = Date.now();
  expect(await listedIds(request, READS_REPLICA, viewer, merchantId)).toEqual([id]);
  const auth = { headers: { authorization: `Bearer ${viewer}` } };
  expect((await request.get(`${READS_REPLICA}/v1/webhooks/events/${id}`, auth)).status()).toBe(200);
  expect((await request.get(`${READS_REPLICA}/v1/stats/overview`, auth)).status()).toBe(200);
  expect((await request.get(`${READS_REPLICA}/v1/webhooks/events/export?merchant_id=${merchantId}`, auth)).status()).toBe(200);
  expect((await request.get(`${READS_REPLICA}/readyz`)).status()).toBe(200);
  // A stopped server refuses connections at once: no read waited for a timeout.
  expect(Date.now() - started).toBeLessThan(5_000);
  // Events written meanwhile are listed too (from the primary).
  const later = await ingest(request, merchantId);
  expect(await listedIds(request, READS_REPLICA, viewer, merchantId)).toEqual([id, later].sort());

  // One line for the change of state (the log is written asynchronously), and no URL in it.
  const logged = () => fs.readFileSync(LOG_FILE, "utf8").match(/.*read replica unreachable.*/g) ?? [];
  await expect.poll(() => logged().length, { timeout: 5_000 }).toBe(1);
  expect(logged()[0]).not.toMatch(/postgres(ql)?:\/\//);
});
