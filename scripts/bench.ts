// `npm run bench`: the events API against its own framework's ceiling, on the PostgreSQL server.
// Loads 1,000,000 demo events into BENCH_DATABASE_URL if absent, starts the production server,
// then measures in one run (autocannon): (a) first page, limit 20; (b) status=failed, limit
// 100; (c) a page half the events deep (500,000 of 1M, 5,000,000 of 10M) by cursor, limit 100; (d) fixed bodies of (a)'s and (c)'s
// sizes with no database; (t) (a) and (c) as a merchant account (issue 21: the tenant scope must
// cost nothing), the biggest merchant's first page and a page half its events deep; ingestion as
// fast as it goes (i) against (e), a POST of the same bodies to a fixed route; single POSTs offered
// at a fixed rate (p: answer latency; w: from notification to delivered webhook). Writes docs/benchmarks.md.
// With --compare M it measures instead (a) and (c) at two sizes in one run, taking turns, against
// a second database of M events: issue 14's target compares the latencies at 10M with those at 1M.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { cardEventData } from "@/tests/support/event-data";
import { queryOnce } from "@/tests/support/query-once";
import { freshServerSecrets } from "@/tests/support/scratch-server";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import { offerLoad, percentile } from "./support/offered-load";
import { cpuPerRequest, cpuSnapshot } from "./support/process-cpu";
import { writeReportSection } from "./support/report-section";
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
    port: { type: "string", default: "3300" },
    // Scenario letters to run, e.g. "a,d": a quick look while working; the report is not written.
    only: { type: "string" },
    // Another Node.js binary for the server (the bench itself keeps this one), to compare runtimes.
    "server-node": { type: "string" },
    // Serve the existing .next build instead of building the checkout first. A stale build once
    // served old code against a migrated database (every ingestion a 500): only for reruns.
    "reuse-build": { type: "boolean", default: false },
    // A second size, measured in the same run instead of the scenarios above: (a) and (c) on a
    // database of this many events (BENCH_COMPARE_DATABASE_URL, or the main one's name with the size
    // appended: pic_bench_1m), its server on --port + 1. Writes its own section of the report.
    compare: { type: "string" },
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

/** A database of demo events under test, and the port of the production server in front of it. */
type Target = { events: number; databaseUrl: string; port: number };
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
  return {
    ...process.env,
    ...SERVER_SECRETS,
    NODE_ENV: "production",
    DATABASE_URL: target.databaseUrl,
    PORT: String(target.port),
    NEXTAUTH_URL: baseOf(target),
    BENCH_ROUTES: "true",
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    LOGIN_LIMIT_PER_ADDRESS: "100000",
    DATABASE_POOL_SIZE: args.pool,
    // (w): the bench's webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1",
  };
}

/** A production server started by the bench: where it answers, and its pid for the CPU figures. */
type Server = { base: string; pid: number; stop: () => void };

async function startServer(target: Target): Promise<Server> {
  const child = spawn(args["server-node"] ?? process.execPath, ["scripts/server.mjs"], {
    env: serverEnv(target),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const server = { base: baseOf(target), pid: child.pid ?? 0, stop: () => child.kill("SIGTERM") };
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
    server.stop();
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
  const r = await autocannon({ url: `${server.base}${path}`, headers, connections: CONNECTIONS, duration: DURATION });
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
    `${name.padEnd(44)} ${String(figures.rps).padStart(6)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  max ${figures.max} ms  errors ${figures.errors}  ${bytes} B  CPU/req server ${cpu.server} ms, PostgreSQL ${cpu.postgres} ms, load generator ${clientCpu} ms`,
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

/** (a) and (c) on a target, as its bench-viewer: the two pages issue 14 compares across sizes. */
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
  const r = await autocannon({
    url: `${server.base}/bench/fixed?bytes=${responseBytes}`,
    method: "POST",
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(cardEventData()) }) }],
  });
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
  const load = await offerLoad({
    url: `${server.base}/v1/webhooks/events`,
    headers,
    rate,
    seconds,
    body: () => JSON.stringify(cardEventData()),
  });
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

/**
 * (w): single POSTs offered at `rate` per second for merchants whose credential matches and whose
 * endpoint is the bench's receiver: from the moment a notification is sent (stamped into its
 * metadata) to the moment its webhook arrives.
 */
async function notificationToWebhook(server: Server, rate: number, seconds: number) {
  adoptServerSettings();
  const receiver = await startReceiver();
  const routes = await merchantsWithEndpoints(receiver.url, Number(args["webhook-merchants"]));
  const headers = { authorization: `Bearer ${await token(server, "bench-ingest")}`, "content-type": "application/json" };
  let n = 0;
  const load = await offerLoad({
    url: `${server.base}/v1/webhooks/events`,
    headers,
    rate,
    seconds,
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
  const accepted = load.statuses.get(202) ?? 0;
  const until = Date.now() + 30_000;
  while (receiver.arrivals.size < accepted && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const latencies = [...receiver.arrivals.values()].map((a) => a.at - a.sentAt);
  await receiver.close();
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  return {
    rate,
    sent: load.sent,
    accepted,
    delivered: receiver.arrivals.size,
    duplicates: receiver.duplicates(),
    answerP50: Math.round(percentile(load.latencies, 50) * 10) / 10,
    answerP99: Math.round(percentile(load.latencies, 99) * 10) / 10,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

async function main(): Promise<void> {
  if (!args["reuse-build"] || !existsSync(".next/BUILD_ID")) sh("npx", ["next", "build"]);
  if (args.compare) return compareSizes(compareTarget(Number(args.compare)));
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
    // A partner-identifier filter (issue 11): the acquirer's MID of a failed event, as an
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
    // Issue 21: the same two pages as a merchant account, each right after its unscoped one.
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
    const tenantRatios = { a: ratio(7, 0), c: ratio(8, 2) };
    if (selected("t"))
      console.log(`as a merchant account: (a) ${tenantRatios.a.toFixed(2)}, (c) ${tenantRatios.c.toFixed(2)} of unscoped`);
    if (selected("m") && selected("b")) console.log(`ratio (m)/(b), MID filter to status filter: ${ratio(6, 1).toFixed(2)}`);
    let ingest: Awaited<ReturnType<typeof ingestion>> | undefined;
    let ceiling: Awaited<ReturnType<typeof postCeiling>> | undefined;
    if (selected("i")) {
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
        `\n(w) notification → webhook, single POSTs offered at ${args["webhook-rate"]}/s for ${args["offered-seconds"]} s...`,
      );
      webhooks = await notificationToWebhook(server, Number(args["webhook-rate"]), Number(args["offered-seconds"]));
      console.log(webhooks);
    }
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
    server.stop();
  }
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
    `- As a merchant account (issue 21), req/s of the scoped page / the unscoped one, each round's own ratio: (a) **${tenantRatios.a.toFixed(2)}**, (c) **${tenantRatios.c.toFixed(2)}** (target ≥ 0.9)`,
    "",
    `### Ingestion (${args["ingest-seconds"]} s, worker in the same process)`,
    "",
    "| sent | accepted (202) | stored | req/s | p50 ms | p99 ms | errors | processing attempts | processed twice | queue empty after load stopped | server CPU ms/event | PostgreSQL CPU ms/event |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${ingest.sent} | ${ingest.accepted} | ${ingest.stored} | ${ingest.rps} | ${ingest.p50} | ${ingest.p99} | ${ingest.errors} | ${ingest.attempts} | ${ingest.processedTwice} | ${ingest.lagMs} ms | ${ingest.serverCpuPerEvent} | ${ingest.postgresCpuPerEvent} |`,
    "",
    `- (e) the framework's own ceiling for such a request (POST of the same bodies to a route that reads the body and answers ${ingest.responseBytes} fixed bytes, no auth, no database), measured right after: ${ceiling.rps} req/s, ${ceiling.serverCpu} ms of server CPU per request.`,
    `- Ingestion / (e): **${(ingest.rps / ceiling.rps).toFixed(2)}** (issue 22's target ≥ 0.8).`,
    "",
    `### Single POSTs offered at a fixed rate (${args["offered-seconds"]} s each, open loop)`,
    "",
    "| scenario | offered/s | sent | accepted (202) | errors | answer p50 ms | answer p99 ms | notification → webhook p50 / p95 / p99 ms | delivered | duplicates |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| (p) ingestion | ${offered.rate} | ${offered.sent} | ${offered.accepted} | ${offered.errors} | ${offered.p50} | ${offered.p99} | | | |`,
    `| (w) ingestion to ${args["webhook-merchants"]} merchants' endpoints | ${webhooks.rate} | ${webhooks.sent} | ${webhooks.accepted} | ${webhooks.sent - webhooks.accepted} | ${webhooks.answerP50} | ${webhooks.answerP99} | ${webhooks.p50} / ${webhooks.p95} / ${webhooks.p99} | ${webhooks.delivered} | ${webhooks.duplicates} |`,
    "",
    "- Targets (issue 22): (p) answer p99 ≤ 50 ms at 500/s; (w) p50 ≤ 100 ms and p95 ≤ 150 ms at 1,000/s, nothing lost or twice.",
  ];
  writeReportSection("docs/benchmarks.md", "bench", lines);
}

/** The machine, as the report names it. */
const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

// --compare: (a) and (c) at two sizes in one run. This shared machine's speed changes from hour to
// hour (docs/benchmarks.md, "Reading these figures"), so figures of two runs compare poorly: the
// sizes take turns within one run instead.

/** Issue 14: at the larger size, (a) and (c) within this factor of their p50 and p99 at the smaller. */
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
    for (const server of servers) server.stop();
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
    `round's own ratio). Issue 14's target: every ratio ≤ ${SCALE_TARGET}. Command: \`${command}\` (see scripts/bench.ts).`,
    "",
    ...table,
  ];
  writeReportSection("docs/benchmarks.md", "scale", lines);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
