// `npm run soak -- [--minutes 10] [--load 0.7] [--events 20000]`: a mixed load on a production
// server with a scratch database of the PostgreSQL server (SOAK_ADMIN_DATABASE_URL, default
// postgresql://postgres@127.0.0.1:5432/postgres): reads (lists, filters, details, overview),
// ingestion, credential writes and sign-ins. It first measures what the mix sustains flat out
// (capacity), then holds --load of that for --minutes, sampling the server's memory and its
// database connections. Passes with zero errors and flat memory and connection counts; writes
// the figures to docs/benchmarks.md (section "soak").
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { USERS } from "@/e2e/support/users";
import { cardEventData } from "@/tests/support/event-data";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import { FAIR_USE_OFF } from "./support/capacity-env";
import { parseFlags } from "./support/flags";
import { writeReportSection } from "./support/report-section";
import { runMain } from "./support/run-main";
import { startTargetServer } from "./support/target-server";

const values = parseFlags({ minutes: 10, load: 0.7, events: 20000, port: 3320 });
const MINUTES = values.minutes;
const LOAD = values.load;
const POOL_SIZE = 10;

const random = (n: number) =>
  Math.random()
    .toString(36)
    .slice(2, 2 + n)
    .padEnd(n, "0");

type Stream = { name: string; path: string; connections: number; options: () => Partial<autocannon.Options> };

async function streams(base: string): Promise<Stream[]> {
  const [viewer, ingest, operator] = (
    await Promise.all([
      signInOverHttp(base, USERS.viewer),
      signInOverHttp(base, USERS.ingest),
      signInOverHttp(base, USERS.operator),
    ])
  ).map((pair) => pair.access_token) as [string, string, string];
  const get = async (path: string) =>
    (await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${viewer}` } })).json()) as {
      data: { id: string; name?: string }[];
    };
  const [events, merchants, providers] = await Promise.all([
    get("/v1/webhooks/events?limit=50"),
    get("/v1/merchants?limit=50"),
    get("/v1/providers"),
  ]);
  const cielo = providers.data.find((p) => p.name === "cielo");
  if (!cielo || merchants.data.length === 0 || events.data.length === 0) throw new Error("the demo data is missing");
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const some = <T>(items: T[]) => items.filter(() => Math.random() < 0.5);
  const randomFilters = () => {
    const params = new URLSearchParams({ limit: String(1 + Math.floor(Math.random() * 100)) });
    const statuses = some(["pending", "failed", "processed"]);
    if (statuses.length) params.set("status", statuses.join(","));
    if (Math.random() < 0.5) params.set("sort", pick(["asc", "desc"]));
    if (Math.random() < 0.3) params.set("acquirer_name", pick(["cielo", "rede", "stone", "getnet"]));
    if (Math.random() < 0.3) params.set("payment_method", pick(["credit_card", "debit_card", "pix"]));
    if (Math.random() < 0.3) params.set("transaction_status", pick(["approved", "denied"]));
    if (Math.random() < 0.2) params.set("merchant_id", pick(merchants.data).id);
    if (Math.random() < 0.2) params.set("created_at[gte]", new Date(Date.now() - Math.random() * 30 * 86_400_000).toISOString());
    return params.toString();
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

  return [
    {
      name: "reads (lists, filters, details, overview)",
      path: "/v1/webhooks/events",
      connections: 8,
      options: () => ({
        headers: auth(viewer),
        requests: [
          { method: "GET", path: "/v1/webhooks/events?limit=20" },
          { method: "GET", path: "/v1/webhooks/events?status=failed&limit=100" },
          { method: "GET", setupRequest: (req) => ({ ...req, path: `/v1/webhooks/events/${pick(events.data).id}` }) },
          { method: "GET", path: "/v1/credentials?limit=20" },
          { method: "GET", path: "/v1/stats/overview?period=24h" },
          // Randomised filters, page sizes and sorts: millions of distinct statement texts, which
          // once grew Node's and PostgreSQL's prepared-statement memory without bound.
          { method: "GET", setupRequest: (req) => ({ ...req, path: `/v1/webhooks/events?${randomFilters()}` }) },
        ],
      }),
    },
    {
      name: "ingestion",
      path: "/v1/webhooks/events",
      connections: 4,
      options: () => ({
        method: "POST",
        headers: auth(ingest),
        requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(cardEventData()) }) }],
      }),
    },
    {
      name: "credential writes",
      path: "/v1/credentials",
      connections: 2,
      options: () => ({
        method: "POST",
        headers: auth(operator),
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({
                merchantId: pick(merchants.data).id,
                providerId: cielo.id,
                providerName: "cielo",
                authenticationData: { merchantIdentifier: random(12), terminalIdentifier: random(8) },
              }),
            }),
          },
        ],
      }),
    },
    {
      name: "sign-ins",
      path: "/v1/auth",
      connections: 1,
      options: () => ({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: USERS.viewer.username, password: USERS.viewer.password }),
      }),
    },
  ];
}

type Outcome = { name: string; rps: number; p50: number; p99: number; max: number; requests: number; errors: number };

function run(base: string, stream: Stream, seconds: number, rate?: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${stream.path}`,
        connections: stream.connections,
        duration: seconds,
        ...(rate ? { overallRate: Math.max(1, Math.round(rate)) } : {}),
        ...stream.options(),
      } as autocannon.Options,
      (error, r) =>
        error
          ? reject(error)
          : resolve({
              name: stream.name,
              rps: Math.round(r.requests.average),
              p50: r.latency.p50,
              p99: r.latency.p99,
              max: r.latency.max,
              requests: r.requests.total,
              errors: r.errors + r.timeouts + r.non2xx,
            }),
    );
  });
}

type Sample = { minute: number; rssMiB: number; connections: number; postgresRssMiB: number };

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
}

async function main(): Promise<void> {
  const server = await startTargetServer("soak", {
    adminUrlVariable: "SOAK_ADMIN_DATABASE_URL",
    port: values.port,
    demoEvents: values.events,
    env: {
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      // Sign-ins and credential writes are part of the load here, not an attack: the limiters
      // would refuse them.
      LOGIN_LIMIT_PER_USERNAME: "100000000",
      LOGIN_LIMIT_PER_ADDRESS: "100000000",
      RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
      ...FAIR_USE_OFF,
      LOG_LEVEL: "warn",
    },
  });
  const monitor = new pg.Client({ connectionString: server.databaseUrl });
  await monitor.connect();
  try {
    const mix = await streams(server.baseUrl);
    console.log("capacity: the mix flat out for 15 s...");
    const capacity = await Promise.all(mix.map((s) => run(server.baseUrl, s, 15)));
    for (const c of capacity) console.log(`  ${c.name}: ${c.rps} req/s (errors ${c.errors})`);

    const connections = async () =>
      Number(
        (
          await monitor.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
          )
        ).rows[0]!.n,
      );
    // The memory of the server's PostgreSQL backends (prepared statements live there).
    const postgresRss = async () => {
      const { rows } = await monitor.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      let total = 0;
      for (const { pid } of rows) {
        try {
          total += rssMiB(pid);
        } catch {
          // The backend ended meanwhile.
        }
      }
      return total;
    };
    const samples: Sample[] = [];
    const started = Date.now();
    const sampler = setInterval(async () => {
      const sample = {
        minute: (Date.now() - started) / 60_000,
        rssMiB: rssMiB(server.pid),
        connections: await connections(),
        postgresRssMiB: await postgresRss(),
      };
      samples.push(sample);
      if (samples.length % 6 === 0) {
        console.log(
          `  ${sample.minute.toFixed(1)} min: RSS ${sample.rssMiB} MiB, ${sample.connections} connections, PostgreSQL backends ${sample.postgresRssMiB} MiB`,
        );
      }
    }, 10_000);
    console.log(`soak: ${Math.round(LOAD * 100)}% of capacity for ${MINUTES} min...`);
    const outcomes = await Promise.all(mix.map((s, i) => run(server.baseUrl, s, MINUTES * 60, capacity[i]!.rps * LOAD)));
    clearInterval(sampler);

    const errors = outcomes.reduce((sum, o) => sum + o.errors, 0);
    // Flat: after the first minute (JIT, caches, pool filling), the last minute's memory is
    // within 15% of the first's and the connections never exceed the pool.
    const settled = samples.filter((s) => s.minute >= 1);
    const firstMinute = settled.filter((s) => s.minute < 2).map((s) => s.rssMiB);
    const lastMinute = settled.filter((s) => s.minute >= MINUTES - 1).map((s) => s.rssMiB);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const growth = avg(lastMinute) / avg(firstMinute) - 1;
    const pgFirst = avg(settled.filter((s) => s.minute < 2).map((s) => s.postgresRssMiB));
    const pgLast = avg(settled.filter((s) => s.minute >= MINUTES - 1).map((s) => s.postgresRssMiB));
    const pgGrowth = pgLast / pgFirst - 1;
    const maxConnections = Math.max(...samples.map((s) => s.connections));
    const memoryFlat = Number.isFinite(growth) && growth <= 0.15 && (!Number.isFinite(pgGrowth) || pgGrowth <= 0.15);
    const connectionsFlat = maxConnections <= POOL_SIZE + 1;
    const passed = errors === 0 && memoryFlat && connectionsFlat;

    for (const o of outcomes) {
      console.log(`${o.name}: ${o.requests} requests, ${o.rps} req/s, p50 ${o.p50} ms, p99 ${o.p99} ms, errors ${o.errors}`);
    }
    console.log(
      `errors ${errors}; RSS ${Math.round(avg(firstMinute))} → ${Math.round(avg(lastMinute))} MiB (${(growth * 100).toFixed(1)}%); PostgreSQL backends ${Math.round(pgFirst)} → ${Math.round(pgLast)} MiB (${(pgGrowth * 100).toFixed(1)}%); max connections ${maxConnections} (pool ${POOL_SIZE}): ${passed ? "PASS" : "FAIL"}`,
    );

    writeReportSection("docs/benchmarks.md", "soak", [
      "## Soak: `npm run soak`",
      "",
      `Measured ${new Date().toISOString().slice(0, 10)}: ${MINUTES} min at ${Math.round(LOAD * 100)}% of the capacity the mix sustained flat out`,
      `for 15 s just before, on a scratch database with ${values.events.toLocaleString("en")} demo events, pool of ${POOL_SIZE}. Result: **${passed ? "pass" : "fail"}**.`,
      "",
      "| stream | capacity req/s | soak req/s | requests | p50 ms | p99 ms | max ms | errors |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...outcomes.map(
        (o, i) => `| ${o.name} | ${capacity[i]!.rps} | ${o.rps} | ${o.requests} | ${o.p50} | ${o.p99} | ${o.max} | ${o.errors} |`,
      ),
      "",
      `- Server memory (RSS): ${Math.round(avg(firstMinute))} MiB in minute 2, ${Math.round(avg(lastMinute))} MiB in the last minute (${(growth * 100).toFixed(1)}%).`,
      `- PostgreSQL backends' memory (RSS, prepared statements live there; the reads include randomised filters, page sizes and sorts): ${Math.round(pgFirst)} MiB in minute 2, ${Math.round(pgLast)} MiB in the last minute (${(pgGrowth * 100).toFixed(1)}%); RSS counts the shared buffers each backend has touched, so the level overstates private memory: its growth is the figure.`,
      `- Database connections: at most ${maxConnections} (pool ${POOL_SIZE}).`,
      `- RSS by minute: ${settled
        .filter((_, i) => i % 6 === 5)
        .map((s) => `${s.rssMiB}`)
        .join(", ")} MiB.`,
    ]);
    if (!passed) process.exitCode = 1;
  } finally {
    await monitor.end();
    await server.stop();
  }
}

runMain(main);
