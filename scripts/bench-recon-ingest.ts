// `npm run bench:recon-ingest -- [--db server|embedded|both] [--sales 1000000] [--missing 100000]
// [--seconds 15] [--port 3340] [--write]`: whether reconciliation slows the notifications (issue
// 40, 1). A production server (scripts/server.mjs: `next build` first) on a scratch database (the
// local PostgreSQL, or a PGlite folder), fair use off; at fixed rates (open loop) single
// notifications, batches of 100 and GET /readyz, all on one terminal, in three phases:
//   alone   nothing else;
//   during  while a statement of --sales sales on other terminals is imported (POST
//           /v1/reconciliation/imports, streamed from a file; none of them notified);
//   after   once a statement of --missing sales on the notifications' own terminal, none of them
//           notified, is imported (the open missing sales each notification is compared with).
// Prints p50/p99 of each kind per phase, the ratios to alone, the /readyz maximum, and checks
// the targets: during and after ≤ 1.5× alone, /readyz always under 1 s. --write records the
// figures in docs/benchmarks.md. With --db both each database runs in a process of its own
// (the configuration is read once per process).
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { USERS } from "@/e2e/support/users";
import { cardEventData } from "@/tests/support/event-data";
import { freshServerSecrets } from "@/tests/support/scratch-server";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import { FAIR_USE_OFF } from "./support/capacity-env";
import { parseFlags } from "./support/flags";
import { type OfferedLoad, offerLoad, percentile } from "./support/offered-load";
import { writeReportSection } from "./support/report-section";
import { runMain } from "./support/run-main";
import { atMost, loadNow, none, printTargets, type TargetCheck } from "./support/target-checks";
import { startTargetServer } from "./support/target-server";
import { waitForUrl } from "./support/wait-for-url";
import { benchMerchant } from "./support/webhook-receivers";

const args = parseFlags({
  db: "both",
  sales: 1_000_000,
  missing: 100_000,
  seconds: 15,
  port: 3340,
  write: false,
  // Internal: a child's JSON result goes to this file (--db both).
  out: "",
});
const RATES = { singles: 10, batches: 1, readyz: 5 };
const BATCH = 100;
const TARGET_RATIO = 1.5;
const READYZ_MS = 1_000;

type Kind = "singles" | "batches" | "readyz";
type PhaseName = "alone" | "during" | "after";
type PhaseFigures = Record<Kind, { p50: number; p99: number; max: number; statuses: Record<string, number> }> & {
  note?: string;
};
type DbResult = { db: string; phases: Record<PhaseName, PhaseFigures>; importSeconds: { during: number; after: number } };

const day = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const round = (n: number) => Math.round(n * 10) / 10;

/** A CSV statement of `count` approved sales (NSUs from `nsuFrom`) on the terminals `terminal(i)` names. */
async function writeStatement(
  file: string,
  count: number,
  terminal: (i: number) => { mid: string; tid: string },
  nsuFrom: number,
) {
  const out = createWriteStream(file);
  let chunk = "acquirer,mid,tid,sale_date,sale_time,nsu,authorization_code,amount,installments,card_last4,status\n";
  const today = day();
  for (let i = 0; i < count; i++) {
    const { mid, tid } = terminal(i);
    chunk += `cielo,${mid},${tid},${today},12:00:00,${nsuFrom + i},Z${String(i % 100_000).padStart(5, "0")},${1_000 + (i % 9_000)},0,4242,approved\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}

/** POST the statement file as a stream; resolves with the answer's status and the seconds it took. */
function importFile(baseUrl: string, token: string, file: string): Promise<{ status: number; seconds: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/v1/reconciliation/imports?format=csv`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "text/csv", "content-length": statSync(file).size },
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString("utf8");
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000, body }));
      },
    );
    request.on("error", reject);
    createReadStream(file).pipe(request);
  });
}

/** The three loads at once, on the terminal, for --seconds (or `seconds`). */
async function measure(
  baseUrl: string,
  token: string,
  terminal: { mid: string; tid: string },
  seconds = args.seconds,
): Promise<PhaseFigures> {
  let n = 0;
  const notification = () =>
    cardEventData({
      acquirerName: "cielo",
      acquirerMerchantIdentifier: terminal.mid,
      acquirerTerminalIdentifier: terminal.tid,
      // Never a sale of the statements (their NSUs are below 900,000,000).
      retrievalReferenceNumber: String(900_000_000 + process.pid * 10_000 + n++),
      amount: 1_000 + (n % 9_000),
    });
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const [singles, batches, readyz] = await Promise.all([
    offerLoad({
      url: `${baseUrl}/v1/webhooks/events`,
      headers,
      rate: RATES.singles,
      seconds,
      body: () => JSON.stringify(notification()),
    }),
    offerLoad({
      url: `${baseUrl}/v1/webhooks/events/batch`,
      headers,
      rate: RATES.batches,
      seconds,
      body: () => JSON.stringify({ events: Array.from({ length: BATCH }, notification) }),
    }),
    offerLoad({ url: `${baseUrl}/readyz`, headers: {}, rate: RATES.readyz, seconds }),
  ]);
  const figures = (load: OfferedLoad) => ({
    p50: round(percentile(load.latencies, 50)),
    p99: round(percentile(load.latencies, 99)),
    max: round(Math.max(...load.latencies)),
    statuses: Object.fromEntries([...load.statuses.entries()].map(([s, c]) => [String(s || "no answer"), c])),
  });
  return { singles: figures(singles), batches: figures(batches), readyz: figures(readyz) };
}

type Target = {
  baseUrl: string;
  stop: () => Promise<void>;
  terminal: { mid: string; tid: string };
  other: { mid: string; tid: string };
};

const SERVER_ENV = { ...FAIR_USE_OFF, LOG_LEVEL: "warn" };

async function serverTarget(): Promise<Target> {
  const secrets = freshServerSecrets();
  const server = await startTargetServer("bench-recon-ingest", {
    adminUrlVariable: "BENCH_ADMIN_DATABASE_URL",
    port: args.port,
    demoEvents: 300,
    env: { ...secrets, ...SERVER_ENV },
  });
  Object.assign(process.env, secrets, { DATABASE_URL: server.databaseUrl, LOG_LEVEL: "warn" });
  const terminal = await benchMerchant("Recon ingest terminal", []);
  const other = await benchMerchant("Recon ingest statement", []);
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  return { baseUrl: server.baseUrl, stop: server.stop, terminal, other };
}

/** A PGlite folder, migrated and given the users and terminals here, then served by its own process. */
async function embeddedTarget(dir: string): Promise<Target> {
  const baseUrl = `http://127.0.0.1:${args.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...freshServerSecrets(),
    ...SERVER_ENV,
    NODE_ENV: "production",
    DATABASE_URL: `pglite:${path.join(dir, "pglite")}`,
    PORT: String(args.port),
    HOST: "127.0.0.1",
    NEXTAUTH_URL: baseUrl,
  };
  const migrated = spawnSync("node_modules/.bin/tsx", ["--conditions=react-server", "prisma/migrate.ts", "deploy"], {
    env,
    stdio: "inherit",
  });
  if (migrated.status !== 0) throw new Error("migration failed");
  // One process at a time on a PGlite folder: this one writes, closes, then the server opens it.
  Object.assign(process.env, env);
  const { createUser } = await import("@/lib/users/system-accounts");
  for (const user of [USERS.operator, USERS.ingest]) await createUser(user);
  const terminal = await benchMerchant("Recon ingest terminal", []);
  const other = await benchMerchant("Recon ingest statement", []);
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  const server = spawn(process.execPath, ["scripts/server.mjs"], { env, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));
  await waitForUrl(`${baseUrl}/readyz`, 120_000);
  return {
    baseUrl,
    terminal,
    other,
    stop: async () => {
      if (server.exitCode === null) server.kill("SIGTERM");
      await exited;
    },
  };
}

async function runOne(db: "server" | "embedded"): Promise<DbResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-recon-ingest-"));
  const target = db === "server" ? await serverTarget() : await embeddedTarget(dir);
  try {
    const operator = (await signInOverHttp(target.baseUrl, USERS.operator)).access_token;
    const ingest = (await signInOverHttp(target.baseUrl, USERS.ingest)).access_token;
    const large = path.join(dir, "large.csv");
    const missing = path.join(dir, "missing.csv");
    // The large statement spreads over 1,000 terminals of another merchant's MID.
    await writeStatement(large, args.sales, (i) => ({ mid: target.other.mid, tid: `T${i % 1_000}` }), 1);
    await writeStatement(missing, args.missing, () => target.terminal, 1);
    console.log(`${db}: statements written (${args.sales} and ${args.missing} sales); load average ${loadNow()}`);

    // Warm-up, not measured: a production server loads each route's module on its first request.
    await measure(target.baseUrl, ingest, target.terminal, 2);
    const alone = await measure(target.baseUrl, ingest, target.terminal);
    console.log(`${db}: alone measured`);
    const importing = importFile(target.baseUrl, operator, large);
    let importDone = false;
    void importing.then(() => {
      importDone = true;
    });
    // The import is under way (uploading, then matching) before the measured traffic starts.
    await new Promise((r) => setTimeout(r, 1_000));
    const during = await measure(target.baseUrl, ingest, target.terminal);
    if (importDone) during.note = "the import ended before the measurement did";
    const large$ = await importing;
    if (large$.status !== 201) throw new Error(`the large import answered ${large$.status}: ${large$.body.slice(0, 300)}`);
    console.log(`${db}: during measured; the large import took ${large$.seconds.toFixed(1)} s`);
    const missing$ = await importFile(target.baseUrl, operator, missing);
    if (missing$.status !== 201)
      throw new Error(`the missing-sales import answered ${missing$.status}: ${missing$.body.slice(0, 300)}`);
    console.log(`${db}: ${JSON.stringify(JSON.parse(missing$.body).summary)} in ${missing$.seconds.toFixed(1)} s`);
    const after = await measure(target.baseUrl, ingest, target.terminal);
    return { db, phases: { alone, during, after }, importSeconds: { during: large$.seconds, after: missing$.seconds } };
  } finally {
    await target.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(results: DbResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const r of results) {
    // A phase with nothing answered has no percentiles (null once through JSON): not a pass.
    for (const f of Object.values(r.phases)) {
      for (const kind of ["singles", "batches", "readyz"] as const) {
        for (const q of ["p50", "p99", "max"] as const) f[kind][q] = f[kind][q] ?? Number.NaN;
      }
    }
    const { alone } = r.phases;
    console.log(
      `\n${r.db} (${args.seconds} s a phase; singles ${RATES.singles}/s, batches of ${BATCH} ${RATES.batches}/s, /readyz ${RATES.readyz}/s):`,
    );
    for (const phase of ["alone", "during", "after"] as const) {
      const f = r.phases[phase];
      const ratio = (kind: "singles" | "batches", q: "p50" | "p99") =>
        phase === "alone" ? "" : ` (${(f[kind][q] / alone[kind][q]).toFixed(2)}x)`;
      console.log(
        `  ${phase.padEnd(6)} singles p50 ${f.singles.p50}${ratio("singles", "p50")} p99 ${f.singles.p99}${ratio("singles", "p99")} ms; ` +
          `batches p50 ${f.batches.p50}${ratio("batches", "p50")} p99 ${f.batches.p99}${ratio("batches", "p99")} ms; ` +
          `/readyz max ${f.readyz.max} ms; statuses ${JSON.stringify({ singles: f.singles.statuses, batches: f.batches.statuses })}` +
          (f.note ? ` (${f.note})` : ""),
      );
      if (phase !== "alone") {
        for (const kind of ["singles", "batches"] as const) {
          for (const q of ["p50", "p99"] as const) {
            checks.push(atMost(`${r.db}: ${kind} ${q}, ${phase} / alone`, f[kind][q] / alone[kind][q], TARGET_RATIO));
          }
        }
      }
      checks.push(atMost(`${r.db}: /readyz max, ${phase}`, f.readyz.max, READYZ_MS, " ms"));
      const refused = (kind: Kind) =>
        Object.entries(f[kind].statuses)
          .filter(([status]) => !/^[23]/.test(status))
          .reduce((n, [, count]) => n + count, 0);
      checks.push(
        none(
          `${r.db}: requests unanswered (30 s) or refused, ${phase}`,
          refused("singles") + refused("batches") + refused("readyz"),
        ),
      );
    }
    console.log(
      `  imports: ${args.sales} sales in ${r.importSeconds.during.toFixed(1)} s, ${args.missing} missing in ${r.importSeconds.after.toFixed(1)} s`,
    );
  }
  printTargets("bench:recon-ingest targets", checks);
  return checks;
}

function write(results: DbResult[], checks: TargetCheck[]): void {
  const rows = results.flatMap((r) =>
    (["alone", "during", "after"] as const).map((phase) => {
      const f = r.phases[phase];
      const x = (kind: "singles" | "batches", q: "p50" | "p99") =>
        !Number.isFinite(f[kind][q])
          ? "no answer"
          : phase === "alone"
            ? `${f[kind][q]}`
            : `${f[kind][q]} (${(f[kind][q] / r.phases.alone[kind][q]).toFixed(2)}×)`;
      return `| ${r.db} | ${phase} | ${x("singles", "p50")} | ${x("singles", "p99")} | ${x("batches", "p50")} | ${x("batches", "p99")} | ${Number.isFinite(f.readyz.max) ? f.readyz.max : "no answer"} |`;
    }),
  );
  const failed = checks.filter((c) => c.pass === false).length;
  writeReportSection("docs/benchmarks.md", "recon-ingest", [
    "## Notifications beside reconciliation",
    "",
    `Single notifications (${RATES.singles}/s), batches of ${BATCH} (${RATES.batches}/s) and \`/readyz\` (${RATES.readyz}/s) on one terminal, ${args.seconds} s`,
    `a phase: alone; during an import of ${args.sales.toLocaleString("en")} sales on other terminals; after an import of`,
    `${args.missing.toLocaleString("en")} sales on that terminal that nobody notified. Latencies in ms (ratio to alone). Load average at the end: ${loadNow()}.`,
    "",
    "| database | phase | singles p50 | singles p99 | batch p50 | batch p99 | /readyz max |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `Command: \`npm run bench:recon-ingest -- --sales ${args.sales} --missing ${args.missing} --write\` (after \`next build\`).`,
    `Target: during and after ≤ ${TARGET_RATIO}× alone (p50 and p99), \`/readyz\` always < ${READYZ_MS} ms: ${failed === 0 ? "**met**" : `**not met** (${failed} of ${checks.length} checks fail)`}.`,
  ]);
}

async function main(): Promise<void> {
  if (args.db === "server" || args.db === "embedded") {
    const result = await runOne(args.db);
    if (args.out) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(args.out, JSON.stringify(result));
      return;
    }
    const checks = report([result]);
    if (args.write) write([result], checks);
    return;
  }
  if (args.db !== "both") throw new Error("--db is server, embedded or both");
  const dir = mkdtempSync(path.join(tmpdir(), "bench-recon-ingest-both-"));
  try {
    const results: DbResult[] = [];
    for (const db of ["server", "embedded"] as const) {
      const out = path.join(dir, `${db}.json`);
      const child = spawnSync(
        "node_modules/.bin/tsx",
        [
          "--conditions=react-server",
          "scripts/bench-recon-ingest.ts",
          ...["--db", db, "--sales", String(args.sales), "--missing", String(args.missing)],
          ...["--seconds", String(args.seconds), "--port", String(args.port), "--out", out],
        ],
        { stdio: "inherit" },
      );
      if (child.status !== 0) throw new Error(`the ${db} run failed`);
      const { readFileSync } = await import("node:fs");
      results.push(JSON.parse(readFileSync(out, "utf8")) as DbResult);
    }
    const checks = report(results);
    if (args.write) write(results, checks);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
