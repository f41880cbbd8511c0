// `npm run fuzz -- [--runs 100000] [--seed N] [--concurrency 4] [--port 3310] [--in-process]
// [--only "POST /v1/webhooks/events"] [--ignore "member name"]`: the
// API fuzzer (tests/fuzz/openapi-fuzzer.ts) against a production server on a scratch database of
// the PostgreSQL server (FUZZ_ADMIN_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres),
// made for the run and dropped after. --in-process calls the route handlers in this process
// instead (no `next build`, no HTTP; same database set-up). --only aims at the operations whose
// "METHOD /path" matches; --ignore looks past problems matching it (a known defect). Prints the figures; exits 1 when any
// request failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { USERS } from "@/e2e/support/users";
import { type FuzzReport, fuzzApi } from "@/tests/fuzz/openapi-fuzzer";
import { prepareScratchDatabase, startScratchServer } from "@/tests/support/scratch-server";
import { FAIR_USE_OFF } from "./support/capacity-env";
import { runMain } from "./support/run-main";
import { LOCAL_ADMIN_URL } from "./support/target-server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "10000" },
    seed: { type: "string", default: String(Date.now() % 2 ** 31) },
    concurrency: { type: "string", default: "4" },
    port: { type: "string", default: "3310" },
    "in-process": { type: "boolean", default: false },
    only: { type: "string" },
    ignore: { type: "string" },
  },
});

const ADMIN_URL = process.env.FUZZ_ADMIN_DATABASE_URL ?? LOCAL_ADMIN_URL;

type Target = { baseUrl: string; fetch?: typeof fetch; stop: () => Promise<void> };

async function inProcessTarget(): Promise<Target> {
  const database = prepareScratchDatabase({ purpose: "fuzz", adminUrl: ADMIN_URL, port: Number(values.port) });
  // The handlers read the environment on first use: it must be the scratch database's before any is loaded.
  Object.assign(process.env, database.env, FAIR_USE_OFF, { LOG_LEVEL: "silent" });
  const { inProcessFetch } = await import("@/tests/fuzz/in-process-fetch");
  return {
    baseUrl: `http://127.0.0.1:${values.port}`,
    fetch: inProcessFetch(),
    stop: async () => {
      const { closeDb } = await import("@/lib/db/client");
      await closeDb();
      await database.drop();
    },
  };
}

async function serverTarget(): Promise<Target> {
  if (!existsSync(".next/BUILD_ID")) spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  return startScratchServer({
    purpose: "fuzz",
    adminUrl: ADMIN_URL,
    port: Number(values.port),
    logFile: "test-results/next-fuzz-run.log",
    env: FAIR_USE_OFF,
  });
}

async function main(): Promise<void> {
  mkdirSync("test-results", { recursive: true });
  const server = values["in-process"] ? await inProcessTarget() : await serverTarget();
  try {
    const runs = Number(values.runs);
    console.log(
      `fuzzing ${values["in-process"] ? "the route handlers in process" : server.baseUrl}: ${runs} requests, seed ${values.seed}`,
    );
    const report: FuzzReport = await fuzzApi({
      baseUrl: server.baseUrl,
      fetch: server.fetch,
      runs,
      seed: Number(values.seed),
      users: USERS,
      concurrency: Number(values.concurrency),
      only: values.only ? new RegExp(values.only) : undefined,
      ignore: values.ignore ? new RegExp(values.ignore) : undefined,
      onProgress: (sent) => sent % 10_000 === 0 && console.log(`  ${sent} sent`),
    });
    const fivexx = Object.entries(report.statuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `${report.requests} requests in ${report.seconds.toFixed(1)} s (${Math.round(report.requests / report.seconds)}/s), seed ${report.seed}`,
    );
    console.log(`statuses: ${JSON.stringify(report.statuses)}; 5xx: ${fivexx}`);
    if (report.failures.length) {
      console.log(`\n${report.failures.length} failing properties (shrunk counterexamples):\n\n${report.failures.join("\n\n")}`);
      process.exitCode = 1;
    } else console.log("no failures");
  } finally {
    await server.stop();
  }
}

runMain(main);
