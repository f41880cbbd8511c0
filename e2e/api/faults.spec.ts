// Faults, on a private PostgreSQL cluster (never the shared server): the database killed hard
// under write load and restarted; a locked table that exhausts the pool and hits statement
// timeouts. The server must stay up, answer 503 problem+json meanwhile, recover by itself,
// keep every acknowledged write, and leak no connection.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import pg from "pg";
import { cardEventData } from "@/tests/support/event-data";
import { expect, test } from "../support/fixtures";
import { createPrivatePostgres, type PrivatePostgres } from "../support/private-postgres";
import { FAULT_PORT, PORTS, serverEnv, workerPort } from "../support/run-env";

test.describe.configure({ mode: "serial" });

const PORT = workerPort(FAULT_PORT);
const BASE = `http://127.0.0.1:${PORT}`;
const POOL_SIZE = 4;
/** The pipeline's own connections (ingestion, the workers), opened beside the API's. */
const PIPELINE_POOL_SIZE = 2;
const PASSWORD = "fault-admin-password";

let database: PrivatePostgres;
let server: ChildProcess;
let token: string;
let serverOutput = "";

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function waitForStatus(path: string, status: number, timeoutMs: number): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${BASE}${path}`).catch(() => undefined))?.status, { timeout: timeoutMs, intervals: [200] })
    .toBe(status);
}

test.beforeAll(async () => {
  // A private PostgreSQL made, migrated and seeded, then a production server started on it.
  test.setTimeout(120_000);
  database = await createPrivatePostgres();
  const env = { ...process.env, ...serverEnv(PORTS[0]), DATABASE_URL: database.url };
  execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "prisma/migrate.ts", "deploy"], { env, stdio: "pipe" });
  execFileSync(
    "node_modules/.bin/tsx",
    ["--conditions=react-server", "scripts/users.ts", "create", "fault-admin", "--role", "admin", "--password", PASSWORD],
    { env, stdio: "pipe" },
  );
  server = spawn(process.execPath, ["scripts/server.mjs"], {
    env: {
      ...process.env,
      ...serverEnv(PORTS[0]),
      DATABASE_URL: database.url,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NEXTAUTH_URL: BASE,
      ACCESS_TOKEN_TTL_SECONDS: "3600",
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      DATABASE_PIPELINE_POOL_SIZE: String(PIPELINE_POOL_SIZE),
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      DATABASE_STATEMENT_TIMEOUT_MS: "1500",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (serverOutput += d));
  server.stderr!.on("data", (d) => (serverOutput += d));
  await waitForStatus("/readyz", 200, 60_000);
  const res = await fetch(`${BASE}/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "fault-admin", password: PASSWORD }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});

test.afterAll(() => {
  server?.kill("SIGKILL");
  database?.destroy();
});

async function ingest(
  merchantId: string,
): Promise<{ status: number; id?: string; problem?: Record<string, unknown>; contentType: string | null }> {
  const res = await fetch(`${BASE}/v1/webhooks/events`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(cardEventData({ merchantId })),
  });
  const body = (await res.json()) as Record<string, unknown>;
  return {
    status: res.status,
    id: res.status === 202 ? (body.id as string) : undefined,
    problem: body,
    contentType: res.headers.get("content-type"),
  };
}

test("PostgreSQL killed under write load: 503s meanwhile, recovery by itself, every acknowledged write kept", async () => {
  // PostgreSQL stopped and started under load, then the recovery waited for (up to 30 s).
  test.setTimeout(90_000);
  const merchantId = "fault-kill";
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  let healthyWhileDown = false;
  let stop = false;
  const streams = Array.from({ length: 4 }, async () => {
    while (!stop) {
      const r = await ingest(merchantId);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.id) acknowledged.push(r.id);
      else {
        expect(r.status, JSON.stringify(r.problem)).toBe(503);
        expect(r.contentType).toBe("application/problem+json");
        expect(r.problem).toMatchObject({ code: "service_unavailable" });
      }
    }
  });
  // Each phase lasts until the streams have met it (no fixed pauses): writes acknowledged, then
  // refused with 503 while PostgreSQL is down, then acknowledged again after its recovery.
  const refused = () => statuses.get(503) ?? 0;
  await expect.poll(() => acknowledged.length, { intervals: [50] }).toBeGreaterThanOrEqual(20);
  database.stopHard();
  await expect.poll(refused, { intervals: [50] }).toBeGreaterThanOrEqual(4);
  healthyWhileDown = (await fetch(`${BASE}/healthz`)).status === 200;
  expect((await fetch(`${BASE}/readyz`)).status).toBe(503);
  const refusedBeforeStart = refused();
  await expect.poll(refused, { intervals: [50] }).toBeGreaterThanOrEqual(refusedBeforeStart + 4);
  database.start();
  await waitForStatus("/readyz", 200, 30_000);
  const acknowledgedBeforeRecovery = acknowledged.length;
  await expect.poll(() => acknowledged.length, { intervals: [50] }).toBeGreaterThanOrEqual(acknowledgedBeforeRecovery + 20);
  stop = true;
  await Promise.all(streams);

  expect(healthyWhileDown).toBe(true);
  expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
  expect([...statuses.keys()].sort()).toEqual([202, 503]);
  const stored = new Set(
    (await query<{ id: string }>("SELECT id FROM events WHERE merchant_id = $1", [merchantId])).map((r) => r.id),
  );
  for (const id of acknowledged) expect(stored.has(id), `acknowledged ${id} lost`).toBe(true);
  // Nothing half-written: every stored event has its body and its lifted columns.
  const [broken] = await query<{ n: number }>(
    "SELECT count(*)::int AS n FROM events WHERE merchant_id = $1 AND (body = '' OR dedup_key IS NULL)",
    [merchantId],
  );
  expect(broken!.n).toBe(0);
  // And the worker drains what was queued before, during and after.
  await expect
    .poll(async () => (await query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE status = 'pending'"))[0]!.n, {
      timeout: 20_000,
      intervals: [100],
    })
    .toBe(0);
  expect(server.exitCode).toBeNull();
});

test("a locked table: statement timeouts and an exhausted pool answer 503 fast, /healthz and /readyz stay up, no connection leaks", async () => {
  const locker = new pg.Client({ connectionString: database.url });
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE events IN ACCESS EXCLUSIVE MODE");
  try {
    const started = Date.now();
    const reads = Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await fetch(`${BASE}/v1/webhooks/events?limit=5`, { headers: { authorization: `Bearer ${token}` } });
        return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: Date.now() - started };
      }),
    );
    // Every API connection waits on the lock (and the worker's): readiness asks on a connection of
    // its own, so it still answers at once (on the API's pool it waited for a connection, then 503).
    await expect
      .poll(
        async () =>
          (await query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'"))[0]!.n,
        { intervals: [20] },
      )
      .toBeGreaterThanOrEqual(POOL_SIZE);
    const askedReady = Date.now();
    const ready = await fetch(`${BASE}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
    // The status tells it from the old answer (503 after the pool's second of waiting); the time
    // has room for a loaded machine (two spec files at a time) and the probe's own connection
    // made again after the kill above.
    expect(Date.now() - askedReady).toBeLessThan(2_000);
    const results = await reads;
    const health = await fetch(`${BASE}/healthz`);
    expect(health.status).toBe(200);
    for (const r of results) {
      expect(r.status, JSON.stringify(r.body)).toBe(503);
      expect(r.body.code).toBe("service_unavailable");
      // Statement timeout 1.5 s, connection wait 1 s: nobody waits long.
      expect(r.ms).toBeLessThan(6_000);
    }
  } finally {
    await locker.query("ROLLBACK");
    await locker.end();
  }
  const after = await fetch(`${BASE}/v1/webhooks/events?limit=5`, { headers: { authorization: `Bearer ${token}` } });
  expect(after.status).toBe(200);
  const [connections] = await query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'postgres' AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
  );
  // The API's pool, the pipeline's and the readiness probe's one connection.
  expect(connections!.n).toBeLessThanOrEqual(POOL_SIZE + PIPELINE_POOL_SIZE + 1);
  expect(serverOutput).not.toMatch(/"level":50.*unhandled error/);
});
