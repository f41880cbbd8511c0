// `npm run bench`: the events API against its own framework's ceiling, on the PostgreSQL server.
// Loads 1,000,000 demo events into BENCH_DATABASE_URL if absent, starts the production server,
// then measures in one run (autocannon): (a) first page, limit 20; (b) status=failed, limit
// 100; (c) a page half the events deep (500,000 of 1M, 5,000,000 of 10M) by cursor, limit 100; (d) fixed bodies of (a)'s and (c)'s
// sizes with no database; (t) (a) and (c) as a merchant account (merchants are tenants: the tenant scope must
// cost nothing), the biggest merchant's first page and a page half its events deep; ingestion as
// fast as it goes (i) against (e), a POST of the same bodies to a fixed route; single POSTs offered
// at a fixed rate (p: answer latency; w: from notification to delivered webhook). Writes docs/benchmarks.md.
// With --compare M it measures instead (a) and (c) at two sizes in one run, taking turns, against
// a second database of M events: the 1.2× target for ten million events compares the latencies at 10M with those at 1M.
// With --observability it measures instead (a), (c) and ingestion on two servers of the same
// database, taking turns: one with metrics on (METRICS_TOKEN, scraped) and tracing off, one with
// neither (the cost target for metrics: within 5%).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { cardEventData } from "@/tests/support/event-data";
import { queryOnce } from "@/tests/support/query-once";
import { freshServerSecrets } from "@/tests/support/scratch-server";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import { FAIR_USE_OFF } from "./support/capacity-env";
import { offerLoad, percentile } from "./support/offered-load";
import { type CpuSnapshot, cpuPerRequest, cpuSnapshot, machineCpuTicks, processCpuMs } from "./support/process-cpu";
import { ProfileWindows, profileDirectory } from "./support/profile-windows";
import { writeReportSection } from "./support/report-section";
import { atLeast, atMost, loadNow, none, printTargets, type TargetCheck } from "./support/target-checks";
import { waitForUrl } from "./support/wait-for-url";
import { merchantsWithEndpoints, startReceiver } from "./support/webhook-receivers";

const { values: args } = parseArgs({
  options: {
    events: { type: "string", default: "1000000" },
    duration: { type: "string", default: "6" },
    rounds: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
    // The server's PostgreSQL pool (DATABASE_POOL_SIZE).
    pool: { type: "string", default: "16" },
    "ingest-seconds": { type: "string", default: "30" },
    // (p) and (w): single POSTs offered at a fixed rate, open loop (scripts/support/offered-load.ts).
    "offered-seconds": { type: "string", default: "20" },
    "latency-rate": { type: "string", default: "500" },
    "webhook-rate": { type: "string", default: "1000" },
    "webhook-merchants": { type: "string", default: "10" },
    // (w) against this many server instances on the database, the POSTs to each in turn (the
    // service scales out by instances: every one runs the API and a delivery worker).
    instances: { type: "string", default: "1" },
    port: { type: "string", default: "3300" },
    // Scenario letters to run, e.g. "a,d": a quick look while working; the report is not written.
    only: { type: "string" },
    // Another Node.js binary for the server (the bench itself keeps this one), to compare runtimes.
    "server-node": { type: "string" },
    // The server under `node --cpu-prof`; each measured scenario's time window is written beside
    // the profile, which `npx tsx scripts/cpu-profile-split.ts <dir>` splits per scenario.
    "cpu-prof": { type: "boolean", default: false },
    // Serve the existing .next build instead of building the checkout first. A stale build once
    // served old code against a migrated database (every ingestion a 500): only for reruns.
    "reuse-build": { type: "boolean", default: false },
    // A second size, measured in the same run instead of the scenarios above: (a) and (c) on a
    // database of this many events (BENCH_COMPARE_DATABASE_URL, or the main one's name with the size
    // appended: pic_bench_1m), its server on --port + 1. Writes its own section of the report.
    compare: { type: "string" },
    // The cost of metrics: (a), (c) and ingestion with metrics on and scraped, tracing off, against
    // the same without them, in turns (observabilityCost below). Writes its own section of the report.
    observability: { type: "boolean", default: false },
    // How often the bench scrapes the observed server's /metrics (Prometheus's default is 15 s).
    "scrape-seconds": { type: "string", default: "5" },
  },
});
const EVENTS = Number(args.events);
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pic_bench";
const PASSWORD = "bench password 1234";
/** Whether a scenario (a, b, c, d, m), the ingestion (i), offered (p) or webhooks (w) runs: all unless --only says. */
const selected = (letter: string) => !args.only || args.only.split(",").includes(letter);
const LETTERS = ["a", "b", "c", "d", "e", "i", "m", "p", "t", "w"];
for (const letter of args.only?.split(",") ?? []) {
  if (!LETTERS.includes(letter)) throw new Error(`--only: no scenario "${letter}" (scenarios: ${LETTERS.join(", ")})`);
}
/** The profile's directory under --cpu-prof, and the measured windows (kept in any case: cheap). */
const PROFILE_DIR = args["cpu-prof"] ? profileDirectory() : undefined;
const windows = new ProfileWindows();

/**
 * A database of demo events under test, and the port of the production server in front of it;
 * env: the server's own settings (metrics, tracing) over the bench's.
 */
type Target = { events: number; databaseUrl: string; port: number; env?: Record<string, string> };
const MAIN: Target = { events: EVENTS, databaseUrl: DATABASE_URL, port: PORT };
/** How deep (c) pages: half the events. */
const deepOf = (target: Target) => Math.floor(target.events / 2);

// The commands (migrate, demo data, users) need secrets on a server database like the server
// does; the bench's data keeps no secret worth keeping between runs.
const CLI_SECRETS = freshServerSecrets();

function sh(command: string, argv: string[], env: Record<string, string> = {}): void {
  const r = spawnSync(command, argv, { stdio: "inherit", env: { ...process.env, ...CLI_SECRETS, ...env } });
  if (r.status !== 0) throw new Error(`${command} ${argv.join(" ")} failed`);
}

async function ensureDatabase({ databaseUrl }: Target): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: "/postgres" }).toString() });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  sh("npx", ["tsx", "--conditions=react-server", "prisma/migrate.ts", "deploy"], { DATABASE_URL: databaseUrl });
}

/** A query on the main database, where the ingestion and the MID filter run. */
const query = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => queryOnce<T>(DATABASE_URL, sql, params);

/** Loads the target's demo events if it has fewer, and its users; returns how many events it holds. */
async function ensureData({ events, databaseUrl }: Target): Promise<number> {
  const count = (await queryOnce<{ count: string }>(databaseUrl, "SELECT count(*) FROM events"))[0]!.count;
  if (Number(count) < events) {
    console.log(`Loading ${events - Number(count)} demo events (have ${count})...`);
    sh("npx", ["tsx", "--conditions=react-server", "prisma/demo.ts", "--events", String(events - Number(count))], {
      DATABASE_URL: databaseUrl,
    });
  }
  await queryOnce(databaseUrl, "ANALYZE events");
  for (const [username, role] of [
    ["bench-viewer", "viewer"],
    ["bench-ingest", "ingest"],
  ] as const) {
    const r = spawnSync(
      "npx",
      ["tsx", "--conditions=react-server", "scripts/users.ts", "create", username, "--role", role, "--password", PASSWORD],
      {
        env: { ...process.env, ...CLI_SECRETS, DATABASE_URL: databaseUrl },
        encoding: "utf8",
      },
    );
    if (r.status !== 0 && !r.stderr.includes("taken")) throw new Error(r.stderr);
  }
  await ensureMerchantAccount(databaseUrl);
  return Math.max(Number(count), events);
}

/** bench-merchant: a merchant account of the merchant that owns the most events. */
async function ensureMerchantAccount(databaseUrl: string): Promise<void> {
  const [top] = await queryOnce<{ owner: string }>(
    databaseUrl,
    "SELECT owner_merchant_id AS owner FROM events GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1",
  );
  const run = (argv: string[]) =>
    spawnSync("npx", ["tsx", "--conditions=react-server", "scripts/users.ts", ...argv], {
      env: { ...process.env, ...CLI_SECRETS, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    });
  const merchant = ["--merchant", top!.owner];
  const created = run(["create", "bench-merchant", "--role", "merchant", ...merchant, "--password", PASSWORD]);
  if (created.status === 0) return;
  if (!created.stderr.includes("taken")) throw new Error(created.stderr);
  const moved = run(["set-role", "bench-merchant", "merchant", ...merchant]);
  if (moved.status !== 0) throw new Error(moved.stderr);
}

// One set of secrets for every server of the run: the bench signs (c)'s cursors itself, and the
// cursor module keeps the key of the first secret it reads.
const SERVER_SECRETS = freshServerSecrets();
const baseOf = (target: Target) => `http://127.0.0.1:${target.port}`;

/**
 * The server's secrets and main database in this process's environment, before the first module
 * that reads it (lib/env.ts keeps what it read first): the bench signs (c)'s cursors and writes
 * (w)'s merchants itself.
 */
function adoptServerSettings(): void {
  Object.assign(process.env, SERVER_SECRETS, { DATABASE_URL: MAIN.databaseUrl });
}

function serverEnv(target: Target): NodeJS.ProcessEnv {
  // Metrics and tracing only where the target asks for them, whatever the bench's shell holds.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== "METRICS_TOKEN" && !key.startsWith("OTEL_")),
  );
  return {
    ...inherited,
    ...SERVER_SECRETS,
    NODE_ENV: "production",
    DATABASE_URL: target.databaseUrl,
    PORT: String(target.port),
    NEXTAUTH_URL: baseOf(target),
    BENCH_ROUTES: "true",
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    LOGIN_LIMIT_PER_ADDRESS: "100000",
    ...FAIR_USE_OFF,
    DATABASE_POOL_SIZE: args.pool,
    // (w): the bench's webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1",
    ...target.env,
  };
}

/** A production server started by the bench: where it answers, and its pid for the CPU figures. */
type Server = { base: string; pid: number; stop: () => Promise<void> };

async function startServer(target: Target, options = { profiled: true }): Promise<Server> {
  const profile = PROFILE_DIR && options.profiled ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn(args["server-node"] ?? process.execPath, [...profile, "scripts/server.mjs"], {
    env: serverEnv(target),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Waits for the exit: V8 writes the profile as the process ends (scripts/server.mjs drains and exits on SIGTERM).
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  const server = { base: baseOf(target), pid: child.pid ?? 0, stop };
  if (options.profiled) windows.serverPid = server.pid;
  try {
    await waitForUrl(`${server.base}/readyz`, 60_000);
    // The demo data leaves events pending: let the worker finish them before measuring reads.
    const until = Date.now() + 120_000;
    while (
      Date.now() < until &&
      (await queryOnce<{ n: number }>(target.databaseUrl, "SELECT count(*)::int AS n FROM events WHERE status = 'pending'"))[0]!
        .n > 0
    ) {
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (e) {
    await server.stop();
    throw e;
  }
  return server;
}

async function token(server: Server, username: string): Promise<string> {
  return (await signInOverHttp(server.base, { username, password: PASSWORD })).access_token;
}

type Figures = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  bytes: number;
  /** CPU per request, ms: the server process, and all of PostgreSQL. */
  serverCpu: number;
  postgresCpu: number;
};

async function measure(server: Server, { name, path, headers }: Scenario, warmUp: boolean): Promise<Figures> {
  const probe = await fetch(`${server.base}${path}`, { headers });
  const bytes = (await probe.text()).length;
  if (!probe.ok) throw new Error(`${name}: ${probe.status}`);
  if (warmUp) await autocannon({ url: `${server.base}${path}`, headers, connections: CONNECTIONS, duration: 3 });
  const before = cpuSnapshot(server.pid);
  const clientBefore = process.cpuUsage();
  const r = await windows.time(
    name,
    () => autocannon({ url: `${server.base}${path}`, headers, connections: CONNECTIONS, duration: DURATION }),
    (result) => result.requests.total,
  );
  const cpu = cpuPerRequest(before, cpuSnapshot(server.pid), r.requests.total);
  const clientUsage = process.cpuUsage(clientBefore);
  const clientCpu = Math.round(((clientUsage.user + clientUsage.system) / 1000 / Math.max(1, r.requests.total)) * 100) / 100;
  const figures = {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts + r.non2xx,
    bytes,
    serverCpu: cpu.server,
    postgresCpu: cpu.postgres,
  };
  console.log(
    `${name.padEnd(44)} ${String(figures.rps).padStart(6)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  max ${figures.max} ms  errors ${figures.errors}  ${bytes} B  CPU/req server ${cpu.server} ms, PostgreSQL ${cpu.postgres} ms, load generator ${clientCpu} ms  load ${loadNow()}`,
  );
  return figures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One row per scenario: the median of each figure over the rounds (errors summed, max the worst). */
function medianOf(samples: Figures[]): Figures {
  return {
    name: samples[0]!.name,
    rps: Math.round(median(samples.map((s) => s.rps))),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    max: Math.max(...samples.map((s) => s.max)),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
    bytes: samples[0]!.bytes,
    serverCpu: median(samples.map((s) => s.serverCpu)),
    postgresCpu: median(samples.map((s) => s.postgresCpu)),
  };
}

async function deepCursor(target: Target): Promise<string> {
  // The position half the events deep into the default (newest first) order, as the API encodes it.
  const [row] = await queryOnce<{ created_at: Date; id: string }>(
    target.databaseUrl,
    `SELECT created_at, id FROM events ORDER BY created_at DESC, id DESC OFFSET ${deepOf(target) - 1} LIMIT 1`,
  );
  adoptServerSettings();
  const { cursorBinding, encodeCursor } = await import("@/lib/paging/cursor");
  return encodeCursor({ createdAt: row!.created_at, id: row!.id }, cursorBinding("events", { sort: "desc" }));
}

/** (a) and (c) as bench-merchant: its first page, and a page half its own events deep (a cursor bound to its scope). */
async function merchantScenarios(target: Target, server: Server): Promise<{ a: Scenario; c: Scenario }> {
  const auth = { authorization: `Bearer ${await token(server, "bench-merchant")}` };
  const [account] = await queryOnce<{ merchant_id: string }>(
    target.databaseUrl,
    "SELECT merchant_id FROM users WHERE username = 'bench-merchant'",
  );
  const merchantId = account!.merchant_id;
  const [{ n }] = (await queryOnce<{ n: number }>(
    target.databaseUrl,
    "SELECT count(*)::int AS n FROM events WHERE owner_merchant_id = $1",
    [merchantId],
  )) as [{ n: number }];
  const deep = Math.floor(n / 2);
  const [row] = await queryOnce<{ created_at: Date; id: string }>(
    target.databaseUrl,
    `SELECT created_at, id FROM events WHERE owner_merchant_id = $1 ORDER BY created_at DESC, id DESC OFFSET ${deep - 1} LIMIT 1`,
    [merchantId],
  );
  const { cursorBinding, encodeCursor } = await import("@/lib/paging/cursor");
  const cursor = encodeCursor(
    { createdAt: row!.created_at, id: row!.id },
    cursorBinding("events", { sort: "desc", tenant: merchantId }),
  );
  return {
    a: {
      letter: "t",
      name: `(a) as a merchant account (${n.toLocaleString("en-US")} events)`,
      path: "/v1/webhooks/events?limit=20",
      headers: auth,
    },
    c: {
      letter: "t",
      name: `(c) as a merchant account, ${deep.toLocaleString("en-US")} deep, limit 100`,
      path: `/v1/webhooks/events?limit=100&cursor=${cursor}`,
      headers: auth,
    },
  };
}

type Scenario = { letter: string; name: string; path: string; headers: Record<string, string> };

/** (a) and (c) on a target, as its bench-viewer: the two pages compared across sizes (--compare). */
async function pageScenarios(target: Target, server: Server): Promise<{ a: Scenario; c: Scenario }> {
  const auth = { authorization: `Bearer ${await token(server, "bench-viewer")}` };
  const cursor = await deepCursor(target);
  return {
    a: { letter: "a", name: "(a) first page, limit 20", path: "/v1/webhooks/events?limit=20", headers: auth },
    c: {
      letter: "c",
      name: `(c) ${deepOf(target).toLocaleString("en-US")} deep by cursor, limit 100`,
      path: `/v1/webhooks/events?limit=100&cursor=${cursor}`,
      headers: auth,
    },
  };
}

/** POST /bench/fixed with the same event bodies: what the framework alone takes in, per second. */
async function postCeiling(server: Server, seconds: number, responseBytes: number) {
  const cpuBefore = cpuSnapshot(server.pid);
  const r = await windows.time(
    "(e) fixed POST",
    () =>
      autocannon({
        url: `${server.base}/bench/fixed?bytes=${responseBytes}`,
        method: "POST",
        connections: CONNECTIONS,
        duration: seconds,
        headers: { "content-type": "application/json" },
        requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(cardEventData()) }) }],
      }),
    (result) => result.requests.total,
  );
  const cpu = cpuPerRequest(cpuBefore, cpuSnapshot(server.pid), r.requests.total);
  return { rps: Math.round(r.requests.average), errors: r.errors + r.timeouts + r.non2xx, serverCpu: cpu.server };
}

async function ingestion(server: Server, seconds: number) {
  const ingestToken = await token(server, "bench-ingest");
  const headers = { authorization: `Bearer ${ingestToken}`, "content-type": "application/json" };
  // One event first, for the size of an answer (the fixed POST route answers as much); it is
  // stored before the measured window starts.
  const probe = await fetch(`${server.base}/v1/webhooks/events`, {
    method: "POST",
    headers,
    body: JSON.stringify(cardEventData()),
  });
  const responseBytes = (await probe.text()).length;
  const max = (await query<{ max: Date | null }>("SELECT max(created_at) AS max FROM events"))[0]!.max;
  const started = new Date(Math.max(Date.now(), (max?.getTime() ?? 0) + 1));
  let accepted = 0;
  const cpuBefore = cpuSnapshot(server.pid);
  const startUs = windows.start();
  let run!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    run = autocannon(
      {
        url: `${server.base}/v1/webhooks/events`,
        method: "POST",
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(cardEventData()) }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  run.on("response", (_client: unknown, status: number) => {
    if (status === 202) accepted++;
  });
  const r = await done;
  windows.add("(i) ingestion", startUs, r.requests.total);
  const stoppedAt = Date.now();
  let pending = 1;
  while (pending > 0 && Date.now() - stoppedAt < 60_000) {
    pending = Number((await query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE status = 'pending'"))[0]!.n);
    if (pending > 0) await new Promise((res) => setTimeout(res, 50));
  }
  const lagMs = Date.now() - stoppedAt;
  const cpu = cpuPerRequest(cpuBefore, cpuSnapshot(server.pid), r.requests.total);
  const [stored] = await query<{ stored: string; attempts: string; twice: string }>(
    `SELECT count(*)::int AS stored,
            (SELECT count(*) FROM event_attempts a JOIN events e ON e.id = a.event_id WHERE e.created_at >= $1)::int AS attempts,
            (SELECT count(*) FROM (SELECT a.event_id FROM event_attempts a JOIN events e ON e.id = a.event_id
               WHERE e.created_at >= $1 GROUP BY a.event_id HAVING count(*) > 1) t)::int AS twice
     FROM events WHERE created_at >= $1`,
    [started],
  );
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    sent: r.requests.total,
    accepted,
    stored: Number(stored!.stored),
    attempts: Number(stored!.attempts),
    processedTwice: Number(stored!.twice),
    lagMs,
    responseBytes,
    serverCpuPerEvent: cpu.server,
    postgresCpuPerEvent: cpu.postgres,
  };
}

type Offered = Awaited<ReturnType<typeof offeredIngestion>>;

/** (p): single POSTs offered at `rate` per second: the answers' latency, and whether each was stored. */
async function offeredIngestion(server: Server, rate: number, seconds: number) {
  const headers = { authorization: `Bearer ${await token(server, "bench-ingest")}`, "content-type": "application/json" };
  const load = await windows.time(
    "(p) offered single POSTs",
    () =>
      offerLoad({
        url: `${server.base}/v1/webhooks/events`,
        headers,
        rate,
        seconds,
        body: () => JSON.stringify(cardEventData()),
      }),
    (result) => result.sent,
  );
  return {
    rate,
    sent: load.sent,
    accepted: load.statuses.get(202) ?? 0,
    errors: load.sent - (load.statuses.get(202) ?? 0),
    p50: Math.round(percentile(load.latencies, 50) * 10) / 10,
    p99: Math.round(percentile(load.latencies, 99) * 10) / 10,
    max: Math.round(Math.max(...load.latencies)),
  };
}

/** (w)'s ramp: measured from this long after the rate starts. */
const RAMP_MS = 3_000;
/** (w)'s warm-up before it, at a quarter of the rate, delivered before the load starts. */
const WARM_UP_SECONDS = 3;

/**
 * (w): single POSTs offered at `rate` per second for merchants whose credential matches and whose
 * endpoint is the bench's receiver: from the moment a notification is sent (stamped into its
 * metadata) to the moment its webhook arrives.
 */
async function notificationToWebhook(server: Server, rate: number, seconds: number) {
  adoptServerSettings();
  const instances = Number(args.instances);
  const others: Server[] = [];
  for (let i = 1; i < instances; i++) others.push(await startServer({ ...MAIN, port: PORT + 10 + i }, { profiled: false }));
  try {
    return await offeredToInstances([server, ...others], rate, seconds);
  } finally {
    await Promise.all(others.map((other) => other.stop()));
  }
}

async function offeredToInstances(servers: Server[], rate: number, seconds: number) {
  const [server] = servers as [Server, ...Server[]];
  const receiver = await startReceiver();
  const routes = await merchantsWithEndpoints(receiver.url, Number(args["webhook-merchants"]));
  const headers = { authorization: `Bearer ${await token(server, "bench-ingest")}`, "content-type": "application/json" };
  let n = 0;
  const offer = (r: number, s: number) =>
    offerLoad({
      url: servers.map((each) => `${each.base}/v1/webhooks/events`),
      headers,
      rate: r,
      seconds: s,
      body: () => {
        const route = routes[n++ % routes.length]!;
        return JSON.stringify(
          cardEventData({
            acquirerMerchantIdentifier: route.mid,
            acquirerTerminalIdentifier: route.tid,
            metadata: { sentAt: Date.now() },
          }),
        );
      },
    });
  const allDelivered = async (count: number) => {
    const until = Date.now() + 30_000;
    while (receiver.arrivals.size < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  };
  // A quarter of the rate for WARM_UP_SECONDS first, delivered before the load starts: a server that has not
  // yet served the route answers its first second of notifications up to 4 s late (code not yet
  // compiled by V8, connections being opened). Then the rate itself, measured after its first
  // RAMP_MS, as the other scenarios measure after a warm-up under the same load: from a quarter
  // of the rate to all of it, the first 2-3 s are delivered late (notification → webhook p50
  // 0.1-0.5 s at 600/s, then 15-25 ms, docs/benchmarks.md), and that ramp is reported apart.
  const warmUp = await offer(Math.max(1, Math.round(rate / 4)), WARM_UP_SECONDS);
  const warmedUp = warmUp.statuses.get(202) ?? 0;
  await allDelivered(warmedUp);
  const startedAt = Date.now();
  let before: { cpu: CpuSnapshot; others: number[]; bench: NodeJS.CpuUsage; machine: { busy: number; total: number } };
  let startUs = 0;
  const rampEnd = setTimeout(() => {
    before = {
      cpu: cpuSnapshot(server.pid),
      others: servers.slice(1).map((other) => processCpuMs(other.pid)),
      bench: process.cpuUsage(),
      machine: machineCpuTicks(),
    };
    startUs = windows.start();
  }, RAMP_MS);
  const load = await offer(rate, seconds + RAMP_MS / 1000);
  clearTimeout(rampEnd);
  const accepted = load.statuses.get(202) ?? 0;
  await allDelivered(warmedUp + accepted);
  const sentAfterRamp = load.sentAfter.filter((at) => at >= RAMP_MS).length;
  windows.add("(w) notification to webhook, until delivered", startUs, sentAfterRamp);
  const cpu = cpuPerRequest(before!.cpu, cpuSnapshot(server.pid), sentAfterRamp);
  const othersMs = servers.slice(1).reduce((sum, other, i) => sum + processCpuMs(other.pid) - before!.others[i]!, 0);
  const bench = process.cpuUsage(before!.bench);
  const machine = machineCpuTicks();
  const machineBefore = before!.machine;
  const rampEndsAt = startedAt + RAMP_MS;
  const ofLoad = [...receiver.arrivals.values()].filter((a) => a.sentAt >= startedAt);
  const measured = ofLoad.filter((a) => a.sentAt >= rampEndsAt);
  const ramp = ofLoad.filter((a) => a.sentAt < rampEndsAt).map((a) => a.at - a.sentAt);
  const latencies = measured.map((a) => a.at - a.sentAt);
  const answers = load.latencies.filter((_, i) => load.sentAfter[i]! >= RAMP_MS);
  await receiver.close();
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  return {
    rate,
    instances: servers.length,
    sent: load.sent,
    accepted,
    // Every notification of the load, the ramp's included: nothing may be lost or sent twice.
    delivered: ofLoad.length,
    duplicates: receiver.duplicates(),
    answerP50: Math.round(percentile(answers, 50) * 10) / 10,
    answerP99: Math.round(percentile(answers, 99) * 10) / 10,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rampP50: percentile(ramp, 50),
    rampP95: percentile(ramp, 95),
    // Where each notification's CPU went (ms), while it was sent and until its webhook arrived:
    // the server, PostgreSQL, and this process (the load generator and the webhook receiver).
    serverCpuPerEvent: Math.round((cpu.server + othersMs / Math.max(1, sentAfterRamp)) * 100) / 100,
    postgresCpuPerEvent: cpu.postgres,
    benchCpuPerEvent: Math.round(((bench.user + bench.system) / 1000 / Math.max(1, sentAfterRamp)) * 100) / 100,
    machineBusy: Math.round(((machine.busy - machineBefore.busy) / (machine.total - machineBefore.total)) * 100) / 100,
  };
}

async function main(): Promise<void> {
  if (!args["reuse-build"] || !existsSync(".next/BUILD_ID")) sh("npx", ["next", "build"]);
  if (args.compare) return compareSizes(compareTarget(Number(args.compare)));
  if (args.observability) return observabilityCost();
  await ensureDatabase(MAIN);
  await ensureData(MAIN);

  const server = await startServer(MAIN);
  try {
    const pages = await pageScenarios(MAIN, server);
    const auth = pages.a.headers;
    console.log(`\n${EVENTS} events; ${CONNECTIONS} connections, ${DURATION} s per scenario\n`);
    // The scenarios take turns, round after round; each figure is the median of its rounds.
    const scenarios: Scenario[] = [
      pages.a,
      { letter: "b", name: "(b) status=failed, limit 100", path: "/v1/webhooks/events?status=failed&limit=100", headers: auth },
      pages.c,
    ];
    const sizes = await Promise.all(
      [scenarios[0]!, scenarios[2]!].map(
        async (s) => (await (await fetch(`${server.base}${s.path}`, { headers: s.headers })).text()).length,
      ),
    );
    scenarios.push(
      { letter: "d", name: "(d) fixed body, size of (a)", path: `/bench/fixed?bytes=${sizes[0]}`, headers: {} },
      { letter: "d", name: "(d) fixed body, size of (c)", path: `/bench/fixed?bytes=${sizes[1]}`, headers: {} },
      // The first page at (c)'s limit: the p99 target compares a deep page with the first.
      { letter: "c", name: "(a') first page, limit 100", path: "/v1/webhooks/events?limit=100", headers: auth },
    );
    // A partner-identifier filter: the acquirer's MID of a failed event, as an
    // operator would paste it; compared with (b), a status filter of the same page size.
    const mid = (
      await query<{ mid: string }>(
        "SELECT acquirer_merchant_identifier AS mid FROM events WHERE status = 'failed' ORDER BY created_at DESC LIMIT 1",
      )
    )[0]!.mid;
    scenarios.push({
      letter: "m",
      name: "(m) acquirer_merchant_id (MID) filter, limit 100",
      path: `/v1/webhooks/events?acquirer_merchant_id=${mid}&limit=100`,
      headers: auth,
    });
    // The tenant scope's cost: the same two pages as a merchant account, each right after its unscoped one.
    const tenant = await merchantScenarios(MAIN, server);
    scenarios.push(tenant.a, tenant.c);
    // Each list scenario runs right next to its (d), in A-B order one round and B-A the next, so
    // that a drift in the machine's speed (this one shares its host) falls on both sides of a
    // ratio alike; the ratios are the medians of each round's own ratio.
    const pairs = [
      [0, 3],
      [2, 4],
    ];
    const samples: Figures[][] = scenarios.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round} of ${ROUNDS}`);
      const order = [...pairs.flatMap((pair) => (round % 2 ? pair : [...pair].reverse())), 7, 8, 5, 1, 6];
      for (const i of order) {
        const s = scenarios[i]!;
        if (selected(s.letter)) samples[i]!.push(await measure(server, s, round === 1));
      }
    }
    const ratio = (of: number, to: number) =>
      samples[of]!.length && samples[to]!.length ? median(samples[of]!.map((s, i) => s.rps / samples[to]![i]!.rps)) : Number.NaN;
    const ratioA = ratio(0, 3);
    const ratioC = ratio(2, 4);
    console.log(`\nratio (a)/(d): ${ratioA.toFixed(2)}   ratio (c)/(d): ${ratioC.toFixed(2)}`);
    // The same comparison by the server's CPU per request ((d)'s over the page's, so that higher
    // is better like the req/s ratio): on a machine shared with other work, req/s follow the
    // other work's load, CPU per request much less.
    const cpuRatio = (of: number, to: number) =>
      samples[of]!.length && samples[to]!.length
        ? median(samples[of]!.map((s, i) => samples[to]![i]!.serverCpu / s.serverCpu))
        : Number.NaN;
    console.log(
      `by server CPU per request, (d)/(a): ${cpuRatio(0, 3).toFixed(2)}   (d)/(c): ${cpuRatio(2, 4).toFixed(2)}  (load ${loadNow()})`,
    );
    const tenantRatios = { a: ratio(7, 0), c: ratio(8, 2) };
    if (selected("t"))
      console.log(`as a merchant account: (a) ${tenantRatios.a.toFixed(2)}, (c) ${tenantRatios.c.toFixed(2)} of unscoped`);
    if (selected("m") && selected("b")) console.log(`ratio (m)/(b), MID filter to status filter: ${ratio(6, 1).toFixed(2)}`);
    let ingest: Awaited<ReturnType<typeof ingestion>> | undefined;
    let ceiling: Awaited<ReturnType<typeof postCeiling>> | undefined;
    // (e) is ingestion's ceiling: the one runs with the other.
    if (selected("i") || selected("e")) {
      console.log(`\nIngestion for ${args["ingest-seconds"]} s...`);
      ingest = await ingestion(server, Number(args["ingest-seconds"]));
      console.log(ingest);
      // Right after, in the same conditions: the framework's own ceiling for such a POST.
      ceiling = await postCeiling(server, DURATION, ingest.responseBytes);
      console.log(`(e) POST of the same bodies to a fixed route: ${ceiling.rps} req/s, server CPU ${ceiling.serverCpu} ms/req`);
      console.log(`ingestion / (e): ${(ingest.rps / ceiling.rps).toFixed(2)}`);
    }
    let offered: Offered | undefined;
    if (selected("p")) {
      console.log(`\n(p) single POSTs offered at ${args["latency-rate"]}/s for ${args["offered-seconds"]} s...`);
      offered = await offeredIngestion(server, Number(args["latency-rate"]), Number(args["offered-seconds"]));
      console.log(offered);
    }
    let webhooks: Awaited<ReturnType<typeof notificationToWebhook>> | undefined;
    if (selected("w")) {
      console.log(
        `\n(w) notification → webhook, single POSTs offered at ${args["webhook-rate"]}/s for ${args["offered-seconds"]} s after a ${RAMP_MS / 1000} s ramp, to ${args.instances} instance(s)...`,
      );
      webhooks = await notificationToWebhook(server, Number(args["webhook-rate"]), Number(args["offered-seconds"]));
      console.log(webhooks);
    }
    printTargets("bench targets", measuredTargetChecks({ ratioA, ratioC, ingest, ceiling, offered, webhooks }));
    if (args.only || !ingest || !ceiling || !offered || !webhooks) return;
    const [a, b, c, dA, dC, a100, , tA, tC] = samples.map(medianOf) as Figures[] as [
      Figures,
      Figures,
      Figures,
      Figures,
      Figures,
      Figures,
      Figures,
      Figures,
      Figures,
    ];
    const p99Ratio = c.p99 / a100.p99;
    console.log(`p99 (c)/(a') at limit 100: ${p99Ratio.toFixed(2)}`);
    writeReport([a, a100, b, c, dA, dC, tA, tC], { ratioA, ratioC, p99Ratio, tenantRatios }, ingest, ceiling, offered, webhooks);
  } finally {
    await server.stop();
    if (PROFILE_DIR) {
      windows.write(PROFILE_DIR);
      console.log(`\nCPU profile and windows in ${PROFILE_DIR}: npx tsx scripts/cpu-profile-split.ts ${PROFILE_DIR}`);
    }
  }
}

/** The throughput targets this run measured: §2 ingestion, (p) and (w); §3 the list's ratios to (d). */
function measuredTargetChecks(run: {
  ratioA: number;
  ratioC: number;
  ingest?: Awaited<ReturnType<typeof ingestion>>;
  ceiling?: Awaited<ReturnType<typeof postCeiling>>;
  offered?: Offered;
  webhooks?: Awaited<ReturnType<typeof notificationToWebhook>>;
}): TargetCheck[] {
  const checks: TargetCheck[] = [];
  if (Number.isFinite(run.ratioA)) checks.push(atLeast("§3 (a) / (d), req/s, median of the rounds' ratios", run.ratioA, 0.8));
  if (Number.isFinite(run.ratioC)) checks.push(atLeast("§3 (c) / (d), req/s, median of the rounds' ratios", run.ratioC, 0.8));
  const { ingest, ceiling, offered, webhooks } = run;
  if (ingest && ceiling) {
    checks.push(atLeast("§2 ingestion (i) / fixed POST (e), req/s", ingest.rps / ceiling.rps, 0.8));
    checks.push(none("§2 ingestion: accepted (202) but not stored", Math.max(0, ingest.accepted - ingest.stored)));
    checks.push(none("§2 ingestion: processed twice", ingest.processedTwice));
  }
  // A rate other than the target's measures something else: reported, not judged.
  const atRate = (check: TargetCheck, rate: number, target: number): TargetCheck =>
    rate === target ? check : { ...check, pass: undefined, note: `offered ${rate}/s, the target is at ${target}/s` };
  if (offered) {
    checks.push(atRate(atMost("§2 (p) answer p99 at 500/s offered", offered.p99, 50, " ms"), offered.rate, 500));
    checks.push(none("§2 (p) requests not accepted (202)", offered.errors));
  }
  if (webhooks) {
    checks.push(atRate(atMost("§2 (w) notification → webhook p50 at 1,000/s", webhooks.p50, 100, " ms"), webhooks.rate, 1000));
    checks.push(atRate(atMost("§2 (w) notification → webhook p95 at 1,000/s", webhooks.p95, 150, " ms"), webhooks.rate, 1000));
    checks.push(none("§2 (w) requests not accepted (202)", webhooks.sent - webhooks.accepted));
    checks.push(none("§2 (w) accepted but never delivered", Math.max(0, webhooks.accepted - webhooks.delivered)));
    checks.push(none("§2 (w) delivered twice", webhooks.duplicates));
  }
  return checks;
}

function writeReport(
  rows: Figures[],
  {
    ratioA,
    ratioC,
    p99Ratio,
    tenantRatios,
  }: { ratioA: number; ratioC: number; p99Ratio: number; tenantRatios: { a: number; c: number } },
  ingest: Awaited<ReturnType<typeof ingestion>>,
  ceiling: Awaited<ReturnType<typeof postCeiling>>,
  offered: Offered,
  webhooks: Awaited<ReturnType<typeof notificationToWebhook>>,
): void {
  // (w)'s CPU per notification in all: server(s), PostgreSQL and the bench's own process.
  const webhookCpu = (webhooks.serverCpuPerEvent + webhooks.postgresCpuPerEvent + webhooks.benchCpuPerEvent).toFixed(2);
  const lines = [
    "## Events API: `npm run bench`",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, PostgreSQL server on the same machine,`,
    `production build served by scripts/server.mjs, load from autocannon in the same machine (${CONNECTIONS} connections,`,
    `${ROUNDS} rounds of ${DURATION} s per scenario, (a) and (c) each next to its (d) in alternating order, after a 3 s warm-up;`,
    "medians of the rounds, ratios the medians of each round's own ratio; CPU per request read from /proc).",
    "Command: `npm run bench` (see scripts/bench.ts).",
    "",
    `### Events list at ${EVENTS.toLocaleString("en")} events (authenticated)`,
    "",
    "| scenario | req/s | p50 ms | p99 ms | max ms | errors | body bytes | server CPU ms/req | PostgreSQL CPU ms/req |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.bytes} | ${r.serverCpu} | ${r.postgresCpu} |`,
    ),
    "",
    `- (a) / (d) of the same size: **${ratioA.toFixed(2)}** (target ≥ 0.8)`,
    `- (c) / (d) of the same size: **${ratioC.toFixed(2)}** (target ≥ 0.8)`,
    `- p99 of (c) / p99 of (a'), the first page at the same limit: **${p99Ratio.toFixed(2)}** (target ≤ 1.2)`,
    `- As a merchant account (the tenant scope), req/s of the scoped page / the unscoped one, each round's own ratio: (a) **${tenantRatios.a.toFixed(2)}**, (c) **${tenantRatios.c.toFixed(2)}** (target ≥ 0.9)`,
    "",
    `### Ingestion (${args["ingest-seconds"]} s, worker in the same process)`,
    "",
    "| sent | accepted (202) | stored | req/s | p50 ms | p99 ms | errors | processing attempts | processed twice | queue empty after load stopped | server CPU ms/event | PostgreSQL CPU ms/event |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${ingest.sent} | ${ingest.accepted} | ${ingest.stored} | ${ingest.rps} | ${ingest.p50} | ${ingest.p99} | ${ingest.errors} | ${ingest.attempts} | ${ingest.processedTwice} | ${ingest.lagMs} ms | ${ingest.serverCpuPerEvent} | ${ingest.postgresCpuPerEvent} |`,
    "",
    `- (e) the framework's own ceiling for such a request (POST of the same bodies to a route that reads the body and answers ${ingest.responseBytes} fixed bytes, no auth, no database), measured right after: ${ceiling.rps} req/s, ${ceiling.serverCpu} ms of server CPU per request.`,
    `- Ingestion / (e): **${(ingest.rps / ceiling.rps).toFixed(2)}** (target ≥ 0.8).`,
    "",
    `### Single POSTs offered at a fixed rate (${args["offered-seconds"]} s each, open loop)`,
    "",
    "| scenario | offered/s | sent | accepted (202) | errors | answer p50 ms | answer p99 ms | notification → webhook p50 / p95 / p99 ms | delivered | duplicates |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| (p) ingestion | ${offered.rate} | ${offered.sent} | ${offered.accepted} | ${offered.errors} | ${offered.p50} | ${offered.p99} | | | |`,
    `| (w) ingestion to ${args["webhook-merchants"]} merchants' endpoints, ${webhooks.instances} instance(s) | ${webhooks.rate} | ${webhooks.sent} | ${webhooks.accepted} | ${webhooks.sent - webhooks.accepted} | ${webhooks.answerP50} | ${webhooks.answerP99} | ${webhooks.p50} / ${webhooks.p95} / ${webhooks.p99} | ${webhooks.delivered} | ${webhooks.duplicates} |`,
    "",
    "- Targets: (p) answer p99 ≤ 50 ms at 500/s; (w) p50 ≤ 100 ms and p95 ≤ 150 ms at 1,000/s, nothing lost or twice.",
    `- (w) after a ${WARM_UP_SECONDS} s warm-up at a quarter of the rate, measured from ${RAMP_MS / 1000} s after the full rate starts (the ramp, those first ${RAMP_MS / 1000} s: notification → webhook p50 ${webhooks.rampP50} ms, p95 ${webhooks.rampP95} ms). CPU per notification, from its POST until its webhook arrived: server${webhooks.instances > 1 ? "s" : ""} ${webhooks.serverCpuPerEvent} ms, PostgreSQL ${webhooks.postgresCpuPerEvent} ms, the bench's own process (load generator and receiver) ${webhooks.benchCpuPerEvent} ms; the machine was ${Math.round(webhooks.machineBusy * 100)}% busy. At 1,000/s those ${webhookCpu} ms would need ${webhookCpu} of the ${cpus().length} cores.`,
  ];
  writeReportSection("docs/benchmarks.md", "bench", lines);
}

/** The machine, as the report names it. */
const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

// --compare: (a) and (c) at two sizes in one run. This shared machine's speed changes from hour to
// hour (docs/benchmarks.md, "Reading these figures"), so figures of two runs compare poorly: the
// sizes take turns within one run instead.

/** The scale target: at the larger size, (a) and (c) within this factor of their p50 and p99 at the smaller. */
const SCALE_TARGET = 1.2;

/** 1000000 → "1m", 20000 → "20k": the compared database's name suffix. */
const shortCount = (n: number) => (n % 1e6 === 0 ? `${n / 1e6}m` : n % 1e3 === 0 ? `${n / 1e3}k` : String(n));

/** The --compare size: its own database (pic_bench → pic_bench_1m) and its server on the next port. */
function compareTarget(events: number): Target {
  if (!Number.isInteger(events) || events < 2) throw new Error("--compare takes a number of events, at least 2");
  const derived = new URL(DATABASE_URL);
  derived.pathname = `${derived.pathname}_${shortCount(events)}`;
  const databaseUrl = process.env.BENCH_COMPARE_DATABASE_URL ?? derived.toString();
  if (new URL(databaseUrl).toString() === new URL(DATABASE_URL).toString()) {
    throw new Error("--compare needs a database of its own: BENCH_COMPARE_DATABASE_URL is BENCH_DATABASE_URL");
  }
  return { events, databaseUrl, port: PORT + 1 };
}

type PageLetter = "a" | "c";
/** One size of the comparison: its database, the server in front of it, and its (a) and (c). */
type Side = { target: Target; server: Server; scenarios: Record<PageLetter, Scenario> };
type ScaleRow = { name: string; small: Figures; large: Figures; p50Ratio: number; p99Ratio: number };

async function compareSizes(small: Target): Promise<void> {
  const letters = (["a", "c"] as const).filter(selected);
  if (!letters.length) throw new Error("--compare measures (a) and (c): --only selects neither");
  const targets = [small, MAIN];
  for (const target of targets) {
    await ensureDatabase(target);
    const held = await ensureData(target);
    if (held !== target.events) console.log(`${target.databaseUrl} holds ${held} events, not ${target.events}`);
  }
  // Both servers run throughout, one measured at a time; the idle one's worker only polls, and it
  // does so during either size's turn alike.
  const servers: Server[] = [];
  try {
    for (const target of targets) servers.push(await startServer(target));
    const sides: Side[] = [];
    for (const [i, target] of targets.entries()) {
      sides.push({ target, server: servers[i]!, scenarios: await pageScenarios(target, servers[i]!) });
    }
    console.log(`\n${small.events} and ${EVENTS} events; ${CONNECTIONS} connections, ${DURATION} s per scenario and size\n`);
    const samples = await measureInTurns(sides, letters);
    const rows = letters.map((letter) => scaleRow(sides[1]!.scenarios[letter].name, samples.get(letter)!));
    const table = scaleTable(small, rows);
    console.log(`\n${table.join("\n")}`);
    if (!args.only) writeScaleReport(small, table);
  } finally {
    for (const server of servers) await server.stop();
  }
}

/**
 * Each scenario at both sizes right after each other, the smaller first one round and the larger
 * first the next, so that a drift in the machine's speed falls on both sides of a ratio alike.
 * Returns, per scenario, each side's figures in round order.
 */
async function measureInTurns(sides: Side[], letters: PageLetter[]): Promise<Map<PageLetter, Figures[][]>> {
  const samples = new Map(letters.map((letter) => [letter, sides.map((): Figures[] => [])]));
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round} of ${ROUNDS}`);
    const order = round % 2 ? [0, 1] : [1, 0];
    for (const letter of letters) {
      for (const i of order) {
        const { target, server, scenarios } = sides[i]!;
        const scenario = { ...scenarios[letter], name: `${target.events.toLocaleString("en-US")}: ${scenarios[letter].name}` };
        samples.get(letter)![i]!.push(await measure(server, scenario, round === 1));
      }
    }
  }
  return samples;
}

/** A scenario's medians at both sizes; its ratios, as the main table's, the medians of each round's own. */
function scaleRow(name: string, [small, large]: Figures[][]): ScaleRow {
  const ratio = (key: "p50" | "p99") => median(large!.map((figures, round) => figures[key] / small![round]![key]));
  return { name, small: medianOf(small!), large: medianOf(large!), p50Ratio: ratio("p50"), p99Ratio: ratio("p99") };
}

/** The comparison as a Markdown table, for the console and the report alike. */
function scaleTable(small: Target, rows: ScaleRow[]): string[] {
  const [m, n] = [small.events, EVENTS].map((count) => count.toLocaleString("en-US"));
  const within = (ratio: number) => (ratio <= SCALE_TARGET ? "yes" : "**no**");
  return [
    `| scenario | ${m}: p50 ms | ${m}: p99 ms | ${n}: p50 ms | ${n}: p99 ms | p50 ${n} / ${m} | p99 ${n} / ${m} | within ${SCALE_TARGET}× (p50, p99) | errors |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.small.p50} | ${r.small.p99} | ${r.large.p50} | ${r.large.p99} | ${r.p50Ratio.toFixed(2)} | ${r.p99Ratio.toFixed(2)} | ${within(r.p50Ratio)}, ${within(r.p99Ratio)} | ${r.small.errors + r.large.errors} |`,
    ),
    "",
    `(c) pages half of each size deep: ${deepOf(small).toLocaleString("en-US")} at ${m} events, ${deepOf(MAIN).toLocaleString("en-US")} at ${n}.`,
  ];
}

function writeScaleReport(small: Target, table: string[]): void {
  const command = `npm run bench -- --events ${EVENTS} --compare ${small.events}`;
  const lines = [
    `## Events API at two sizes: \`${command}\``,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, both databases on one PostgreSQL server on the same machine,`,
    "a production server per database (scripts/server.mjs), both running, one measured at a time; load from autocannon in the",
    `same machine (${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per scenario and size, the two sizes of a scenario`,
    "right after each other in alternating order, after a 3 s warm-up; medians of the rounds, ratios the medians of each",
    `round's own ratio). Target: the larger size served within ${SCALE_TARGET}× of the smaller, every ratio ≤ ${SCALE_TARGET}. Command: \`${command}\` (see scripts/bench.ts).`,
    "",
    ...table,
  ];
  writeReportSection("docs/benchmarks.md", "scale", lines);
}

// --observability: the cost of metrics (target: within 5%). Two servers on the main database, both running throughout,
// one measured at a time: "plain" (no METRICS_TOKEN, no OTEL_*: nothing counted, no SDK loaded)
// and "observed" (METRICS_TOKEN set and /metrics scraped every --scrape-seconds, tracing off).
// Each scenario runs on both right after each other, plain first one round and observed first the
// next (A/B, B/A), as the two sizes of --compare do; ratios are the medians of each round's own.

/** The cost target: (a), (c) and ingestion with metrics on within 5% of without. */
const COST_TARGET = 0.95;
const METRICS_TOKEN = "bench-metrics-token-0123456789";

type CostLetter = "a" | "c" | "i";
type CostSample = { rps: number; p50: number; p99: number; load: number };

/** The 1-minute load average now (/proc/loadavg): the machine is shared, the report says how busy it was. */
const loadAverage = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

/** Scrapes the observed server's /metrics every interval until stopped; counts answers and failures. */
function scrapeEvery(server: Server, seconds: number) {
  const counts = { ok: 0, failed: 0, bytes: 0 };
  const scrape = async () => {
    try {
      const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const text = await res.text();
      if (res.ok && text.includes("pic_http_request_duration_seconds")) {
        counts.ok++;
        counts.bytes = text.length;
      } else counts.failed++;
    } catch {
      counts.failed++;
    }
  };
  void scrape();
  const timer = setInterval(scrape, seconds * 1000);
  return { counts, stop: () => clearInterval(timer) };
}

async function costSample(letter: CostLetter, server: Server, pages: { a: Scenario; c: Scenario }, warmUp: boolean) {
  const load = loadAverage();
  if (letter === "i") {
    const r = await ingestion(server, Number(args["ingest-seconds"]));
    // Stored may exceed accepted: what is in flight when the load stops is stored, its answer not counted.
    if (r.errors > 0 || r.stored < r.accepted)
      throw new Error(`ingestion: ${r.errors} errors, ${r.accepted} accepted, ${r.stored} stored`);
    console.log(`ingestion ${r.rps} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  server CPU ${r.serverCpuPerEvent} ms/event`);
    return { rps: r.rps, p50: r.p50, p99: r.p99, load };
  }
  const f = await measure(server, pages[letter], warmUp);
  if (f.errors > 0) throw new Error(`${f.name}: ${f.errors} errors`);
  return { rps: f.rps, p50: f.p50, p99: f.p99, load };
}

/**
 * The cost of metrics from its parts, which the machine's load blurs far less than it blurs
 * throughput: the observed server's CPU per scrape (back to back), and in this process the CPU of
 * the hooks a request runs with metrics on (the same functions the server calls, registry made).
 */
async function metricsParts(plain: Server, observed: Server) {
  // Idle, side by side: what metrics on costs with no request at all (prom-client's default
  // collectors: the event-loop delay monitor, the GC observer), both workers polling alike.
  const IDLE_MS = 15_000;
  const idleBefore = [plain, observed].map((server) => cpuSnapshot(server.pid));
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const [plainIdle, observedIdle] = [plain, observed].map(
    (server, i) => cpuPerRequest(idleBefore[i]!, cpuSnapshot(server.pid), IDLE_MS / 1000).server,
  );
  const SCRAPES = 50;
  const before = cpuSnapshot(observed.pid);
  for (let i = 0; i < SCRAPES; i++) {
    const res = await fetch(`${observed.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (!res.ok) throw new Error(`/metrics: ${res.status}`);
    await res.text();
  }
  const scrape = cpuPerRequest(before, cpuSnapshot(observed.pid), SCRAPES);
  const { countDecisions, countReceived, observeRequest } = await import("@/lib/metrics/registry");
  const list = () => observeRequest({ method: "GET", route: "/v1/webhooks/events", status: 200, ms: 12.5 });
  const notification = () => {
    observeRequest({ method: "POST", route: "/v1/webhooks/events", status: 202, ms: 12.5 });
    countReceived([{ acquirerName: "cielo", result: "created" }]);
    countDecisions([{ acquirerName: "cielo", status: "processed", failureReason: null }]);
  };
  const microseconds = (hooks: () => void) => {
    const N = 200_000;
    for (let i = 0; i < 20_000; i++) hooks();
    const start = process.cpuUsage();
    for (let i = 0; i < N; i++) hooks();
    const used = process.cpuUsage(start);
    return Math.round(((used.user + used.system) / N) * 100) / 100;
  };
  return {
    plainIdle,
    observedIdle,
    scrapeServerMs: scrape.server,
    listHooksUs: microseconds(list),
    notificationHooksUs: microseconds(notification),
  };
}

async function observabilityCost(): Promise<void> {
  // This process's own registry counts (metricsParts), as the observed server's does.
  process.env.METRICS_TOKEN = METRICS_TOKEN;
  const letters = (["a", "c", "i"] as const).filter(selected);
  await ensureDatabase(MAIN);
  await ensureData(MAIN);
  const configs = [
    { name: "without (no METRICS_TOKEN, no tracing)", target: MAIN },
    { name: "metrics on and scraped, tracing off", target: { ...MAIN, port: PORT + 1, env: { METRICS_TOKEN } } },
  ];
  const servers: Server[] = [];
  try {
    for (const { target } of configs) servers.push(await startServer(target));
    const pages = await Promise.all(configs.map(({ target }, i) => pageScenarios(target, servers[i]!)));
    const scraper = scrapeEvery(servers[1]!, Number(args["scrape-seconds"]));
    const samples = new Map(letters.map((letter) => [letter, configs.map((): CostSample[] => [])]));
    const started = new Date();
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        console.log(`round ${round} of ${ROUNDS} (load average ${loadAverage()})`);
        const order = round % 2 ? [0, 1] : [1, 0];
        for (const letter of letters) {
          for (const i of order) {
            process.stdout.write(`${configs[i]!.name}: `);
            samples.get(letter)![i]!.push(await costSample(letter, servers[i]!, pages[i]!, round === 1));
          }
        }
      }
    } finally {
      scraper.stop();
    }
    if (scraper.counts.ok === 0 || scraper.counts.failed > 0) {
      throw new Error(`scrapes of /metrics: ${scraper.counts.ok} answered, ${scraper.counts.failed} failed`);
    }
    const table = costTable(letters, samples, configs[0]!.name, configs[1]!.name);
    const loads = [...samples.values()].flatMap((sides) => sides.flatMap((side) => side.map((s) => s.load)));
    const parts = await metricsParts(servers[0]!, servers[1]!);
    const about = [...costAbout(started, loads, scraper.counts), ...partsAbout(parts)];
    console.log(["", ...table, "", ...about].join("\n"));
    if (!args.only) writeCostReport(table, about);
  } finally {
    for (const server of servers) server.stop();
  }
}

const COST_NAMES: Record<CostLetter, string> = {
  a: "(a) first page, limit 20",
  c: "(c) half the events deep by cursor, limit 100",
  i: "ingestion, single POSTs",
};

function costTable(letters: readonly CostLetter[], samples: Map<CostLetter, CostSample[][]>, plain: string, observed: string) {
  const rows = letters.map((letter) => {
    const [off, on] = samples.get(letter)! as [CostSample[], CostSample[]];
    const ratio = median(on.map((s, round) => s.rps / off[round]!.rps));
    const perRound = on.map((s, round) => (s.rps / off[round]!.rps).toFixed(2)).join(", ");
    const m = (side: CostSample[], key: keyof CostSample) => median(side.map((s) => s[key]));
    return `| ${COST_NAMES[letter]} | ${Math.round(m(off, "rps"))} | ${m(off, "p50")} / ${m(off, "p99")} | ${Math.round(m(on, "rps"))} | ${m(on, "p50")} / ${m(on, "p99")} | ${perRound} | **${ratio.toFixed(2)}** | ${ratio >= COST_TARGET ? "yes" : "**no**"} |`;
  });
  return [
    `| scenario | ${plain}: req/s | p50 / p99 ms | ${observed}: req/s | p50 / p99 ms | each round's ratio, on / off | median ratio | within 5% |`,
    "| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |",
    ...rows,
  ];
}

function costAbout(started: Date, loads: number[], scrapes: { ok: number; bytes: number }) {
  const sorted = [...loads].sort((x, y) => x - y);
  return [
    `Load average (1 min, /proc/loadavg) at the start of each measurement: median ${median(loads).toFixed(1)}, from ${sorted[0]} to ${sorted.at(-1)} on ${cpus().length} cores, ${started.toISOString().slice(11, 16)}–${new Date().toISOString().slice(11, 16)} UTC.`,
    `/metrics scraped every ${args["scrape-seconds"]} s on the observed server: ${scrapes.ok} scrapes, all answered (${scrapes.bytes} bytes the last).`,
  ];
}

function partsAbout(parts: Awaited<ReturnType<typeof metricsParts>>) {
  const perSecond = parts.scrapeServerMs / Number(args["scrape-seconds"]);
  return [
    `Idle, side by side for 15 s (workers polling, no request): ${parts.plainIdle} ms of server CPU per second without, ${parts.observedIdle} ms with metrics on (prom-client's default collectors).`,
    `From its parts: a scrape costs the server ${parts.scrapeServerMs} ms of CPU (50 back to back), ${perSecond.toFixed(2)} ms per second at one scrape every ${args["scrape-seconds"]} s (${(perSecond / 10).toFixed(3)} % of a core); the hooks a request runs cost ${parts.listHooksUs} µs of CPU for a list page (its duration histogram) and ${parts.notificationHooksUs} µs for a notification (duration, received, decided), against the 2–5 ms of server CPU a request takes (the tables above and the bench section).`,
  ];
}

function writeCostReport(table: string[], about: string[]): void {
  const command = `npm run bench -- --observability --events ${EVENTS} --rounds ${ROUNDS} --ingest-seconds ${args["ingest-seconds"]}`;
  const lines = [
    `## Cost of metrics and tracing: \`${command}\``,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, ${EVENTS.toLocaleString("en-US")} events, PostgreSQL server on the same machine;`,
    "two production servers (scripts/server.mjs) on the one database, both running, one measured at a time; each scenario on",
    `both right after each other in alternating order (A/B, B/A), ${ROUNDS} rounds (${DURATION} s per page scenario after a 3 s warm-up,`,
    `${args["ingest-seconds"]} s of ingestion), ${CONNECTIONS} connections from autocannon in the same machine; medians of the rounds, ratios the medians`,
    `of each round's own ratio. Target: metrics on cost at most 5%, every ratio ≥ ${COST_TARGET}. Command: \`${command}\` (see scripts/bench.ts).`,
    "",
    ...table,
    "",
    ...about.map((line) => `- ${line}`),
  ];
  writeReportSection("docs/benchmarks.md", "observability", lines);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
