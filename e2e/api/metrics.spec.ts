// GET /metrics against a real Prometheus (Debian's `prometheus` package): a
// temporary Prometheus scrapes both instances with the bearer token every second, loading
// the alert rules of docs/prometheus/alerts.yml; the test waits until its target is up (asking
// its HTTP API), makes an event and waits until Prometheus has scraped the count. promtool checks
// the exposition text and the rules.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { cardEventData } from "@/tests/support/event-data";
import { expect, test } from "../support/fixtures";
import { baseUrlOf, e2eRun, PORTS } from "../support/run-env";
import { apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

const TARGET = baseUrlOf(PORTS[0]);
const RULES = path.resolve("docs/prometheus/alerts.yml");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Prometheus = { url: string; child: ChildProcess; dir: string };

async function startPrometheus(token: string): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), "pic-prometheus-"));
  const port = await freePort();
  writeFileSync(
    path.join(dir, "prometheus.yml"),
    JSON.stringify({
      global: { scrape_interval: "1s", evaluation_interval: "1s" },
      rule_files: [RULES],
      scrape_configs: [
        {
          job_name: "pic",
          metrics_path: "/metrics",
          authorization: { type: "Bearer", credentials: token },
          // Both instances: each counts what it did (its worker may decide the other's events).
          static_configs: [{ targets: PORTS.map((port) => new URL(baseUrlOf(port)).host) }],
        },
      ],
    }),
  );
  const log = openSync(path.resolve("test-results", `prometheus-${port}.log`), "w");
  const child = spawn(
    "prometheus",
    [
      `--config.file=${path.join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ["ignore", log, log] },
  );
  return { url: `http://127.0.0.1:${port}`, child, dir };
}

async function stopPrometheus(prometheus: Prometheus): Promise<void> {
  if (prometheus.child.exitCode === null) {
    const exited = new Promise((resolve) => prometheus.child.once("exit", resolve));
    prometheus.child.kill("SIGTERM");
    await exited;
  }
  rmSync(prometheus.dir, { recursive: true, force: true });
}

async function query(prometheus: Prometheus, expr: string): Promise<number | undefined> {
  const res = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr)}`);
  if (!res.ok) return undefined;
  const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
  const [first] = body.data.result;
  return first ? Number(first.value[1]) : undefined;
}

test("a real Prometheus scrapes /metrics with the bearer token and sees a new event counted", async ({ request }) => {
  // A real Prometheus started, then its scrapes waited for (up to 45 s until both targets are up).
  test.setTimeout(90_000);
  const prometheus = await startPrometheus(e2eRun().metricsToken);
  try {
    // Up: Prometheus answers, both targets are healthy (token accepted) and the rules loaded.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${prometheus.url}/api/v1/targets`).catch(() => undefined);
          if (!res?.ok) return "not listening";
          const { data } = (await res.json()) as { data: { activeTargets: { health: string; lastError: string }[] } };
          return data.activeTargets.map((t) => `${t.health} ${t.lastError}`.trim()).join(",");
        },
        { timeout: 45_000, intervals: [250] },
      )
      .toBe(PORTS.map(() => "up").join(","));
    const rules = await (await fetch(`${prometheus.url}/api/v1/rules`)).json();
    expect(rules.data.groups[0].rules.length).toBeGreaterThan(0);

    const series = 'sum(pic_events_received_total{acquirer="getnet",result="created"})';
    const before = (await query(prometheus, series)) ?? 0;
    const token = await apiToken(request, USERS.ingest);
    const res = await request.post(`${TARGET}/v1/webhooks/events`, {
      data: cardEventData({ acquirerName: "getnet" }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBe(202);
    await expect.poll(() => query(prometheus, series), { timeout: 20_000, intervals: [250] }).toBe(before + 1);
    // The route label is the pattern, and the decision is counted once the worker has made it.
    await expect
      .poll(() => query(prometheus, 'sum(pic_http_request_duration_seconds_count{route="/v1/webhooks/events",method="POST"})'), {
        timeout: 20_000,
        intervals: [250],
      })
      .toBeGreaterThan(0);
    await expect
      .poll(() => query(prometheus, 'sum(pic_events_decided_total{acquirer="getnet"})'), { timeout: 20_000, intervals: [250] })
      .toBeGreaterThan(0);
  } finally {
    await stopPrometheus(prometheus);
  }
});

test("promtool accepts the exposition text and the documented alert rules", async ({ request }) => {
  const res = await request.get(`${TARGET}/metrics`, { headers: { authorization: `Bearer ${e2eRun().metricsToken}` } });
  expect(res.status()).toBe(200);
  const text = await res.text();
  // On a server database, the pool's use is there (absent on the embedded one).
  expect(text).toMatch(/^pic_database_pool_connections\{pool="primary",state="total"\} [1-9]/m);
  const metrics = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
  expect(metrics.status, metrics.stdout + metrics.stderr).toBe(0);
  const rules = spawnSync("promtool", ["check", "rules", RULES], { encoding: "utf8" });
  expect(rules.status, rules.stdout + rules.stderr).toBe(0);
  expect(rules.stdout).toMatch(/SUCCESS: \d+ rules found/);
});

test("GET /metrics refuses a missing or wrong token", async ({ request }) => {
  expect((await request.get(`${TARGET}/metrics`)).status()).toBe(401);
  const wrong = await request.get(`${TARGET}/metrics`, { headers: { authorization: "Bearer not-the-metrics-token" } });
  expect(wrong.status()).toBe(401);
});
