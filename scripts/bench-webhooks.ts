// `npm run bench:webhooks`: outbound webhook delivery on the PostgreSQL server, in one process
// (the event worker, the delivery worker and a node:http receiver on 127.0.0.1), against a fresh
// database that is dropped afterwards. Measures (1) deliveries/s sustained to a fast receiver,
// duplicates counted by webhook-id; (2) processed → delivered p50/p99 at a steady ingestion rate;
// (3) the same with one endpoint that never answers and holds 10,000 due deliveries.
// Prints the figures; docs/benchmarks.md quotes them.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import pg from "pg";
import { cardEventData } from "@/tests/support/event-data";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "30" },
    rate: { type: "string", default: "500" },
    endpoints: { type: "string", default: "10" },
    "latency-seconds": { type: "string", default: "20" },
    "dead-backlog": { type: "string", default: "10000" },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const ENDPOINTS = Number(args.endpoints);
const LATENCY_SECONDS = Number(args["latency-seconds"]);
const DEAD_BACKLOG = Number(args["dead-backlog"]);

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
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

async function receiver(mode: "fast" | "hang"): Promise<Receiver> {
  const seen = new Map<string, number>();
  const state = { duplicates: 0 };
  const server = http.createServer((req, res) => {
    if (mode === "hang") return;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (seen.has(id)) state.duplicates++;
      else seen.set(id, Date.now());
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    seen,
    get duplicates() {
      return state.duplicates;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
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
  const { db, dbAdapter, sql } = await import("@/lib/db/client");
  await deployMigrations(dbAdapter() as never);
  const { newId } = await import("@/lib/ids");
  const { encryptSecret } = await import("@/lib/crypto/secret-box");
  const { sealEndpointSecret } = await import("@/lib/webhooks/endpoint-secrets");
  const { generateWebhookSecret } = await import("@/lib/webhooks/signing");
  const { startDeliveryWorker, stopDeliveryWorker } = await import("@/lib/webhooks/delivery-worker");
  const { startEventWorker, stopEventWorker } = await import("@/lib/events/worker");
  const { startMaintenance, stopMaintenance } = await import("@/lib/maintenance/maintenance-schedule");

  const provider = await db().provider.findUniqueOrThrow({ where: { name: "cielo" } });
  async function merchantWithEndpoints(urls: string[]) {
    const merchant = await db().merchant.create({
      data: { id: newId(), name: "Bench", taxId: randomBytes(7).toString("hex") },
    });
    const mid = `M${randomBytes(4).toString("hex")}`;
    const tid = randomBytes(4).toString("hex");
    const credentialId = newId();
    const sealed = encryptSecret("{}", credentialId);
    await db().credential.create({
      data: {
        id: credentialId,
        merchantId: merchant.id,
        providerId: provider.id,
        subacquirerId: "bench",
        authenticationCiphertext: new Uint8Array(sealed.ciphertext),
        authenticationKeyVersion: sealed.keyVersion,
        acquirerMerchantIdentifier: mid,
        acquirerTerminalIdentifier: tid,
      },
    });
    const endpointIds: string[] = [];
    for (const url of urls) {
      const id = newId();
      const secret = sealEndpointSecret(id, generateWebhookSecret());
      await db().webhookEndpoint.create({
        data: { id, merchantId: merchant.id, url, secretCiphertext: secret.ciphertext, secretKeyVersion: secret.keyVersion },
      });
      endpointIds.push(id);
    }
    return { mid, tid, endpointIds };
  }

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
  const report = (line: string) => {
    console.log(line);
    lines.push(line);
  };

  // (1) Throughput: SECONDS × 2,500 due deliveries spread over ENDPOINTS endpoints of one receiver.
  {
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

  // (2)/(3) processed → delivered at RATE events/s, without and with a dead endpoint's backlog.
  async function latencyRun(label: string, dead: boolean) {
    const fast = await receiver("fast");
    const hang = dead ? await receiver("hang") : undefined;
    const healthy = await merchantWithEndpoints([fast.url]);
    if (hang) {
      const d = await merchantWithEndpoints([hang.url]);
      await insertEvents(d, DEAD_BACKLOG, "processed");
      await sql({
        text: `INSERT INTO webhook_deliveries (id, event_id, event_created_at, endpoint_id, next_attempt_at)
               SELECT substr(md5(e.id || $1), 1, 20), e.id, e.created_at, $1, now() FROM events e
               WHERE e.acquirer_merchant_identifier = $2`,
        values: [d.endpointIds[0], d.mid],
      });
    }
    startEventWorker();
    startMaintenance();
    startDeliveryWorker();
    const started = Date.now();
    let inserted = 0;
    while (Date.now() - started < LATENCY_SECONDS * 1000) {
      const due = Math.floor(((Date.now() - started) / 1000) * RATE) - inserted;
      if (due > 0) {
        await insertEvents(healthy, due);
        inserted += due;
      }
      await sleep(20);
    }
    const deadline = Date.now() + 15_000;
    while (fast.seen.size < inserted && Date.now() < deadline) await sleep(100);
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
      `${label}: ${inserted} events at ${RATE}/s for ${LATENCY_SECONDS} s, ${fast.seen.size} delivered ` +
        `(duplicates ${fast.duplicates}); processed → delivered p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms`,
    );
    await fast.close();
    await hang?.close();
    await sql({ text: "DELETE FROM webhook_deliveries", values: [] });
    return pct(latencies, 99);
  }
  const base = await latencyRun("(2) latency", false);
  const withDead = await latencyRun(`(3) latency beside a dead endpoint holding ${DEAD_BACKLOG} due deliveries`, true);
  report(`(3)/(2) p99 ratio: ${(withDead / base).toFixed(2)} (target ≤ 1.5)`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => process.exit(process.exitCode ?? 0));
