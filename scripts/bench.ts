// `npm run bench`: the events API against its own framework's ceiling, on the PostgreSQL server.
// Loads 1,000,000 demo events into BENCH_DATABASE_URL if absent, starts the production server,
// then measures in one run (autocannon): (a) first page, limit 20; (b) status=failed, limit
// 100; (c) a page half the events deep (500,000 of 1M, 5,000,000 of 10M) by cursor, limit 100; (d) fixed bodies of (a)'s and (c)'s
// sizes with no database; and ingestion with the worker keeping up. Writes docs/benchmarks.md.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { cardEventData } from "@/tests/support/event-data";
import { freshServerSecrets } from "@/tests/support/scratch-server";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import { cpuPerRequest, cpuSnapshot } from "./support/process-cpu";
import { queryOnce } from "./support/query-once";
import { writeReportSection } from "./support/report-section";
import { waitForUrl } from "./support/wait-for-url";

const { values: args } = parseArgs({
  options: {
    events: { type: "string", default: "1000000" },
    duration: { type: "string", default: "6" },
    rounds: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
    // The server's PostgreSQL pool (DATABASE_POOL_SIZE).
    pool: { type: "string", default: "16" },
    "ingest-seconds": { type: "string", default: "30" },
    port: { type: "string", default: "3300" },
    // Scenario letters to run, e.g. "a,d": a quick look while working; the report is not written.
    only: { type: "string" },
    // Another Node.js binary for the server (the bench itself keeps this one), to compare runtimes.
    "server-node": { type: "string" },
    // Serve the existing .next build instead of building the checkout first. A stale build once
    // served old code against a migrated database (every ingestion a 500): only for reruns.
    "reuse-build": { type: "boolean", default: false },
  },
});
const EVENTS = Number(args.events);
/** How deep (c) pages: half the events. */
const DEEP = Math.floor(EVENTS / 2);
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pic_bench";
const PASSWORD = "bench password 1234";
/** Whether a scenario (a, b, c, d, m) or the ingestion (i) runs: all of them unless --only says. */
const selected = (letter: string) => !args.only || args.only.split(",").includes(letter);

// The commands (migrate, demo data, users) need secrets on a server database like the server
// does; the bench's data keeps no secret worth keeping between runs.
const CLI_SECRETS = freshServerSecrets();

function sh(command: string, argv: string[], env: Record<string, string> = {}): void {
  const r = spawnSync(command, argv, { stdio: "inherit", env: { ...process.env, ...CLI_SECRETS, ...env } });
  if (r.status !== 0) throw new Error(`${command} ${argv.join(" ")} failed`);
}

async function ensureDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: "/postgres" }).toString() });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  sh("npx", ["tsx", "--conditions=react-server", "prisma/migrate.ts", "deploy"], { DATABASE_URL });
}

const query = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => queryOnce<T>(DATABASE_URL, sql, params);

async function ensureData(): Promise<void> {
  const count = (await query<{ count: string }>("SELECT count(*) FROM events"))[0]!.count;
  if (Number(count) < EVENTS) {
    console.log(`Loading ${EVENTS - Number(count)} demo events (have ${count})...`);
    sh("npx", ["tsx", "--conditions=react-server", "prisma/demo.ts", "--events", String(EVENTS - Number(count))], {
      DATABASE_URL,
    });
  }
  await query("ANALYZE events");
  for (const [username, role] of [
    ["bench-viewer", "viewer"],
    ["bench-ingest", "ingest"],
  ] as const) {
    const r = spawnSync(
      "npx",
      ["tsx", "--conditions=react-server", "scripts/users.ts", "create", username, "--role", role, "--password", PASSWORD],
      {
        env: { ...process.env, ...CLI_SECRETS, DATABASE_URL },
        encoding: "utf8",
      },
    );
    if (r.status !== 0 && !r.stderr.includes("taken")) throw new Error(r.stderr);
  }
}

function serverEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...freshServerSecrets(),
    NODE_ENV: "production",
    DATABASE_URL,
    PORT: String(PORT),
    NEXTAUTH_URL: BASE,
    BENCH_ROUTES: "true",
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    LOGIN_LIMIT_PER_ADDRESS: "100000",
    DATABASE_POOL_SIZE: args.pool,
  };
}

async function token(username: string): Promise<string> {
  return (await signInOverHttp(BASE, { username, password: PASSWORD })).access_token;
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

let serverPid = 0;

async function measure(name: string, path: string, headers: Record<string, string> = {}, warmUp = true): Promise<Figures> {
  const probe = await fetch(`${BASE}${path}`, { headers });
  const bytes = (await probe.text()).length;
  if (!probe.ok) throw new Error(`${name}: ${probe.status}`);
  if (warmUp) await autocannon({ url: `${BASE}${path}`, headers, connections: CONNECTIONS, duration: 3 });
  const before = cpuSnapshot(serverPid);
  const clientBefore = process.cpuUsage();
  const r = await autocannon({ url: `${BASE}${path}`, headers, connections: CONNECTIONS, duration: DURATION });
  const cpu = cpuPerRequest(before, cpuSnapshot(serverPid), r.requests.total);
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

async function deepCursor(): Promise<string> {
  // The position half the events deep into the default (newest first) order, as the API encodes it.
  const [row] = await query<{ created_at: Date; id: string }>(
    `SELECT created_at, id FROM events ORDER BY created_at DESC, id DESC OFFSET ${DEEP - 1} LIMIT 1`,
  );
  process.env.NEXTAUTH_SECRET = serverEnvValues.NEXTAUTH_SECRET;
  const { cursorBinding, encodeCursor } = await import("@/lib/paging/cursor");
  return encodeCursor({ createdAt: row!.created_at, id: row!.id }, cursorBinding("events", { sort: "desc" }));
}

/** POST /bench/fixed with the same event bodies: what the framework alone takes in, per second. */
async function postCeiling(seconds: number, responseBytes: number) {
  const cpuBefore = cpuSnapshot(serverPid);
  const r = await autocannon({
    url: `${BASE}/bench/fixed?bytes=${responseBytes}`,
    method: "POST",
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(cardEventData()) }) }],
  });
  const cpu = cpuPerRequest(cpuBefore, cpuSnapshot(serverPid), r.requests.total);
  return { rps: Math.round(r.requests.average), errors: r.errors + r.timeouts + r.non2xx, serverCpu: cpu.server };
}

async function ingestion(seconds: number) {
  const ingestToken = await token("bench-ingest");
  const headers = { authorization: `Bearer ${ingestToken}`, "content-type": "application/json" };
  // One event first, for the size of an answer (the fixed POST route answers as much); it is
  // stored before the measured window starts.
  const probe = await fetch(`${BASE}/v1/webhooks/events`, { method: "POST", headers, body: JSON.stringify(cardEventData()) });
  const responseBytes = (await probe.text()).length;
  const max = (await query<{ max: Date | null }>("SELECT max(created_at) AS max FROM events"))[0]!.max;
  const started = new Date(Math.max(Date.now(), (max?.getTime() ?? 0) + 1));
  let accepted = 0;
  const cpuBefore = cpuSnapshot(serverPid);
  let run!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    run = autocannon(
      {
        url: `${BASE}/v1/webhooks/events`,
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
  const cpu = cpuPerRequest(cpuBefore, cpuSnapshot(serverPid), r.requests.total);
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

const serverEnvValues = serverEnv();

async function main(): Promise<void> {
  if (!args["reuse-build"] || !existsSync(".next/BUILD_ID")) sh("npx", ["next", "build"]);
  await ensureDatabase();
  await ensureData();

  const server = spawn(args["server-node"] ?? process.execPath, ["scripts/server.mjs"], {
    env: serverEnvValues,
    stdio: ["ignore", "ignore", "inherit"],
  });
  serverPid = server.pid ?? 0;
  try {
    await waitForUrl(`${BASE}/readyz`, 60_000);
    // The demo data leaves events pending: let the worker finish them before measuring reads.
    const until = Date.now() + 120_000;
    while (
      Date.now() < until &&
      (await query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE status = 'pending'"))[0]!.n > 0
    ) {
      await new Promise((r) => setTimeout(r, 500));
    }
    const auth = { authorization: `Bearer ${await token("bench-viewer")}` };
    const cursor = await deepCursor();
    console.log(`\n${EVENTS} events; ${CONNECTIONS} connections, ${DURATION} s per scenario\n`);
    // The scenarios take turns, round after round; each figure is the median of its rounds.
    const scenarios: { letter: string; name: string; path: string; headers: Record<string, string> }[] = [
      { letter: "a", name: "(a) first page, limit 20", path: "/v1/webhooks/events?limit=20", headers: auth },
      { letter: "b", name: "(b) status=failed, limit 100", path: "/v1/webhooks/events?status=failed&limit=100", headers: auth },
      {
        letter: "c",
        name: `(c) ${DEEP.toLocaleString("en-US")} deep by cursor, limit 100`,
        path: `/v1/webhooks/events?limit=100&cursor=${cursor}`,
        headers: auth,
      },
    ];
    const sizes = await Promise.all(
      [scenarios[0]!, scenarios[2]!].map(
        async (s) => (await (await fetch(`${BASE}${s.path}`, { headers: s.headers })).text()).length,
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
      const order = [...pairs.flatMap((pair) => (round % 2 ? pair : [...pair].reverse())), 5, 1, 6];
      for (const i of order) {
        const s = scenarios[i]!;
        if (selected(s.letter)) samples[i]!.push(await measure(s.name, s.path, s.headers, round === 1));
      }
    }
    const ratio = (of: number, to: number) =>
      samples[of]!.length && samples[to]!.length ? median(samples[of]!.map((s, i) => s.rps / samples[to]![i]!.rps)) : Number.NaN;
    const ratioA = ratio(0, 3);
    const ratioC = ratio(2, 4);
    console.log(`\nratio (a)/(d): ${ratioA.toFixed(2)}   ratio (c)/(d): ${ratioC.toFixed(2)}`);
    if (selected("m") && selected("b")) console.log(`ratio (m)/(b), MID filter to status filter: ${ratio(6, 1).toFixed(2)}`);
    if (!selected("i")) return;
    console.log(`\nIngestion for ${args["ingest-seconds"]} s...`);
    const ingest = await ingestion(Number(args["ingest-seconds"]));
    console.log(ingest);
    // Right after, in the same conditions: the framework's own ceiling for such a POST.
    const ceiling = await postCeiling(DURATION, ingest.responseBytes);
    console.log(`(e) POST of the same bodies to a fixed route: ${ceiling.rps} req/s, server CPU ${ceiling.serverCpu} ms/req`);
    console.log(`ingestion / (e): ${(ingest.rps / ceiling.rps).toFixed(2)}`);
    if (args.only) return;
    const [a, b, c, dA, dC, a100] = samples.map(medianOf) as [Figures, Figures, Figures, Figures, Figures, Figures];
    const p99Ratio = c.p99 / a100.p99;
    console.log(`p99 (c)/(a') at limit 100: ${p99Ratio.toFixed(2)}`);
    writeReport([a, a100, b, c, dA, dC], { ratioA, ratioC, p99Ratio }, ingest, ceiling);
  } finally {
    server.kill("SIGTERM");
  }
}

function writeReport(
  rows: Figures[],
  { ratioA, ratioC, p99Ratio }: { ratioA: number; ratioC: number; p99Ratio: number },
  ingest: Awaited<ReturnType<typeof ingestion>>,
  ceiling: Awaited<ReturnType<typeof postCeiling>>,
): void {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const lines = [
    "## Events API: `npm run bench`",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, PostgreSQL server on the same machine,`,
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
    "",
    `### Ingestion (${args["ingest-seconds"]} s, worker in the same process)`,
    "",
    "| sent | accepted (202) | stored | req/s | p50 ms | p99 ms | errors | processing attempts | processed twice | queue empty after load stopped | server CPU ms/event | PostgreSQL CPU ms/event |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${ingest.sent} | ${ingest.accepted} | ${ingest.stored} | ${ingest.rps} | ${ingest.p50} | ${ingest.p99} | ${ingest.errors} | ${ingest.attempts} | ${ingest.processedTwice} | ${ingest.lagMs} ms | ${ingest.serverCpuPerEvent} | ${ingest.postgresCpuPerEvent} |`,
    "",
    `- (e) the framework's own ceiling for such a request (POST of the same bodies to a route that reads the body and answers ${ingest.responseBytes} fixed bytes, no auth, no database), measured right after: ${ceiling.rps} req/s, ${ceiling.serverCpu} ms of server CPU per request.`,
    `- Ingestion / (e): **${(ingest.rps / ceiling.rps).toFixed(2)}**. The target of issue 4 is absolute (≥ 800 events/s).`,
  ];
  writeReportSection("docs/benchmarks.md", "bench", lines);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
