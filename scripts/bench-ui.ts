// `npm run bench:ui` (tsx --conditions=react-server scripts/bench-ui.ts): the dashboard's events
// explorer and overview in Chromium against the production build on a database of 1,000,000
// events (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/pic_bench; load it
// with `npm run bench` or `npm run db:demo`). Measures, and writes to docs/benchmarks-ui.md:
//   - first rows of /events after navigation (median of --runs, cold browser cache, and warm);
//   - long tasks while scrolling through --rows rows (wheel steps, pages prefetched on the way);
//   - the JavaScript the events page loads, gzipped (every script response of a cold load);
//   - GET /v1/stats/overview per period (the rollup) beside a plain count over the events table,
//     and the overview page's first figures.
// The server runs with the event worker off: a benchmark does not change the data it reads.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import type pg from "pg";
import { CHROMIUM_ARGS } from "@/e2e/support/chromium-args";
import { queryOnce } from "@/tests/support/query-once";
import { freshServerSecrets } from "@/tests/support/scratch-server";
import { FAIR_USE_OFF } from "./support/capacity-env";
import { parseFlags } from "./support/flags";
import { waitForUrl } from "./support/wait-for-url";

const args = parseFlags({ port: 3400, runs: 5, rows: 2000, "min-events": 1000000, "no-write": false });
const PORT = args.port;
const RUNS = args.runs;
const SCROLL_ROWS = args.rows;
const MIN_EVENTS = args["min-events"];
const BASE = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pic_bench";
const USERNAME = "bench-ui";
const PASSWORD = "bench ui password 1234";
const VIEWPORT = { width: 1280, height: 800 };
const ROW_HEIGHT = 44;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

const query = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => queryOnce<T>(DATABASE_URL, text, values);

function ensureUser(): void {
  const r = spawnSync(
    process.execPath,
    [
      "node_modules/.bin/tsx",
      "--conditions=react-server",
      "scripts/users.ts",
      "create",
      USERNAME,
      "--role",
      "viewer",
      "--password",
      PASSWORD,
    ],
    { env: { ...process.env, ...freshServerSecrets(), DATABASE_URL, LOG_LEVEL: "warn" }, encoding: "utf8" },
  );
  if (r.status !== 0 && !/taken|exists/i.test(`${r.stdout}${r.stderr}`)) throw new Error(`creating ${USERNAME}: ${r.stderr}`);
}

function startServer(): ChildProcess {
  const { privateKey } = generateKeyPairSync("ed25519");
  return spawn(process.execPath, ["scripts/server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATABASE_URL,
      NEXTAUTH_URL: BASE,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_SIGNING_KEYS: JSON.stringify([{ ...privateKey.export({ format: "jwk" }), kid: "bench-ui", alg: "EdDSA" }]),
      ENCRYPTION_KEYS: `1:${randomBytes(32).toString("base64")}`,
      ACCESS_TOKEN_TTL_SECONDS: "3600",
      LOGIN_LIMIT_PER_ADDRESS: "100000",
      ...FAIR_USE_OFF,
      WORKER_ENABLED: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function apiToken(): Promise<string> {
  const res = await fetch(`${BASE}/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** GET /v1/stats/overview, sequentially: warm-up, then n timed requests. */
async function overviewApi(token: string) {
  const out: { period: string; p50: number; p95: number; total: number; buckets: number }[] = [];
  for (const period of ["24h", "7d", "30d"]) {
    const url = `${BASE}/v1/stats/overview?period=${period}`;
    const headers = { authorization: `Bearer ${token}` };
    let body: { totals: { total: number }; series: unknown[] } | undefined;
    for (let i = 0; i < 3; i++) body = (await (await fetch(url, { headers })).json()) as typeof body;
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    out.push({
      period,
      p50: round(median(times), 1),
      p95: round(quantile(times, 0.95), 1),
      total: body!.totals.total,
      buckets: body!.series.length,
    });
  }
  return out;
}

/** What the rollup saves: the same 30-day counts straight from the events table. */
async function plainCount() {
  const rollupRows = await query<{ n: string }>(
    "SELECT count(*) AS n FROM event_hourly_counts WHERE hour >= now() - interval '30 days'",
  );
  const t = performance.now();
  await query("SELECT status, count(*) FROM events WHERE created_at >= now() - interval '30 days' GROUP BY status");
  return { plainMs: round(performance.now() - t), rollupRows: Number(rollupRows[0]!.n) };
}

async function signedInState(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel("Username").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/overview$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

// Installed before any page script: when the first event row and the first overview figure
// appear (ms since navigation start), and every long task.
const PROBE = `
  window.__bench = { firstRow: undefined, firstFigure: undefined, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  new MutationObserver(() => {
    if (window.__bench.firstRow === undefined && document.querySelector('[data-testid="event-row"]'))
      window.__bench.firstRow = performance.now();
    if (window.__bench.firstFigure === undefined && document.querySelector('[data-testid="overview-total-value"]'))
      window.__bench.firstFigure = performance.now();
  }).observe(document, { childList: true, subtree: true });
`;

type Probe = { firstRow?: number; firstFigure?: number; longTasks: { start: number; duration: number }[] };

async function newContext(browser: Browser, state: Awaited<ReturnType<typeof signedInState>>): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
  await context.addInitScript(PROBE);
  return context;
}

/** ms from navigation start to the first row (or overview figure), one fresh context (cold cache) per run. */
async function firstPaint(browser: Browser, state: Awaited<ReturnType<typeof signedInState>>, path: string, what: keyof Probe) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser, state);
    const page = await context.newPage();
    for (const [bucket, label] of [
      [cold, "cold"],
      [warm, "warm"],
    ] as const) {
      await page.goto(`${BASE}${path}`);
      await page.waitForFunction(
        (key) => (window as unknown as { __bench: Probe }).__bench[key as keyof Probe] !== undefined,
        what,
        {
          timeout: 30_000,
        },
      );
      const ms = await page.evaluate(
        (key) => (window as unknown as { __bench: Probe }).__bench[key as keyof Probe] as number,
        what,
      );
      bucket.push(round(ms));
      console.log(`  ${path} run ${i + 1} ${label}: ${round(ms)} ms`);
    }
    await context.close();
  }
  return { cold, warm, coldMedian: median(cold), warmMedian: median(warm) };
}

/** Every script the events page loads on a cold visit, with its gzipped size. */
async function eventsPageScripts(browser: Browser, state: Awaited<ReturnType<typeof signedInState>>) {
  const context = await newContext(browser, state);
  const page = await context.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then(
        (body) => {
          scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
        },
        () => {},
      ),
    );
  });
  await page.goto(`${BASE}/events`);
  await page.waitForSelector('[data-testid="event-row"]');
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  await context.close();
  scripts.sort((a, b) => b.gzip - a.gzip);
  return { scripts, gzip: scripts.reduce((s, x) => s + x.gzip, 0), raw: scripts.reduce((s, x) => s + x.raw, 0) };
}

/** Scrolls the table with the mouse wheel through SCROLL_ROWS rows; long tasks and DOM rows meanwhile. */
async function scroll(browser: Browser, state: Awaited<ReturnType<typeof signedInState>>) {
  const context = await newContext(browser, state);
  const page = await context.newPage();
  await page.goto(`${BASE}/events`);
  await page.waitForSelector('[data-testid="event-row"]');
  await page.waitForLoadState("networkidle");
  const box = (await page.getByTestId("events-scroller").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const startedAt = await page.evaluate(() => performance.now());
  const loadBefore = loadavg()[0]!;
  const target = SCROLL_ROWS * ROW_HEIGHT;
  let maxRows = 0;
  let stalls = 0;
  for (;;) {
    const { top, rows } = await page.evaluate(() => ({
      top: document.querySelector('[data-testid="events-scroller"]')!.scrollTop,
      rows: document.querySelectorAll('[data-testid="event-row"]').length,
    }));
    maxRows = Math.max(maxRows, rows);
    if (top >= target) break;
    const before = top;
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(16);
    const after = await page.evaluate(() => document.querySelector('[data-testid="events-scroller"]')!.scrollTop);
    // At the end of what is loaded: the next page is on its way.
    if (after === before && ++stalls > 400) throw new Error("scrolling stalled: the next page never came");
  }
  const elapsed = (await page.evaluate(() => performance.now())) - startedAt;
  const probe = await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
  const during = probe.longTasks.filter((t) => t.start >= startedAt);
  const summary = await page.evaluate(() => document.querySelector('[data-testid="events-summary"]')?.textContent ?? "");
  await context.close();
  return {
    seconds: round(elapsed / 1000, 1),
    longTasks: during.length,
    maxLongTask: round(Math.max(0, ...during.map((t) => t.duration))),
    maxRows,
    stalls,
    load: round(Math.max(loadBefore, loadavg()[0]!), 1),
    loaded: Number(/^([\d,]+)/.exec(summary.trim())?.[1]?.replaceAll(",", "") ?? 0),
  };
}

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npx next build` first.");
  const events = Number((await query<{ n: string }>("SELECT count(*) AS n FROM events"))[0]!.n);
  if (events < MIN_EVENTS)
    throw new Error(`${DATABASE_URL} holds ${events} events; the benchmark needs ${MIN_EVENTS} (--min-events).`);
  console.log(`${events.toLocaleString("en")} events in ${new URL(DATABASE_URL).pathname.slice(1)}`);
  ensureUser();

  const server = startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    await waitForUrl(`${BASE}/readyz`, 90_000);
    const token = await apiToken();
    console.log("GET /v1/stats/overview...");
    const overview = await overviewApi(token);
    const plain = await plainCount();
    console.table(overview);
    console.log(`plain count over 30 days of events: ${plain.plainMs} ms; rollup rows for 30 days: ${plain.rollupRows}`);

    const state = await signedInState(browser);
    // One unmeasured visit: the server compiles nothing, but its caches and PostgreSQL's warm up.
    await firstPaint(browser, state, "/events", "firstRow").catch(() => undefined);
    console.log("First rows of /events...");
    const firstRows = await firstPaint(browser, state, "/events", "firstRow");
    console.log("First figures of /overview...");
    const overviewPage = await firstPaint(browser, state, "/overview", "firstFigure");
    console.log("JavaScript of /events...");
    const js = await eventsPageScripts(browser, state);
    console.log(`  ${js.scripts.length} scripts, ${round(js.gzip / 1024, 1)} KiB gzipped (${round(js.raw / 1024, 1)} KiB raw)`);
    console.log(`Scrolling through ${SCROLL_ROWS} rows...`);
    const scrolled = await scroll(browser, state);
    console.log(scrolled);

    const report = {
      events,
      overview,
      plain,
      firstRows,
      overviewPage,
      js,
      scrolled,
    };
    if (!args["no-write"]) writeReport(report);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

type Report = {
  events: number;
  overview: Awaited<ReturnType<typeof overviewApi>>;
  plain: Awaited<ReturnType<typeof plainCount>>;
  firstRows: Awaited<ReturnType<typeof firstPaint>>;
  overviewPage: Awaited<ReturnType<typeof firstPaint>>;
  js: Awaited<ReturnType<typeof eventsPageScripts>>;
  scrolled: Awaited<ReturnType<typeof scroll>>;
};

function writeReport(r: Report): void {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const load = loadavg()[0]!.toFixed(1);
  const kib = (bytes: number) => `${round(bytes / 1024, 1)} KiB`;
  const pass = (ok: boolean) => (ok ? "yes" : "**no**");
  const lines = [
    "# UI benchmarks",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}: PostgreSQL, the production server`,
    "(`node scripts/server.mjs`, event worker off) and Chromium (the e2e flags, 1280×800) on the same machine,",
    `${r.events.toLocaleString("en")} demo events; load average ${load} at the end (the machine is shared with other jobs). Command:`,
    "`npm run bench:ui` (scripts/bench-ui.ts: `tsx --conditions=react-server scripts/bench-ui.ts`, after `npx next build`).",
    "",
    "## Events explorer",
    "",
    "| measure | figure | target | met |",
    "| --- | ---: | ---: | :---: |",
    `| first rows after navigation, median of ${RUNS}, cold cache | ${r.firstRows.coldMedian} ms | ≤ 1,500 ms | ${pass(r.firstRows.coldMedian <= 1500)} |`,
    `| first rows after navigation, median of ${RUNS}, warm cache | ${r.firstRows.warmMedian} ms | ≤ 1,500 ms | ${pass(r.firstRows.warmMedian <= 1500)} |`,
    `| longest task while scrolling through ${SCROLL_ROWS.toLocaleString("en")} rows | ${r.scrolled.maxLongTask} ms (${r.scrolled.longTasks} ${r.scrolled.longTasks === 1 ? "task" : "tasks"} over 50 ms in ${r.scrolled.seconds} s) | < 100 ms | ${pass(r.scrolled.maxLongTask < 100)} |`,
    `| most row elements in the DOM while scrolling | ${r.scrolled.maxRows} | ≤ 150 | ${pass(r.scrolled.maxRows <= 150)} |`,
    `| JavaScript loaded by /events, gzipped | ${kib(r.js.gzip)} (${r.js.scripts.length} files, ${kib(r.js.raw)} raw) | < 250 KiB | ${pass(r.js.gzip < 250 * 1024)} |`,
    "",
    "Each run opens /events in a new browser context (empty cache), then again in the same one (warm cache); the",
    "time is from navigation start to the first event row in the DOM. The server renders the first 40 events with the",
    "page (no session or API request stands before them); the browser fetches the next pages of 100 by cursor.",
    `Cold runs: ${r.firstRows.cold.join(", ")} ms; warm: ${r.firstRows.warm.join(", ")} ms.`,
    "Scrolling: mouse-wheel steps of 300 px as fast as the page takes them; the table asks for the next page 60 rows",
    `before the end: ${r.scrolled.loaded.toLocaleString("en")} events were loaded when the last row was reached (the scroll waited for a page ${r.scrolled.stalls} ${r.scrolled.stalls === 1 ? "time" : "times"}).`,
    `Long tasks are wall-clock time: on this 2-core machine, shared with other builds and test runs, they grow with`,
    `the machine's load (load average ${r.scrolled.load} during this scroll); runs at a load average of 5 to 8 saw the longest`,
    "task reach 100 to 130 ms. Rows are cheap to add (about a dozen elements, the virtualiser's box is CSS-contained,",
    "rows ignore the pointer while the table scrolls): what remains per frame is the style of the rows coming into view.",
    "",
    "Largest scripts (gzipped):",
    "",
    "| script | gzipped | raw |",
    "| --- | ---: | ---: |",
    ...r.js.scripts.slice(0, 8).map((s) => `| \`${s.url.replace(/^\/_next\/static\//, "")}\` | ${kib(s.gzip)} | ${kib(s.raw)} |`),
    "",
    "## Overview",
    "",
    "| period | buckets | events | GET /v1/stats/overview p50 | p95 |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...r.overview.map((o) => `| ${o.period} | ${o.buckets} | ${o.total.toLocaleString("en")} | ${o.p50} ms | ${o.p95} ms |`),
    "",
    `The figures come from the hourly rollup (${r.plain.rollupRows.toLocaleString("en")} rows for 30 days) plus the deltas not yet`,
    `folded in: no scan of the events table per view. The same 30-day counts straight from the events table take`,
    `${r.plain.plainMs.toLocaleString("en")} ms (one query, for comparison). The overview page shows its first figures ${r.overviewPage.coldMedian} ms`,
    `after navigation (median of ${RUNS}, cold cache; ${r.overviewPage.warmMedian} ms warm).`,
    "",
  ];
  writeFileSync("docs/benchmarks-ui.md", lines.join("\n"));
  console.log("wrote docs/benchmarks-ui.md");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
