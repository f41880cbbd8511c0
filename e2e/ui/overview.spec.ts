// The overview against 5,000 demo events: its counts are the API's for each period, the period
// stays in the URL, the figures link to the events behind them; axe and screenshots.
import type { Page } from "@playwright/test";
import { COLOR_SCHEMES, openInScheme, seriousViolations } from "../support/accessibility";
import { withDemoEvents } from "../support/demo-events";
import { expect, test } from "../support/fixtures";
import { saveScreenshot } from "../support/screenshots";
import { apiGet, apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

withDemoEvents();

type Overview = {
  from: string;
  to: string;
  totals: { processed: number; failed: number; pending: number; total: number };
  topFailureReasons: { reason: string; count: number }[];
};

async function shownCounts(page: Page) {
  await expect(page.getByTestId("overview")).toBeVisible();
  const count = async (name: string) => Number(await page.getByTestId(`overview-${name}`).getAttribute("data-count"));
  return {
    processed: await count("processed"),
    failed: await count("failed"),
    pending: await count("pending"),
    total: await count("total"),
  };
}

/** The page's counts equal the API's (reloading while the worker may still move a count). */
async function expectCountsOfApi(page: Page, token: string, period: string) {
  await expect(async () => {
    const api = await apiGet<Overview>(page.request, token, `/v1/stats/overview?period=${period}`);
    await page.reload();
    await expect(page.getByTestId("overview")).toHaveAttribute("data-period", period);
    expect(await shownCounts(page)).toEqual(api.totals);
    expect(api.totals.total).toBeGreaterThan(0);
    const reasons = await page.getByTestId("failure-reasons").locator("li").count();
    expect(reasons).toBe(api.topFailureReasons.length);
  }).toPass({ timeout: 20_000 });
}

test("the overview's counts are the API's for 24 hours and 7 days; the period stays in the URL", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  const token = await apiToken(page.request, USERS.viewer);
  await expectCountsOfApi(page, token, "24h");

  await page.getByRole("group", { name: "Period" }).getByText("7 days").click();
  await expect(page).toHaveURL(/\/overview\?period=7d$/);
  await expectCountsOfApi(page, token, "7d");
  await expect(page.getByRole("radio", { name: "7 days" })).toBeChecked();
  await expect(page.getByRole("heading", { name: "Events per day" })).toBeVisible();

  // A figure opens the events behind it: the whole buckets it counted, not "7 days from now".
  const week = await apiGet<Overview>(page.request, token, "/v1/stats/overview?period=7d");
  await page.getByTestId("overview-failed").click();
  await expect(page).toHaveURL(/\/events\?status=failed&from=[^&]+&to=[^&]+$/);
  expect(new URL(page.url()).searchParams.get("from")).toBe(week.from);
  await expect(page.getByTestId("event-row").first()).toHaveAttribute("data-status", "failed");

  // A failure reason opens the failed events of that reason, and the API agrees on them.
  await page.goBack();
  const reason = page.getByTestId("failure-reasons").getByRole("link").first();
  const code = (await reason.locator("span.font-mono").textContent())!.trim();
  await reason.click();
  await expect(page).toHaveURL(new RegExp(`/events\\?status=failed&from=[^&]+&to=[^&]+&failure_reason=${code}$`));
  // The filter bar's failure-reason choice shows it (and the list items carry it).
  await expect(page.getByLabel("Failure reason", { exact: true })).toHaveValue(code);
  // The list's first row is the API's (reloading while the specs beside this one fail events of their own).
  let first = "";
  await expect(async () => {
    const failedOfReason = await apiGet<{ data: { id: string; failureReason: string | null }[] }>(
      page.request,
      token,
      `/v1/webhooks/events?status=failed&failure_reason=${code}&created_at[gte]=${week.from}&created_at[lt]=${week.to}&limit=1`,
    );
    first = failedOfReason.data[0]!.id;
    expect(failedOfReason.data[0]).toMatchObject({ failureReason: code });
    await page.reload();
    await expect(page.getByTestId("event-row").first()).toHaveAttribute("data-event-id", first, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const detail = await apiGet<{ failureReason: string }>(page.request, token, `/v1/webhooks/events/${first}`);
  expect(detail.failureReason).toBe(code);
});

test("each count links to the very window it counts, so the list behind it holds as many events", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  const token = await apiToken(page.request, USERS.viewer);
  await expect(page.getByTestId("overview")).toBeVisible();
  const overview = await apiGet<Overview>(page.request, token, "/v1/stats/overview?period=24h");
  await page.reload();
  await expect(page.getByTestId("overview")).toHaveAttribute("data-period", "24h");
  const card = page.getByTestId("overview-total");
  const href = new URL((await card.getAttribute("href"))!, page.url());
  expect(href.searchParams.get("from")).toBe(overview.from);
  expect(href.searchParams.get("to")).toBe(overview.to);
  // The same window through the list's own filters counts what the card shows (reloading while
  // the specs beside this one send events into the window).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("overview")).toHaveAttribute("data-period", "24h");
    const shown = Number(await card.getAttribute("data-count"));
    const window = new URL((await card.getAttribute("href"))!, page.url()).searchParams;
    const listed = await apiGet<{ count: number }>(
      page.request,
      token,
      `/v1/webhooks/events/count?created_at[gte]=${window.get("from")}&created_at[lt]=${window.get("to")}`,
    );
    expect(listed.count).toBe(shown);
  }).toPass({ timeout: 20_000 });
  await card.click();
  await expect(page).toHaveURL(/\/events\?from=[^&]+&to=[^&]+$/);
  await expect(page.getByTestId("event-row").first()).toBeVisible();
});

for (const colorScheme of COLOR_SCHEMES) {
  test(`overview: no serious violations, screenshot (${colorScheme})`, async ({ page }) => {
    // A sign-in, an axe analysis of the whole page and a screenshot.
    test.setTimeout(60_000);
    await openInScheme(page, colorScheme, USERS.operator, "/overview?period=7d");
    await expect(page.getByTestId("overview")).toHaveAttribute("data-period", "7d");
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, `overview-7d-${colorScheme}.png`);
  });
}

// Once, the chart's screen-reader table (one row per hour) stretched the page by
// about 440 px of blank space below the content at 1440x900.
test("the chart's screen-reader table does not stretch the page", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(USERS.operator);
  await page.goto("/overview?period=24h");
  await expect(page.getByTestId("overview")).toHaveAttribute("data-period", "24h");
  await expect(page.getByRole("table", { name: /Events per hour by status/ })).toBeAttached();
  const { scrollHeight, contentBottom, viewport } = await page.evaluate(() => {
    const main = document.getElementById("main")!;
    const last = main.querySelector(":scope > div")!;
    return {
      scrollHeight: document.documentElement.scrollHeight,
      contentBottom: last.getBoundingClientRect().bottom + window.scrollY,
      viewport: window.innerHeight,
    };
  });
  // The page is as tall as the window or its content (plus main's own padding), no taller: the
  // table once added ~440 px of scrollable blank space below the content.
  expect(scrollHeight).toBeLessThanOrEqual(Math.max(viewport, contentBottom + 80));
});
