// End-to-end tests against two production servers (`next build` first) sharing one fresh
// PostgreSQL database: `api` calls the HTTP API (and fuzzes it), `ui` drives Debian's Chromium,
// and `logs`, after both, scans every line the servers logged for secrets.
// TEST_DATABASE_URL: the server's admin URL (default postgresql://postgres@127.0.0.1:5432/postgres).
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./e2e/support/chromium-args";
import { baseUrlOf, PORTS, serverEnv } from "./e2e/support/run-env";
import { TAKING_SCREENSHOTS } from "./e2e/support/screenshots";

// The first server prepares the database, then each runs the production server
// (scripts/server.mjs, as `npm start` does), its output going to test-results/next-<port>.log.
// Playwright starts the web servers one after another, each once the previous one answers, and
// the tests once all do: the second finds the database ready (preparing it again, idempotently,
// cost about 5 s of that sequence for nothing).
const serverCommand = (port: number) =>
  [
    ...(port === PORTS[0] ? ["node_modules/.bin/tsx --conditions=react-server e2e/support/prepare-database.ts"] : []),
    `exec env HOST=127.0.0.1 node scripts/server.mjs > test-results/next-${port}.log 2>&1`,
  ].join(" && ");

export default defineConfig({
  // Two spec files at a time (a file's tests run in order, in one worker): the servers, Chromium
  // and PostgreSQL spend much of a test waiting on each other, so a second worker fills the gaps
  // (E2E_WORKERS=1: one at a time). Specs make their own data and never count on another spec's
  // having happened or not; those that stop a server or PostgreSQL run one of their own.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A hang fails the test; a slow step on a loaded two-core machine (two spec files, two servers,
  // Chromium and PostgreSQL on it) must not: UI tests took 10 to 40 s under load.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["./e2e/support/summary-reporter.ts"]],
  outputDir: "test-results/artifacts",
  globalTeardown: "./e2e/support/global-teardown.ts",
  use: {
    baseURL: baseUrlOf(PORTS[0]),
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "api", testDir: "e2e/api" },
    {
      name: "ui",
      testDir: "e2e/ui",
      // Pictures only: refreshed by `npm run screenshots`, never part of a test run.
      testIgnore: TAKING_SCREENSHOTS ? [] : ["screenshots.spec.ts"],
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
      },
    },
    { name: "logs", testDir: "e2e/logs", dependencies: ["api", "ui"] },
  ],
  webServer: PORTS.map((port) => ({
    name: `next:${port}`,
    command: serverCommand(port),
    url: `${baseUrlOf(port)}/healthz`,
    env: serverEnv(port),
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
  })),
});
