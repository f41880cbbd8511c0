// A phone's width (390 × 844): the menu reaches every page; each list shows its rows as compact
// cards (no table scrolled sideways inside a box) and folds its filter bar behind a "Filters"
// button, which opens it, and a filter chosen there filters the list; no page scrolls sideways.
// The data is this file's own: a merchant with two credentials, an endpoint, an event, an alert,
// a reconciled statement and a merchant account. Screenshots (docs/screenshots/) by npm run
// screenshots.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { cardEventData, digits } from "../../tests/support/event-data";
import { cieloCv, cieloFile, cieloRo, saoPauloDay } from "../../tests/support/statement-files";
import { apiAs } from "../support/api-as";
import { queryE2E } from "../support/database";
import { expect, fillSignInForm, signInAs, test } from "../support/fixtures";
import { importStatement, merchantAccount, newCredential, newMerchant, uniqueName } from "../support/made-through-api";
import { RECEIVER_PORT } from "../support/run-env";
import { saveScreenshot } from "../support/screenshots";
import { type E2EUser, USERS } from "../support/users";

test.use({ viewport: { width: 390, height: 844 } });

type Fixture = {
  merchantId: string;
  merchantName: string;
  pagseguroId: string;
  cieloId: string;
  endpointUrl: string;
  alertEndpointId: string;
  eventId: string;
  withoutSaleEventId: string;
  failedEventId: string;
  importId: string;
  account: { username: string; password: string };
};
let data: Fixture;

/** A Cielo statement of today: one sale matches the notification, one was never notified. */
function statement(mid: string, tid: string, matched: { rrn: string; code: string; amount: number }): string {
  const today = saoPauloDay();
  const cv = { establishment: mid, roNumber: "0000001", saleDate: today, terminal: tid };
  return cieloFile({ establishment: mid, periodStart: today, periodEnd: today }, [
    cieloRo({ establishment: mid, roNumber: "0000001", terminal: tid }),
    cieloCv({
      ...cv,
      amount: matched.amount,
      nsu: matched.rrn.padStart(6, "0"),
      authorizationCode: matched.code,
      card: "411111******1111",
    }),
    cieloCv({ ...cv, amount: 77_700, nsu: "000700", authorizationCode: "MN7000", card: "411111******7777" }),
  ]);
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const operator = await apiAs(USERS.operator);
  const { id: merchantId, name: merchantName } = await newMerchant(operator, uniqueName("Padaria Aurora"));
  const credential = (providerName: string, authenticationData: Record<string, string>) =>
    newCredential(operator, merchantId, providerName, authenticationData);
  const pagseguroId = await credential("pagseguro", {
    clientId: `ps_live_${randomBytes(4).toString("hex")}`,
    clientSecret: `sk_${randomBytes(8).toString("hex")}`,
  });
  const mid = digits(10);
  const tid = digits(8);
  const cieloId = await credential("cielo", { merchantIdentifier: mid, terminalIdentifier: tid });
  const endpointUrl = `http://127.0.0.1:${RECEIVER_PORT}/phone-${randomBytes(3).toString("hex")}`;
  expect((await operator.post("/v1/webhook-endpoints", { data: { merchantId, url: endpointUrl } })).status()).toBe(201);
  // A second endpoint, disabled with its open alert (as the alerts spec makes one): the Alerts page's row.
  const alerting = await operator.post("/v1/webhook-endpoints", { data: { merchantId, url: "http://127.0.0.1:9/phone-alert" } });
  const alertEndpointId = ((await alerting.json()) as { id: string }).id;
  const reason = `failing without a success since ${new Date(Date.now() - 5 * 86_400_000).toISOString()}`;
  await queryE2E("UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2::text WHERE id = $1::text", [
    alertEndpointId,
    reason,
  ]);
  await queryE2E(
    `INSERT INTO alerts (id, kind, subject_type, subject_id, subject_key, merchant_id, details, opened_at, last_seen_at, created_at)
     VALUES (substr(md5(random()::text), 1, 20), 'endpoint_disabled', 'endpoint', $1::text, 'endpoint_disabled|endpoint|' || $1::text || '|', $2,
       jsonb_build_object('disabledReason', $3::text), now(), now(), now())
     ON CONFLICT DO NOTHING`,
    [alertEndpointId, merchantId, reason],
  );

  // Three notifications: two on the Cielo credential (one's sale is in the statement, the other's
  // is not), and one that matches no credential (failed, and still the merchant's).
  const ingest = await apiAs(USERS.ingest);
  const matched = { rrn: "123", code: "AB1234", amount: 10_000 };
  const onCielo = async (sale: { rrn: string; code: string; amount: number }) => {
    const notified = await ingest.post("/v1/webhooks/events", {
      data: cardEventData({
        merchantId,
        acquirerName: "cielo",
        acquirerMerchantIdentifier: mid,
        acquirerTerminalIdentifier: tid,
        retrievalReferenceNumber: sale.rrn,
        authorizationCode: sale.code,
        amount: sale.amount,
        cardData: { captureMethod: "chip", holderName: null, cardBrand: "visa", bin: "411111", last4: "1111" },
      }),
    });
    expect(notified.status()).toBe(202);
    return ((await notified.json()) as { id: string }).id;
  };
  const eventId = await onCielo(matched);
  const withoutSaleEventId = await onCielo({ rrn: "500", code: "IJ5000", amount: 50_500 });
  const failed = await ingest.post("/v1/webhooks/events", { data: cardEventData({ merchantId }) });
  expect(failed.status()).toBe(202);
  const failedEventId = ((await failed.json()) as { id: string }).id;
  await ingest.dispose();

  const importId = await importStatement(operator, statement(mid, tid, matched));
  await operator.dispose();

  const account = await merchantAccount(merchantId, "phone");

  data = {
    merchantId,
    merchantName,
    pagseguroId,
    cieloId,
    endpointUrl,
    alertEndpointId,
    eventId,
    withoutSaleEventId,
    failedEventId,
    importId,
    account,
  };
});

/** Signed in as `user`, the list at `path` once its first row shows: its rows (by their test id). */
async function openList(page: Page, user: E2EUser, path: string, rowTestId: string): Promise<Locator> {
  await signInAs(page, user);
  await page.goto(path);
  const rows = page.getByTestId(rowTestId);
  await expect(rows.first()).toBeVisible();
  return rows;
}

/** No page scrolls sideways; then, given its file name, a screenshot of the page. */
async function expectNoSidewaysPage(page: Page, screenshot?: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page is wider than the phone").toBeLessThanOrEqual(0);
  if (screenshot) await saveScreenshot(page, screenshot);
}

/** A card: within the phone's width once scrolled to (down only), each of its fields visible and in view. */
async function expectCard(card: Locator, fields: Locator[]) {
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  expect(box, "the card is laid out").not.toBeNull();
  expect(box!.x, "the card starts within the page").toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, "the card ends within the phone's width").toBeLessThanOrEqual(390);
  for (const field of fields) {
    await expect(field).toBeVisible();
    await field.scrollIntoViewIfNeeded();
    await expect(field).toBeInViewport({ ratio: 1 });
  }
}

/**
 * The filter bar: folded (its fields out of sight) behind the button that counts the filters
 * applied; the button opens it.
 */
async function openFilters(page: Page, bar: Locator, active: number) {
  const toggle = page.getByRole("button", { name: /^Filters/ });
  await expect(toggle).toHaveText(active > 0 ? `Filters (${active} active)` : "Filters");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(bar).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(bar).toBeVisible();
}

test("the menu reaches every page and folds again", async ({ page, signIn }) => {
  await signIn(USERS.admin);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  for (const name of ["Users", "Audit log", "Reconciliation"]) {
    await menu.click();
    await nav.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // Following a link folds the menu, and the page starts in view.
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expectNoSidewaysPage(page);
  }
});

test("events: cards of merchant, amount, status and time; the search in the folded bar finds one", async ({ page }) => {
  const cards = await openList(page, USERS.operator, "/events", "event-row");
  await openFilters(page, page.getByRole("region", { name: "Filters" }), 0);
  await page.getByLabel(/^Search by event id/).fill(data.failedEventId);
  await expect(page).toHaveURL(new RegExp(`q=${data.failedEventId}`));
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card).toHaveAttribute("data-event-id", data.failedEventId);
  const cell = (i: number) => card.locator("td").nth(i);
  await expectCard(card, [card.getByTestId("event-merchant"), card.locator("time"), cell(1), cell(2)]);
  await expect(card.getByTestId("event-merchant")).toHaveText(data.merchantName);
  await expect(cell(2)).toHaveText(/R\$/);
  // The other columns are off the card.
  await expect(cell(7)).toBeHidden();
  await expect(page.getByRole("button", { name: "Filters (1 active)" })).toBeVisible();
  // Folded again, the list is the first thing under the bar's button.
  await page.getByRole("button", { name: "Filters (1 active)" }).click();
  await expectNoSidewaysPage(page, "phone-events.png");
  // The card opens the event.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/events/${data.failedEventId}`));
  await expectNoSidewaysPage(page);
});

test("credentials: cards of merchant, provider, MID/TID and state; the provider filter narrows them", async ({ page }) => {
  const cards = await openList(page, USERS.operator, `/credentials?merchantId=${data.merchantId}`, "credential-row");
  await expect(cards).toHaveCount(2);
  const cielo = page.locator(`[data-credential-id="${data.cieloId}"]`);
  await expectCard(cielo, [
    cielo.getByRole("link", { name: data.merchantName, exact: true }),
    cielo.getByText("Cielo", { exact: true }),
    cielo.getByTestId("credential-account"),
    cielo.getByText("Enabled", { exact: true }),
  ]);
  await expect(cielo.getByTestId("credential-account")).toContainText("MID");
  // The row's buttons are on its card.
  await expectCard(cielo, [
    cielo.getByRole("button", { name: `Edit credential ${data.cieloId}` }),
    cielo.getByRole("button", { name: `Disable credential ${data.cieloId}` }),
  ]);
  await cielo.getByRole("button", { name: `Details of credential ${data.cieloId}` }).click();
  await expect(page.locator(`#credential-details-${data.cieloId}`)).toBeVisible();
  await expectNoSidewaysPage(page, "phone-credentials.png");

  await openFilters(page, page.getByRole("search", { name: "Filter credentials" }), 1);
  await page.getByRole("combobox", { name: "Provider" }).selectOption({ label: "PagSeguro" });
  await expect(page).toHaveURL(/providerId=/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute("data-credential-id", data.pagseguroId);
  await expectNoSidewaysPage(page);
});

test("users: cards of username, role and state; the search in the folded bar narrows them", async ({ page }) => {
  const cards = await openList(page, USERS.admin, "/users", "user-row");
  await openFilters(page, page.getByRole("searchbox", { name: "Search users" }), 0);
  await page.getByRole("searchbox", { name: "Search users" }).fill(data.account.username);
  await expect(page).toHaveURL(new RegExp(`search=${data.account.username}`));
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expectCard(card, [
    card.getByText(data.account.username, { exact: true }),
    card.getByText("Merchant", { exact: true }),
    card.getByText("Active", { exact: true }),
    card.getByRole("button", { name: `Reset password of ${data.account.username}` }),
  ]);
  await expectNoSidewaysPage(page, "phone-users.png");
});

test("audit log: cards of action, actor and time; the target filter narrows them", async ({ page }) => {
  const cards = await openList(page, USERS.admin, "/audit-log", "audit-row");
  await expectNoSidewaysPage(page, "phone-audit-log.png");
  await openFilters(page, page.getByRole("search", { name: "Filter the audit log" }), 0);
  await page.getByLabel("Target ID").fill(data.merchantId);
  await expect(page).toHaveURL(new RegExp(`targetId=${data.merchantId}`));
  // The merchant's one entry: its registration, by the operator.
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expectCard(card, [
    card.getByText("Merchant registered", { exact: true }),
    card.getByText("operator", { exact: true }),
    card.locator("time"),
    card.getByRole("button", { name: new RegExp(`Show only the entries of merchant ${data.merchantId}`, "i") }),
  ]);
  await expectNoSidewaysPage(page);
});

test("merchants: cards of name, CNPJ and date; the search finds the merchant", async ({ page }) => {
  const cards = await openList(page, USERS.operator, "/merchants", "merchant-row");
  await openFilters(page, page.getByRole("searchbox", { name: "Search merchants" }), 0);
  await page.getByRole("searchbox", { name: "Search merchants" }).fill(data.merchantName);
  await expect(page).toHaveURL(/search=/);
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expectCard(card, [
    card.getByRole("link", { name: data.merchantName, exact: true }),
    card.getByText(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/),
    card.locator("time"),
    card.getByRole("link", { name: `View credentials of ${data.merchantName}` }),
  ]);
  await expectNoSidewaysPage(page, "phone-merchants.png");
});

test("alerts: cards of what, kind, state and time; the state filter narrows them", async ({ page }) => {
  const rows = await openList(page, USERS.operator, "/alerts", "alert-row");
  const mine = rows.filter({ hasText: data.alertEndpointId });
  await expect(mine).toHaveCount(1);
  await expectCard(mine, [
    mine.getByText(new RegExp(`Endpoint ${data.alertEndpointId} was disabled`)),
    mine.getByText("Endpoint disabled", { exact: true }),
    mine.getByText("open", { exact: true }),
    mine.locator("time"),
    mine.getByRole("button", { name: "Acknowledge" }),
  ]);
  await expectNoSidewaysPage(page, "phone-alerts.png");
  await openFilters(page, page.getByRole("search", { name: "Filter the alerts" }), 0);
  await page.getByRole("combobox", { name: "State" }).selectOption("resolved");
  await expect(page).toHaveURL(/state=resolved/);
  await expect(mine).toHaveCount(0);
  await expectNoSidewaysPage(page);
});

test("webhooks: endpoint cards; the merchant filter in the folded bar narrows them", async ({ page }) => {
  const cards = await openList(page, USERS.operator, "/webhooks", "endpoint-row");
  await openFilters(page, page.getByRole("combobox", { name: "Merchant" }), 0);
  const box = page.getByRole("combobox", { name: "Merchant" });
  await box.fill(data.merchantName);
  await page.getByRole("option", { name: new RegExp(`^${data.merchantName}`) }).click();
  await expect(page).toHaveURL(new RegExp(`merchantId=${data.merchantId}`));
  await expect(cards).toHaveCount(2);
  const card = cards.filter({ hasText: data.endpointUrl });
  await expectCard(card, [
    card.getByText(data.endpointUrl),
    card.getByRole("link", { name: data.merchantName, exact: true }),
    card
      .locator("td")
      .nth(2)
      .getByText(/No deliveries yet|% of \d+/),
    card.getByRole("button", { name: `Deliveries of ${data.endpointUrl}`, exact: true }),
  ]);
  await expectNoSidewaysPage(page, "phone-endpoints.png");
});

test("reconciliation: import and exception cards; the kind filter narrows them", async ({ page }) => {
  const cards = await openList(page, USERS.operator, `/reconciliation?import_id=${data.importId}`, "exception-row");
  const imported = page.locator(`[data-testid="import-row"][data-import-id="${data.importId}"]`);
  await expectCard(imported, [
    imported.locator("td").nth(1),
    imported.getByText("done", { exact: true }),
    imported.locator("time"),
  ]);
  await expect(imported.locator("td").nth(1)).toContainText("cielo");
  await expect(cards).toHaveCount(2);
  const missing = cards.filter({ hasText: "NSU 000700" });
  await expectCard(missing, [
    missing.getByText("Missing notification"),
    missing.getByText(saoPauloDay()),
    missing.getByText(/^sale R\$/),
    missing.getByText("open", { exact: true }),
    missing.getByRole("button", { name: /^Resolve exception/ }),
  ]);
  await expectNoSidewaysPage(page);
  await openFilters(page, page.getByRole("search", { name: "Filter the exceptions" }), 1);
  await page.getByRole("combobox", { name: "Kind" }).selectOption("notification_without_sale");
  await expect(page).toHaveURL(/kind=notification_without_sale/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole("link", { name: data.withoutSaleEventId })).toBeVisible();
  await expectNoSidewaysPage(page, "phone-reconciliation.png");
});

test("the portal's events: the merchant's own cards; the search in the folded bar finds one", async ({ page }) => {
  await fillSignInForm(page, data.account);
  await expect(page).toHaveURL(/\/events$/);
  const cards = page.getByTestId("event-row");
  await expect(cards).toHaveCount(3);
  await expectNoSidewaysPage(page);
  await openFilters(page, page.getByRole("region", { name: "Filters" }), 0);
  await page.getByLabel(/^Search by event id/).fill(data.eventId);
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card).toHaveAttribute("data-event-id", data.eventId);
  await expectCard(card, [card.getByTestId("event-merchant"), card.locator("time"), card.getByText(/R\$\s100,00/)]);
  await expect(card.getByTestId("event-merchant")).toHaveText(data.merchantName);
  await expectNoSidewaysPage(page, "phone-portal-events.png");
});
