// The fuzz suite with a fixed seed: random valid and hostile requests to every route of the
// OpenAPI document, against a server with a database of its own (see tests/fuzz). No 5xx,
// every 4xx a problem+json naming what was wrong, every answer as the document describes it.
// A long run on demand: `npm run fuzz -- --runs 100000`.
import { fuzzApi } from "@/tests/fuzz/openapi-fuzzer";
import { startScratchServer } from "@/tests/support/scratch-server";
import { FAIR_USE_OFF } from "../../scripts/support/capacity-env";
import { expect, test } from "../support/fixtures";
import { e2eRun, FUZZ_PORT, workerPort } from "../support/run-env";
import { USERS } from "../support/users";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

test(`fuzz: ${RUNS} random requests (seed ${SEED}) get no 5xx and only documented answers`, async () => {
  // A scratch server of its own, then 1,500 requests (FUZZ_RUNS), four at a time: about twenty
  // per operation; long runs are `npm run fuzz`.
  test.setTimeout(240_000);
  const server = await startScratchServer({
    purpose: "fuzz",
    adminUrl: e2eRun().adminUrl,
    port: workerPort(FUZZ_PORT),
    logFile: `test-results/next-fuzz-${workerPort(FUZZ_PORT)}.log`,
    // Thousands of requests from a few accounts: fair use would answer 429 where the fuzzer judges
    // the route's own answer (fair use itself: tests/integration/fair-use*.test.ts).
    env: FAIR_USE_OFF,
  });
  try {
    const report = await fuzzApi({ baseUrl: server.baseUrl, runs: RUNS, seed: SEED, users: USERS, concurrency: 4 });
    console.log(
      `fuzz: ${report.requests} requests in ${report.seconds.toFixed(1)} s, statuses ${JSON.stringify(report.statuses)}`,
    );
    expect(report.failures, report.failures.join("\n\n")).toEqual([]);
    expect(report.requests).toBe(RUNS);
    // The mix reaches past validation: some requests succeed, some are refused for each reason.
    for (const status of [200, 400, 401, 404]) expect(report.statuses[status] ?? 0, `answers ${status}`).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }
});
