// `npm run fuzz -- [--runs 100000] [--seed N] [--concurrency 4] [--port 3310]`: the API fuzzer
// (tests/fuzz/openapi-fuzzer.ts) against a production server on a scratch database of the
// PostgreSQL server (FUZZ_ADMIN_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres),
// made for the run and dropped after. Prints the figures; exits 1 when any request failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { USERS } from "@/e2e/support/users";
import { fuzzApi } from "@/tests/fuzz/openapi-fuzzer";
import { startScratchServer } from "@/tests/support/scratch-server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "10000" },
    seed: { type: "string", default: String(Date.now() % 2 ** 31) },
    concurrency: { type: "string", default: "4" },
    port: { type: "string", default: "3310" },
  },
});

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID")) spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  mkdirSync("test-results", { recursive: true });
  const server = await startScratchServer({
    purpose: "fuzz",
    adminUrl: process.env.FUZZ_ADMIN_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    port: Number(values.port),
    logFile: "test-results/next-fuzz-run.log",
  });
  try {
    const runs = Number(values.runs);
    console.log(`fuzzing ${server.baseUrl}: ${runs} requests, seed ${values.seed}`);
    const report = await fuzzApi({
      baseUrl: server.baseUrl,
      runs,
      seed: Number(values.seed),
      users: USERS,
      concurrency: Number(values.concurrency),
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

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
