// `npm run bench:webhooks`: outbound webhook delivery on the PostgreSQL server, in one process
// (the event worker, the delivery worker and a node:http receiver on 127.0.0.1), against a fresh
// database that is dropped afterwards. Measures (1) deliveries/s sustained to a fast receiver,
// duplicates counted by webhook-id; (2) processed → delivered p50/p99 at a steady ingestion rate;
// (3) the same with one endpoint that never answers and holds 10,000 due deliveries; (4) the noisy
// neighbour: merchant B's healthy endpoint at --noisy-rate events/s alone, then beside merchant A's
// 20 endpoints holding 2,000 due deliveries at a receiver that never answers, then at one that
// answers after --slow-ms: B's processed → delivered p99 beside A over alone, B's longest wait, and
// A's progress (attempts, the retry schedule kept, circuits opened). `--scenarios 4` runs only (4).
// Prints the figures; docs/benchmarks.md quotes them.
import { randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { cardEventData } from "@/tests/support/event-data";
import { parseFlags } from "./support/flags";
import { atLeast, atMost, none, printTargets, type TargetCheck } from "./support/target-checks";
import { LOCAL_ADMIN_URL } from "./support/target-server";
import { benchMerchant, listenForHooks } from "./support/webhook-receivers";

const {
  seconds: SECONDS,
  rate: RATE,
  endpoints: ENDPOINTS,
  "latency-seconds": LATENCY_SECONDS,
  "dead-backlog": DEAD_BACKLOG,
  scenarios,
  "noisy-rate": NOISY_RATE,
  "noisy-seconds": NOISY_SECONDS,
  "noisy-endpoints": NOISY_ENDPOINTS,
  "noisy-backlog": NOISY_BACKLOG,
  "slow-ms": SLOW_MS,
} = parseFlags({
  seconds: 30,
  rate: 500,
  endpoints: 10,
  "latency-seconds": 20,
  "dead-backlog": 10000,
  scenarios: "1,2,3,4",
  "noisy-rate": 100,
  "noisy-seconds": 60,
  "noisy-endpoints": 20,
  "noisy-backlog": 2000,
  "slow-ms": 10000,
});
const SCENARIOS = new Set(scenarios.split(","));

const adminUrl = process.env.BENCH_DATABASE_URL ?? LOCAL_ADMIN_URL;
const dbName = `pic_bench_webhooks_${randomBytes(3).toString("hex")}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

Object.assign(process.env, {
  NODE_ENV: "production",
  DATABASE_URL: dbUrl.toString(),
  DATABASE_POOL_SIZE: "16",
  ENCRYPTION_KEYS: `1:${randomBytes(32).toString("base64")}`,
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  AUTH_SIGNING_KEYS: "[]",
  LOG_LEVEL: "warn",
  WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1",
  WEBHOOK_TIMEOUT_MS: process.env.WEBHOOK_TIMEOUT_MS ?? "15000",
});

type Receiver = { url: string; seen: Map<string, number>; duplicates: number; close: () => Promise<void> };

async function receiver(mode: "fast" | "hang" | "slow"): Promise<Receiver> {
  const seen = new Map<string, number>();
  const state = { duplicates: 0 };
  const server = http.createServer((req, res) => {
    if (mode === "hang") return;
    if (mode === "slow") {
      req.resume();
      setTimeout(() => res.writeHead(204).end(), SLOW_MS);
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (seen.has(id)) state.duplicates++;
      else seen.set(id, Date.now());
      res.writeHead(204).end();
    });
  });
  const { url, close } = await listenForHooks(server);
  return {
    url,
    seen,
    get duplicates() {
      return state.duplicates;
    },
    close,
  };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    await run();
  } finally {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

async function run() {
  const { deployMigrations } = await import("@/lib/db/schema-engine");
  const { dbAdapter, sql } = await import("@/lib/db/client");
  await deployMigrations(dbAdapter() as never);
  const { startDeliveryWorker, stopDeliveryWorker } = await import("@/lib/webhooks/delivery/delivery-worker");
  const { startEventWorker, stopEventWorker } = await import("@/lib/events/process/worker");
  const { startMaintenance, stopMaintenance } = await import("@/lib/maintenance/maintenance-schedule");

  const merchantWithEndpoints = (urls: string[]) => benchMerchant("Bench", urls);

  /** Inserts n pending events of the MID/TID (as ingestion would), in one statement. */
  async function insertEvents(m: { mid: string; tid: string }, n: number, status = "pending") {
    const data = cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid });
    await sql({
      text: `INSERT INTO events (id, type, status, data, acquirer_name, acquirer_merchant_identifier, acquirer_terminal_identifier)
             SELECT substr(md5(random()::text || g::text), 1, 20), 'payment.completed', $4, $1::jsonb, 'cielo', $2, $3
             FROM generate_series(1, $5::int) g`,
      values: [JSON.stringify(data), m.mid, m.tid, status, n],
    });
  }

  const lines: string[] = [];
  // Each target this run measured, printed with PASS or FAIL at the end.
  const checks: TargetCheck[] = [];
  const report = (line: string) => {
    console.log(line);
    lines.push(line);
  };

  // (1) Throughput: SECONDS × 2,500 due deliveries spread over ENDPOINTS endpoints of one receiver.
  if (SCENARIOS.has("1")) {
    const fast = await receiver("fast");
    const m = await merchantWithEndpoints(Array.from({ length: ENDPOINTS }, () => fast.url));
    const events = SECONDS * 2_500;
    await insertEvents(m, Math.ceil(events / ENDPOINTS), "processed");
    await sql({
      text: `INSERT INTO webhook_deliveries (id, event_id, event_created_at, endpoint_id, next_attempt_at)
             SELECT substr(md5(e.id || w.id), 1, 20), e.id, e.created_at, w.id, now() FROM events e CROSS JOIN webhook_endpoints w`,
      values: [],
    });
    const total = Number((await sql({ text: "SELECT count(*)::int AS n FROM webhook_deliveries", values: [] }))[0]!.n);
    startDeliveryWorker();
    const started = Date.now();
    const perSecond: number[] = [];
    let last = 0;
    while (Date.now() - started < SECONDS * 1000 && fast.seen.size < total) {
      await sleep(1000);
      perSecond.push(fast.seen.size - last);
      last = fast.seen.size;
    }
    const elapsed = (Date.now() - started) / 1000;
    await stopDeliveryWorker();
    report(
      `(1) throughput: ${fast.seen.size} deliveries in ${elapsed.toFixed(1)} s = ${Math.round(fast.seen.size / elapsed)}/s ` +
        `(${ENDPOINTS} endpoints, ${total} queued; per second min ${Math.min(...perSecond)}, median ${pct(perSecond, 50)}); ` +
        `duplicates by webhook-id: ${fast.duplicates}`,
    );
    await fast.close();
    await sql({ text: "DELETE FROM webhook_deliveries", values: [] });
  }

  /** A merchant whose endpoints all point at `url`, with `backlog` deliveries due spread over them. */
  async function neighbour(url: string, endpoints: number, backlog: number) {
    const d = await merchantWithEndpoints(Array.from({ length: endpoints }, () => url));
    await insertEvents(d, Math.ceil(backlog / endpoints), "processed");
    await sql({
      text: `INSERT INTO webhook_deliveries (id, event_id, event_created_at, endpoint_id, next_attempt_at)
             SELECT substr(md5(e.id || w.id), 1, 20), e.id, e.created_at, w.id, now() FROM events e
             CROSS JOIN unnest($1::varchar[]) AS w(id) WHERE e.acquirer_merchant_identifier = $2`,
      values: [d.endpointIds, d.mid],
    });
    return d;
  }

  // (2)/(3)/(4) processed → delivered at `rate` events/s, alone or beside a neighbour's backlog.
  async function latencyRun(
    label: string,
    options: { rate: number; seconds: number; neighbour?: (fast: Receiver) => Promise<() => Promise<void>> },
  ) {
    const { rate, seconds } = options;
    const fast = await receiver("fast");
    const healthy = await merchantWithEndpoints([fast.url]);
    const neighbourDone = await options.neighbour?.(fast);
    startEventWorker();
    startMaintenance();
    startDeliveryWorker();
    const started = Date.now();
    let inserted = 0;
    while (Date.now() - started < seconds * 1000) {
      const due = Math.floor(((Date.now() - started) / 1000) * rate) - inserted;
      if (due > 0) {
        await insertEvents(healthy, due);
        inserted += due;
      }
      await sleep(20);
    }
    const deadline = Date.now() + 15_000;
    while (fast.seen.size < inserted && Date.now() < deadline) await sleep(100);
    // The neighbour reports (and closes its receiver, ending its attempts) before the worker stops.
    await neighbourDone?.();
    await stopEventWorker();
    await stopMaintenance();
    await stopDeliveryWorker().catch(() => undefined);
    const rows = await sql({
      text: `SELECT 'msg_' || d.id AS id, (extract(epoch FROM e.updated_at) * 1000)::float8 AS processed
             FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.endpoint_id = $1`,
      values: [healthy.endpointIds[0]],
    });
    const latencies = rows
      .map((r) => (fast.seen.get(r.id as string) ?? Number.NaN) - Number(r.processed))
      .filter((v) => Number.isFinite(v));
    report(
      `${label}: ${inserted} events at ${rate}/s for ${seconds} s, ${fast.seen.size} delivered ` +
        `(duplicates ${fast.duplicates}); processed → delivered p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, ` +
        `max ${Math.max(...latencies)} ms`,
    );
    await fast.close();
    await sql({ text: "DELETE FROM webhook_deliveries", values: [] });
    return { p99: pct(latencies, 99), max: Math.max(...latencies), undelivered: Math.max(0, inserted - fast.seen.size) };
  }
  if (SCENARIOS.has("2") || SCENARIOS.has("3")) {
    const base = await latencyRun("(2) latency", { rate: RATE, seconds: LATENCY_SECONDS });
    const withDead = await latencyRun(`(3) latency beside a dead endpoint holding ${DEAD_BACKLOG} due deliveries`, {
      rate: RATE,
      seconds: LATENCY_SECONDS,
      neighbour: async () => {
        const hang = await receiver("hang");
        await neighbour(hang.url, 1, DEAD_BACKLOG);
        return () => hang.close();
      },
    });
    report(`(3)/(2) p99 ratio: ${(withDead.p99 / base.p99).toFixed(2)} (target ≤ 1.5)`);
    checks.push(atMost("(3) p99 beside a dead endpoint ÷ (2) p99", withDead.p99 / base.p99, 1.5));
  }

  if (SCENARIOS.has("4")) {
    const { retryScheduleSeconds, retryJitter, timeoutMs } = (await import("@/lib/env")).env().webhooks;
    /** Merchant A's progress: attempts, outcomes, the retry schedule kept, circuits opened. */
    async function progressOf(endpointIds: string[]) {
      const attempts = await sql({
        text: `SELECT delivery_id, (extract(epoch FROM started_at) * 1000)::float8 AS started, duration_ms, error_class, status_code
               FROM webhook_delivery_attempts WHERE endpoint_id = ANY ($1::varchar[]) ORDER BY delivery_id, started_at`,
        values: [endpointIds],
      });
      let early = 0;
      let gaps = 0;
      for (let i = 1; i < attempts.length; i++) {
        const [prev, next] = [attempts[i - 1]!, attempts[i]!];
        if (prev.delivery_id !== next.delivery_id) continue;
        const n = attempts.slice(0, i).filter((a) => a.delivery_id === next.delivery_id).length;
        const delay = (retryScheduleSeconds[n] ?? 0) * 1000 * (1 - retryJitter);
        gaps++;
        // 50 ms for the record's own time: next_attempt_at is set when the attempt is recorded.
        if (Number(next.started) < Number(prev.started) + Number(prev.duration_ms) + delay - 50) early++;
      }
      const [state] = await sql({
        text: `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE status = 'failed')::int AS failed,
                 count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE attempt_count > 0)::int AS tried,
                 (SELECT count(*)::int FROM audit_log WHERE action = 'webhook_endpoint.circuit_open' AND target_id = ANY ($1::varchar[])) AS opened,
                 (SELECT count(*)::int FROM webhook_endpoints WHERE circuit_opened_at IS NOT NULL AND id = ANY ($1::varchar[])) AS open_now
               FROM webhook_deliveries WHERE endpoint_id = ANY ($1::varchar[])`,
        values: [endpointIds],
      });
      const classes = new Map<string, number>();
      for (const a of attempts) {
        const key = String(a.error_class ?? a.status_code);
        classes.set(key, (classes.get(key) ?? 0) + 1);
      }
      const text =
        `A: ${attempts.length} attempts (${[...classes].map(([k, v]) => `${k} ${v}`).join(", ")}) on ${state!.tried} of ` +
        `${NOISY_BACKLOG} deliveries; ${state!.succeeded} succeeded, ${state!.pending} pending, ${state!.failed} failed; ` +
        `retries earlier than the schedule: ${early} of ${gaps}; circuits opened ${state!.opened} times, ${state!.open_now} open at the end`;
      return { text, tried: Number(state!.tried), early };
    }
    const alone = await latencyRun(`(4a) B alone`, { rate: NOISY_RATE, seconds: NOISY_SECONDS });
    for (const mode of ["hang", "slow"] as const) {
      let progress = { text: "", tried: 0, early: 0 };
      const beside = await latencyRun(
        `(4${mode === "hang" ? "b" : "c"}) B beside A (${NOISY_ENDPOINTS} endpoints, ${NOISY_BACKLOG} due, receiver ${
          mode === "hang" ? "never answers" : `answers after ${SLOW_MS} ms`
        }; timeout ${timeoutMs} ms)`,
        {
          rate: NOISY_RATE,
          seconds: NOISY_SECONDS,
          neighbour: async () => {
            const bad = await receiver(mode);
            const a = await neighbour(bad.url, NOISY_ENDPOINTS, NOISY_BACKLOG);
            return async () => {
              progress = await progressOf(a.endpointIds);
              await bad.close();
            };
          },
        },
      );
      report(`    ${progress.text}`);
      const phase = mode === "hang" ? "(4b) beside A never answering" : `(4c) beside A answering after ${SLOW_MS} ms`;
      checks.push(
        atMost(`§1 ${phase}: B's p99 ÷ B's p99 alone (4a)`, beside.p99 / alone.p99, 1.5),
        atMost(`§1 ${phase}: B's longest wait`, beside.max, 2000, " ms"),
        none(`§1 ${phase}: B's events not delivered`, beside.undelivered),
        // Tried, not recorded: an attempt at a receiver that never answers is recorded at its timeout.
        atLeast(`§1 ${phase}: A's deliveries tried (A still progresses)`, progress.tried, 1),
        none(`§1 ${phase}: A's retries earlier than the schedule`, progress.early),
      );
      report(
        `    B p99 beside A ÷ alone: ${(beside.p99 / alone.p99).toFixed(2)} (target ≤ 1.5); B's longest wait ${beside.max} ms (target ≤ 2,000)`,
      );
    }
  }
  printTargets("Targets measured in this run", checks);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => process.exit(process.exitCode ?? 0));
