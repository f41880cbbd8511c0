// The events explorer against 5,000 demo events: filters kept in the URL and across reloads,
// infinite scroll with a virtualised table, keyboard, the detail side panel and Back, the CSV
// export, the "new events" indicator; axe and screenshots in both schemes.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { cardEventData } from "../../tests/support/event-data";
import { COLOR_SCHEMES, openInScheme, seriousViolations } from "../support/accessibility";
import { withDemoEvents } from "../support/demo-events";
import { expect, test } from "../support/fixtures";
import { saveScreenshot } from "../support/screenshots";
import { apiToken, ingestEvent, listAll } from "../support/seed-events";
import { USERS } from "../support/users";

withDemoEvents();

const rows = (page: Page) => page.getByTestId("event-row");
const scroller = (page: Page) => page.getByTestId("events-scroller");

test("filters by status and period: the URL keeps them, a reload too, and every row matches", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(rows(page).first()).toBeVisible();

  await page.getByRole("group", { name: "Status" }).getByText("Failed").click();
  await page.getByRole("group", { name: "Period" }).getByText("7d").click();
  await expect(page).toHaveURL(/\/events\?status=failed&period=7d$/);
  await expect(page.getByRole("checkbox", { name: "Failed" })).toBeChecked();

  const check = async () => {
    await expect(rows(page).first()).toBeVisible();
    const seen = await rows(page).evaluateAll((els) =>
      els.map((el) => ({ status: el.getAttribute("data-status"), at: el.querySelector("time")?.getAttribute("datetime") })),
    );
    expect(seen.length).toBeGreaterThan(3);
    const weekAgo = Date.now() - 7 * 86_400_000 - 60_000;
    for (const row of seen) {
      expect(row.status).toBe("failed");
      expect(Date.parse(row.at!)).toBeGreaterThan(weekAgo);
    }
  };
  await check();

  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Failed" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "7d" })).toBeChecked();
  await check();

  // The search box finds one event by id; "Clear filters" empties the URL again.
  const id = await rows(page).nth(1).getAttribute("data-event-id");
  await page.getByRole("searchbox", { name: /Search by event id/ }).fill(id!);
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute("data-event-id", id!);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole("searchbox", { name: /Search by event id/ })).toHaveValue("");

  // Nothing matches: the empty state says what to change.
  await page.goto("/events?q=000000&period=1h");
  await expect(page.getByRole("heading", { name: "No events match these filters" })).toBeVisible();
  await expect(page.getByText(/the search matches an exact event id or last 4/)).toBeVisible();
});

test("scrolls through 3,000 events: pages load ahead, no row twice, the filter holds, at most 150 rows in the DOM", async ({
  page,
  signIn,
}) => {
  // Scrolls step by step through 3,000 rows, pages loading as it goes.
  test.setTimeout(120_000);
  // A tall window: more rows per screen, fewer steps to see every one of 3,000.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await signIn(USERS.viewer);
  await page.goto("/events?status=failed,processed&period=30d");
  await expect(rows(page).first()).toBeVisible();

  const result = await scroller(page).evaluate(async (el) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const byIndex = new Map<number, string>();
    const statuses = new Set<string>();
    let maxRows = 0;
    let maxDomRows = 0;
    const started = performance.now();
    while (performance.now() - started < 90_000) {
      const found = el.querySelectorAll<HTMLElement>('[data-testid="event-row"]');
      maxRows = Math.max(maxRows, found.length);
      maxDomRows = Math.max(maxDomRows, el.querySelectorAll("tr").length);
      for (const row of found) {
        const index = Number(row.getAttribute("aria-rowindex"));
        const id = row.dataset.eventId!;
        if (byIndex.has(index) && byIndex.get(index) !== id)
          throw new Error(`row ${index} changed from ${byIndex.get(index)} to ${id}`);
        byIndex.set(index, id);
        statuses.add(row.dataset.status!);
      }
      if (byIndex.size >= 3000) break;
      // Less than a screenful per step, so that every row is seen.
      el.scrollTop += el.clientHeight - 80;
      await frame();
      // At the end of what is loaded: the next page is on its way.
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) await new Promise((r) => setTimeout(r, 100));
    }
    const ordered = [...byIndex].sort((a, b) => a[0] - b[0]);
    return {
      ids: ordered.map(([, id]) => id),
      contiguous: ordered.every(([index], i) => index === i + 2),
      statuses: [...statuses],
      maxRows,
      maxDomRows,
    };
  });

  expect(result.ids.length).toBeGreaterThanOrEqual(3000);
  expect(result.contiguous).toBe(true);
  expect(new Set(result.ids).size).toBe(result.ids.length);
  expect(result.statuses.sort()).toEqual(["failed", "processed"]);
  expect(result.maxRows).toBeLessThanOrEqual(150);
  expect(result.maxDomRows).toBeLessThanOrEqual(150);
  await expect(page).toHaveURL(/\/events\?status=failed,processed&period=30d$/);

  // The same events, in the same order, as the API gives for the filter.
  const token = await apiToken(page.request, USERS.viewer);
  const since = new Date(Date.now() - 30 * 86_400_000 + 60 * 60_000).toISOString();
  const api = (await listAll(page.request, token, `status=failed,processed&created_at[gte]=${since}`)).map((e) => e.id);
  // Events other specs sent after the page loaded its first page come before that page's first
  // row in the API's answer: the list the page showed starts there.
  const start = api.indexOf(result.ids[0]!);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(result.ids.slice(0, 3000)).toEqual(api.slice(start, start + 3000));
});

test("keyboard: arrows and Enter open an event; Escape returns to the table", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.goto("/events?period=30d");
  await expect(rows(page).first()).toBeVisible();
  const third = await rows(page).nth(2).getAttribute("data-event-id");

  await page.getByRole("grid").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("grid")).toHaveAttribute("aria-activedescendant", `event-row-${third}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/events/${third}\\?period=30d$`));
  const panel = page.getByTestId("event-panel");
  await expect(panel.getByTestId("event-detail")).toHaveAttribute("data-event-id", third!);
  await expect(panel.getByRole("heading", { name: /^Event/ })).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/events\?period=30d$/);
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("grid")).toBeFocused();
});

test("a detail opened from the table: copy its JSON, go Back to the same scroll position; its own URL in a new tab", async ({
  page,
  context,
  signIn,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(USERS.viewer);
  await page.goto("/events?period=30d");
  await expect(rows(page).first()).toBeVisible();

  // Scroll well into the list (more pages come in on the way).
  await scroller(page).evaluate(async (el) => {
    const until = Date.now() + 15_000;
    while (el.scrollTop < 5200 && Date.now() < until) {
      el.scrollTop = Math.min(5200, el.scrollTop + 600);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const row = page.locator('[data-testid="event-row"][aria-rowindex="125"]');
  await expect(row).toBeVisible();
  await page.waitForLoadState("networkidle");
  const before = await scroller(page).evaluate((el) => el.scrollTop);
  expect(before).toBe(5200);
  const id = await row.getAttribute("data-event-id");
  // On its time cell: the merchant cell holds a link of its own (to the merchant's page).
  await row.locator("td").first().click();

  await expect(page).toHaveURL(new RegExp(`/events/${id}\\?period=30d$`));
  const panel = page.getByTestId("event-panel");
  await expect(panel.getByTestId("event-json")).toContainText(`"id": "${id}"`);
  await panel.getByRole("button", { name: "Copy JSON" }).click();
  await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied).toMatchObject({ id, type: "payment.completed" });
  expect(copied.data.amount).toEqual(expect.any(Number));
  expect(Array.isArray(copied.attempts)).toBe(true);

  const newTab = panel.getByRole("link", { name: "Open in new tab" });
  await expect(newTab).toHaveAttribute("href", `/events/${id}`);

  await page.goBack();
  await expect(page).toHaveURL(/\/events\?period=30d$/);
  await expect(panel).toHaveCount(0);
  expect(await scroller(page).evaluate((el) => el.scrollTop)).toBe(before);
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute("data-event-id", id!);

  // The event's own URL opens the full page (a new tab, a shared link, a reload).
  const tab = await context.newPage();
  await tab.goto(`/events/${id}`);
  await expect(tab.getByRole("heading", { level: 1, name: "Event" })).toBeVisible();
  await expect(tab.getByTestId("event-detail")).toHaveAttribute("data-event-id", id!);
  await expect(tab.getByRole("heading", { name: "Terminal" })).toBeVisible();
  await tab.goto("/events/0000000000000000000a");
  await expect(tab.getByRole("heading", { name: "No event has this id" })).toBeVisible();
  await tab.close();
});

test("exports the CSV of a filter with the API's rows", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.goto("/events?status=failed&acquirer_name=cielo");
  await expect(rows(page).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  // Read now: the status says "Exported N events." for a few seconds only, and the API walk below
  // may take longer than that.
  const exported = page.getByTestId("export-status");
  await expect(exported).toHaveText(/^Exported [\d,]+ events\.$/);
  const status = await exported.textContent();
  expect(file.suggestedFilename()).toMatch(/^events-.*\.csv$/);
  const lines = readFileSync(await file.path(), "utf8")
    .trimEnd()
    .split("\r\n");
  // Every field is quoted (pt-BR Excel splits on ";"); none of these columns holds a comma or quote.
  const fields = (line: string) => line.split(",").map((field) => field.replace(/^"(.*)"$/, "$1"));
  const header = fields(lines[0]!);
  const records = lines.slice(1).map(fields);
  const at = (name: string) => header.indexOf(name);

  const token = await apiToken(page.request, USERS.viewer);
  const api = await listAll(page.request, token, "status=failed&acquirer_name=cielo");
  expect(api.length).toBeGreaterThan(0);
  expect(records).toHaveLength(api.length);
  expect(records.map((r) => r[at("id")])).toEqual(api.map((e) => e.id));
  for (const r of records) {
    expect(r[at("status")]).toBe("failed");
    expect(r[at("acquirer_name")]).toBe("cielo");
  }
  expect(status).toBe(`Exported ${api.length.toLocaleString("en-US")} events.`);
});

test("a new event shows up as “new events”, and a click brings it on top", async ({ page, signIn }) => {
  // The list looks for newer events every 15 s (NEWER_POLL_MS in use-event-list.ts).
  test.setTimeout(60_000);
  await signIn(USERS.viewer);
  // Its own merchant's events only: the specs running beside this one send events of their own.
  const merchantId = `new-events-${randomBytes(4).toString("hex")}`;
  await ingestEvent(page.request, cardEventData({ acquirerName: "stone", merchantId }));
  await page.goto(`/events?merchant_id=${merchantId}`);
  await expect(rows(page)).toHaveCount(1);

  const id = await ingestEvent(page.request, cardEventData({ acquirerName: "stone", merchantId }));

  const indicator = page.getByTestId("new-events");
  await expect(indicator).toHaveText(/1 new event/, { timeout: 25_000 });
  await indicator.click();
  await expect(rows(page).first()).toHaveAttribute("data-event-id", id);
  await expect(indicator).toHaveCount(0);
});

for (const colorScheme of COLOR_SCHEMES) {
  test(`events, the side panel and the event page: no serious violations, screenshots (${colorScheme})`, async ({ page }) => {
    // Three pages, each with an axe analysis and a screenshot.
    test.setTimeout(120_000);
    await openInScheme(page, colorScheme, USERS.operator, "/events?status=failed,processed&period=7d");
    await expect(rows(page).nth(10)).toBeVisible();
    expect(await seriousViolations(page), "/events").toEqual([]);
    await saveScreenshot(page, `events-${colorScheme}.png`);

    await page.goto("/events?status=failed&period=7d");
    const failed = rows(page).nth(1);
    const id = await failed.getAttribute("data-event-id");
    // On its time cell: a row's centre may fall on its merchant's link (registered merchants only).
    await failed.locator("td").first().click();
    const panel = page.getByTestId("event-panel");
    await expect(panel.getByTestId("failure-reason")).toContainText("Failed:");
    await expect(panel.getByTestId("event-attempts")).toBeVisible();
    // The sections' headings sit one level below the panel's h2, and below the page's h1.
    await expect(panel.getByRole("heading", { level: 3, name: "Transaction" })).toBeVisible();
    expect(await seriousViolations(page), "/events with the panel").toEqual([]);
    await saveScreenshot(page, `event-panel-${colorScheme}.png`);

    await page.goto(`/events/${id}`);
    await expect(page.getByTestId("event-attempts")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Transaction" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Attempts, latest first" })).toBeVisible();
    expect(await seriousViolations(page), "/events/{id}").toEqual([]);
    await saveScreenshot(page, `event-detail-${colorScheme}.png`, { fullPage: true });
  });
}

// The TID printed on a failed event, typed in the TID filter or the
// search box, finds that terminal's events (it used to find nothing: the filter took our ids).
test("finds a terminal's events by the acquirer's TID, in the TID filter and in the search box", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  const token = await apiToken(page.request, USERS.viewer);
  const [sample] = await listAll(page.request, token, "status=failed&acquirer_name=rede");
  const tid = sample!.data.acquirerTerminalIdentifier;
  const expected = (await listAll(page.request, token, `acquirer_terminal_id=${tid}`)).map((e) => e.id);
  expect(expected.length).toBeGreaterThan(0);

  await page.goto("/events");
  await expect(rows(page).first()).toBeVisible();
  // By role, which skips hidden elements: while React 19 batches the reveal of a streamed
  // Suspense boundary, the server's copy of the filter bar can sit in a hidden div beside the
  // client's (a CI run found both, and getByLabel's strict mode refused the pair).
  const tidFilter = page.getByRole("searchbox", { name: "TID", exact: true });
  await tidFilter.fill(tid);
  await tidFilter.press("Enter");
  await expect(page).toHaveURL(new RegExp(`acquirer_terminal_id=${tid}`));
  await expect(rows(page).first()).toHaveAttribute("data-event-id", expected[0]!);
  const shown = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-event-id")));
  expect(shown.every((id) => expected.includes(id!))).toBe(true);

  await page.goto(`/events?q=${tid}`);
  await expect(rows(page).first()).toHaveAttribute("data-event-id", expected[0]!);
});

test("each row names its registered merchant (one request per page of rows)", async ({ page, signIn }) => {
  const token = await apiToken(page.request, USERS.viewer);
  const headers = { authorization: `Bearer ${token}` };
  const page1 = (await (await page.request.get("/v1/webhooks/events?status=processed&limit=50", { headers })).json()) as {
    data: { id: string; data: { merchantId: string } }[];
  };
  let found: { id: string; name: string } | undefined;
  for (const candidate of page1.data) {
    const merchant = await page.request.get(`/v1/merchants/${candidate.data.merchantId}`, { headers });
    if (merchant.status() === 200) {
      found = { id: candidate.id, name: ((await merchant.json()) as { name: string }).name };
      break;
    }
  }
  expect(found, "a demo event of a registered merchant").toBeDefined();
  const event = found!;
  const name = event.name;

  const lookups: string[] = [];
  page.on("request", (request) => {
    if (/\/v1\/merchants(\/|\?)/.test(new URL(request.url()).pathname + new URL(request.url()).search))
      lookups.push(request.url());
  });
  await signIn(USERS.viewer);
  await page.goto(`/events?q=${event.id}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId("event-merchant")).toHaveText(name);
  expect(lookups.every((url) => url.includes("/v1/merchants?id="))).toBe(true);
});
