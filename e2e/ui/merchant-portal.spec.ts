// The merchant portal and the staff merchant page. Each test makes
// its own merchants, credential, endpoint, events and merchant account through the API. The
// endpoint points at RECEIVER_PORT with nobody listening: its deliveries fail (connection
// refused), which is what a portal user comes to look at.
import { randomBytes } from "node:crypto";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { cardEventData } from "../../tests/support/event-data";
import { seriousViolations } from "../support/accessibility";
import { apiAs } from "../support/api-as";
import { expect, fillSignInForm, test } from "../support/fixtures";
import { baseUrlOf, PORTS, RECEIVER_PORT } from "../support/run-env";
import { USERS } from "../support/users";

const tag = () => randomBytes(3).toString("hex").toUpperCase();

/** A merchant with a pagseguro credential, an endpoint, and one processed event (so one delivery). */
async function merchantWithTraffic(name: string) {
  const api = await apiAs(USERS.operator);
  const merchant = await api.post("/v1/merchants", { data: { name: `${name} ${tag()}`, taxId: generateCnpj() } });
  const { id, name: merchantName } = (await merchant.json()) as { id: string; name: string };
  const providers = ((await (await api.get("/v1/providers")).json()) as { data: { id: string; name: string }[] }).data;
  const pagseguro = providers.find((p) => p.name === "pagseguro")!;
  const clientId = `ps_live_${randomBytes(4).toString("hex")}`;
  const credential = await api.post("/v1/credentials", {
    data: {
      merchantId: id,
      providerId: pagseguro.id,
      providerName: pagseguro.name,
      authenticationData: { clientId, clientSecret: `sk_${randomBytes(8).toString("hex")}` },
    },
  });
  expect(credential.status()).toBe(201);
  const url = `http://127.0.0.1:${RECEIVER_PORT}/portal-${tag().toLowerCase()}`;
  const endpoint = await api.post("/v1/webhook-endpoints", { data: { merchantId: id, url, description: "Back office" } });
  expect(endpoint.status()).toBe(201);
  await api.dispose();
  const ingest = await apiAs(USERS.ingest);
  const event = await ingest.post("/v1/webhooks/events", {
    data: cardEventData({ merchantId: id, acquirerName: "pagseguro", acquirerMerchantIdentifier: clientId }),
  });
  expect(event.status()).toBe(202);
  const eventId = ((await event.json()) as { id: string }).id;
  // A notification naming the merchant that matches no credential: failed, and still the merchant's.
  const failed = await ingest.post("/v1/webhooks/events", { data: cardEventData({ merchantId: id }) });
  expect(failed.status()).toBe(202);
  const failedEventId = ((await failed.json()) as { id: string }).id;
  await ingest.dispose();
  return {
    id,
    name: merchantName,
    url,
    eventId,
    failedEventId,
  };
}

/** A merchant account of `merchantId` whose own password is set (a generated one must be changed first). */
async function merchantAccount(merchantId: string) {
  const admin = await apiAs(USERS.admin);
  const username = `portal-${tag().toLowerCase()}`;
  const created = await admin.post("/v1/users", { data: { username, role: "merchant", merchantId } });
  expect(created.status()).toBe(201);
  const generated = ((await created.json()) as { password: string }).password;
  await admin.dispose();
  const account = await apiAs({ username, password: generated });
  const password = `portal passphrase ${tag()}`;
  const changed = await account.post("/v1/auth/password", { data: { current_password: generated, new_password: password } });
  expect(changed.status()).toBe(200);
  await account.dispose();
  return { username, password };
}

test("a merchant account signs in to its portal and sees only its own merchant", async ({ page }) => {
  // A long walk through the portal (several pages, three axe analyses) on a shared machine.
  test.setTimeout(120_000);
  const mine = await merchantWithTraffic("Padaria Portal");
  const other = await merchantWithTraffic("Oficina Alheia");
  const account = await merchantAccount(mine.id);

  // The history's reach is staff-only: the portal does not ask for it (a 403 on every load).
  const retentionAsks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/v1/webhooks/events/retention")) retentionAsks.push(request.url());
  });
  await fillSignInForm(page, account);
  await expect(page).toHaveURL(/\/events$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of ["Events", "Credentials", "Webhook endpoints", "Verifying signatures", "API reference"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  for (const label of ["Overview", "Merchants", "Providers", "Users", "Audit log"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveCount(0);
  }
  // Its events, not the other merchant's; no staff-only controls.
  await expect(page.locator(`[data-event-id="${mine.eventId}"]`)).toBeVisible();
  await expect(page.locator(`[data-event-id="${mine.failedEventId}"]`)).toBeVisible();
  await expect(page.locator(`[data-event-id="${other.eventId}"]`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Retry/ })).toHaveCount(0);
  // Its filter bar: no merchant fields (its own merchant is all it sees), no retry words.
  const filterBar = page.getByRole("region", { name: "Filters" });
  await expect(filterBar.getByLabel("Terminal id", { exact: true })).toBeVisible();
  await expect(filterBar.getByLabel("Merchant id", { exact: true })).toHaveCount(0);
  await expect(filterBar.getByLabel("Merchant name", { exact: true })).toHaveCount(0);
  await expect(filterBar).not.toContainText(/retr(y|ies|ied)/i);
  expect(retentionAsks).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/events/${mine.failedEventId}`);
  await expect(page.getByRole("button", { name: /Retry/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /missing credential/i })).toHaveCount(0);
  // Its delivery names the endpoint by its URL (its own endpoint: deliveries are scoped to them).
  await page.goto(`/events/${mine.eventId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("event-deliveries")).toContainText(mine.url, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("event-deliveries")).not.toContainText(other.url);

  // Staff pages are not found; the overview sends the portal home.
  for (const path of ["/users", "/audit-log", "/merchants", `/merchants/${other.id}`, `/merchants/${mine.id}`, "/providers"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/events$/);

  // Its endpoint, managed from the portal: edit, rotate (shown once), recover, the attempts.
  await page.goto("/webhooks");
  const row = page.getByTestId("endpoint-row").filter({ hasText: mine.url });
  await expect(row).toBeVisible();
  await expect(page.getByTestId("endpoint-row").filter({ hasText: other.url })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Merchant" })).toHaveCount(0);
  await row.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit endpoint" });
  await edit.getByLabel("Description").fill("Back office, portal edit");
  await edit.getByLabel("Rate limit").fill("25");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("Back office, portal edit");

  await row.getByRole("button", { name: /^Rotate secret of/ }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate the signing secret?" });
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByRole("dialog", { name: "New signing secret" });
  await expect(rotated.getByTestId("rotated-secret")).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await rotated.getByRole("button", { name: "Done" }).click();

  await row.getByRole("button", { name: /^Recover failed/ }).click();
  const recover = page.getByRole("dialog", { name: "Recover failed deliveries" });
  await recover.getByRole("button", { name: "Recover" }).click();
  await expect(recover.getByTestId("recover-progress")).toContainText("Done:");
  await page.keyboard.press("Escape");
  await expect(recover).toBeHidden();

  await row.getByRole("button", { name: /Deliveries of/ }).click();
  const delivery = page.getByTestId("delivery-row").filter({ hasText: mine.eventId });
  await expect(delivery).toBeVisible();
  await delivery.getByRole("button", { name: "Attempts" }).click();
  const attempt = page.getByTestId("attempt").first();
  await expect(attempt.getByTestId("attempt-error-class")).toHaveText("connection_refused");
  await attempt.getByText("Request headers").click();
  await expect(attempt.getByTestId("attempt-request-headers")).toContainText("webhook-id");
  await page.getByText("Request body").click();
  await expect(page.getByTestId("delivery-request-body")).toContainText("pagseguro");
  expect(await seriousViolations(page)).toEqual([]);

  await nav.getByRole("link", { name: "Verifying signatures" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verifying signatures" })).toBeVisible();
  await expect(page.getByText('import { Webhook } from "standardwebhooks";')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("an operator opens a merchant's page from the merchants list", async ({ page, signIn }) => {
  const merchant = await merchantWithTraffic("Mercearia Pagina");
  await signIn(USERS.operator);
  await page.goto(`/merchants?search=${encodeURIComponent(merchant.name)}`);
  await page.getByRole("link", { name: merchant.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchant.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: merchant.name })).toBeVisible();
  await expect(page.getByTestId("count-events")).toHaveText("2");
  await expect(page.getByTestId("count-failed")).toHaveText("1");
  await expect(page.getByTestId("merchant-endpoints").getByTestId("endpoint-row")).toContainText(merchant.url);
  await expect(page.getByTestId("merchant-failed-events").getByRole("link", { name: merchant.failedEventId })).toBeVisible();
  await expect(page.getByTestId("merchant-credentials").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Open the portal as this merchant" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The endpoints page names the merchant with a link to its page.
  await page.goto(`/webhooks?merchantId=${merchant.id}`);
  await page.getByTestId("endpoint-row").getByRole("link", { name: merchant.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchant.id}$`));
});

test("opening a merchant's portal leaves the operator signed in to the console, and its link opens the portal in a private window", async ({
  page,
  signIn,
  browser,
}) => {
  // Two browser contexts (the console and the portal's private window), each loading pages.
  test.setTimeout(90_000);
  const merchant = await merchantWithTraffic("Armazem Lado");
  await signIn(USERS.operator);
  await page.goto(`/merchants/${merchant.id}`);
  await expect(page.getByRole("heading", { level: 1, name: merchant.name })).toBeVisible();
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Open the portal as this merchant" }).click();
  const portalTab = await popup;
  // The tab does not take the link: signing in there would have replaced the operator's session.
  await expect(portalTab.getByText("You are signed in to the console in this browser")).toBeVisible();
  const link = new URL(await portalTab.getByLabel("Portal link").inputValue());
  expect(link.pathname).toBe("/portal");
  expect(link.hash.length).toBeGreaterThan(1);
  expect(new URL(portalTab.url()).hash).toBe("");

  // The first tab is still the operator's console, after a reload too.
  for (const load of [() => page.reload(), () => page.goto("/merchants")]) {
    await load();
    await expect(page.getByTestId("user-name")).toHaveText(USERS.operator.username);
    await expect(page.getByTestId("change-password-link")).toBeVisible();
  }
  await expect(page).toHaveURL(/\/merchants$/);
  await expect(page.getByRole("heading", { level: 1, name: "Merchants" })).toBeVisible();

  // The link, still unused, opens the merchant's portal in a private window (a browser context of its own).
  const privateWindow = await browser.newContext();
  const portal = await privateWindow.newPage();
  await portal.goto(`${baseUrlOf(PORTS[0])}${link.pathname}${link.hash}`);
  await expect(portal).toHaveURL(/\/events$/);
  await portal.reload();
  await expect(portal.locator(`[data-event-id="${merchant.eventId}"]`)).toBeVisible();
  await expect(portal.getByTestId("change-password-link")).toHaveCount(0);
  await privateWindow.close();

  // And the console still works beside it.
  await page.reload();
  await expect(page.getByTestId("user-name")).toHaveText(USERS.operator.username);
  await expect(page.getByRole("heading", { level: 1, name: "Merchants" })).toBeVisible();
});

test("a merchant page whose reads fail says so in each part, not 'none', and reads them again on Try again", async ({
  page,
  signIn,
}) => {
  const merchant = await merchantWithTraffic("Mercearia Falha");
  // The merchant's credentials, endpoints and failed deliveries answer 503 until the test heals them.
  let failing = true;
  await page.route(/\/v1\/(credentials|webhook-endpoints|webhook-deliveries)\?/, async (route) => {
    if (!failing) return route.continue();
    // As the server answers when its database is away (the fixture checks it against the OpenAPI document).
    const requestId = randomBytes(10).toString("hex");
    return route.fulfill({
      status: 503,
      contentType: "application/problem+json",
      headers: { "x-request-id": requestId, "retry-after": "5" },
      body: JSON.stringify({
        type: "/problems/service_unavailable",
        title: "Service Unavailable",
        status: 503,
        detail: "The database is not reachable; try again shortly.",
        code: "service_unavailable",
        request_id: requestId,
      }),
    });
  });
  await signIn(USERS.operator);
  await page.goto(`/merchants/${merchant.id}`);
  const endpoints = page.getByTestId("merchant-endpoints");
  const credentials = page.getByTestId("merchant-credentials");
  // 503 is asked twice more before it counts as failed (the query client's retry: 1 s, then 2 s).
  await expect(endpoints.getByRole("alert")).toContainText("The webhook endpoints could not be loaded.", { timeout: 15_000 });
  await expect(credentials.getByRole("alert")).toContainText("The credentials could not be loaded.", { timeout: 15_000 });
  await expect(page.getByTestId("merchant-failed-deliveries").getByRole("alert")).toContainText(
    "The failed deliveries could not be loaded.",
    { timeout: 15_000 },
  );
  await expect(endpoints).not.toContainText("No webhook endpoints.");
  await expect(credentials).not.toContainText("No credentials.");
  // Reads not failed are shown as usual.
  await expect(page.getByTestId("merchant-failed-events").getByRole("link", { name: merchant.failedEventId })).toBeVisible();

  failing = false;
  await endpoints.getByRole("button", { name: "Try again" }).click();
  await expect(endpoints.getByTestId("endpoint-row")).toContainText(merchant.url);
  await credentials.getByRole("button", { name: "Try again" }).click();
  await expect(credentials.getByRole("listitem")).toHaveCount(1);
  await expect(credentials.getByRole("alert")).toHaveCount(0);
});

test("a portal session link opens the merchant's portal once, and cannot be used again", async ({ page, browser }) => {
  // Two browser contexts (the link opened, then opened again), after a merchant with traffic is made.
  test.setTimeout(90_000);
  const merchant = await merchantWithTraffic("Quitanda Link");
  const operator = await apiAs(USERS.operator);
  const created = await operator.post(`/v1/merchants/${merchant.id}/portal-sessions`);
  expect(created.status()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  await operator.dispose();
  const link = new URL(url);

  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.locator(`[data-event-id="${merchant.eventId}"]`)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" })).toHaveCount(0);
  // No account behind it: no password to change.
  await expect(page.getByTestId("user-role")).toBeVisible();
  await expect(page.getByTestId("change-password-link")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The same link in another browser context (a replay): refused.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(`${baseUrlOf(PORTS[0])}${link.pathname}${link.hash}`);
  await expect(second.getByText("This portal link cannot be used")).toBeVisible();
  await other.close();
});
