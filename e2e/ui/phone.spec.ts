// A phone's width (390 × 844): the menu reaches every page, and the events,
// credentials and endpoints tables keep their key columns in view (the amount too), with the
// row's actions reachable in the table's own sideways scroll; the page itself never scrolls
// sideways. Screenshots under test-results/screenshots/ (docs/ by npm run screenshots).
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { cardEventData } from "../../tests/support/event-data";
import { expect, test } from "../support/fixtures";
import { RECEIVER_PORT } from "../support/run-env";
import { screenshotPath } from "../support/screenshots";
import { apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysPage(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page is wider than the phone").toBeLessThanOrEqual(0);
}

/** Each cell wholly in view, none clipped by the table's frame. */
async function expectInView(cells: Locator[]) {
  for (const cell of cells) await expect(cell).toBeInViewport({ ratio: 1 });
}

test("at 390 px the menu reaches every page and the tables keep their key columns in view", async ({ page, signIn }) => {
  test.setTimeout(60_000);
  // A merchant with a credential and an endpoint of this test's own.
  const token = await apiToken(page.request, USERS.operator);
  const headers = { authorization: `Bearer ${token}` };
  const merchantName = `Padaria Aurora ${randomBytes(3).toString("hex").toUpperCase()}`;
  const merchant = await page.request.post("/v1/merchants", { headers, data: { name: merchantName, taxId: generateCnpj() } });
  const merchantId = ((await merchant.json()) as { id: string }).id;
  const credential = await page.request.post("/v1/credentials", {
    headers,
    data: {
      merchantId,
      providerName: "pagseguro",
      authenticationData: {
        clientId: `ps_live_${randomBytes(4).toString("hex")}`,
        clientSecret: `sk_${randomBytes(8).toString("hex")}`,
      },
    },
  });
  expect(credential.status()).toBe(201);
  const credentialId = ((await credential.json()) as { id: string }).id;
  const url = `http://127.0.0.1:${RECEIVER_PORT}/phone-${randomBytes(3).toString("hex")}`;
  expect((await page.request.post("/v1/webhook-endpoints", { headers, data: { merchantId, url } })).status()).toBe(201);
  const ingest = { authorization: `Bearer ${await apiToken(page.request, USERS.ingest)}` };
  const event = await page.request.post("/v1/webhooks/events", { headers: ingest, data: cardEventData({ merchantId }) });
  expect(event.status()).toBe(202);

  await signIn(USERS.admin);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  for (const name of ["Users", "Audit log"]) {
    await menu.click();
    await nav.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // Following a link folds the menu, and the page starts in view.
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expectNoSidewaysPage(page);
  }
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  await page.screenshot({ path: screenshotPath("phone-audit-log.png") });

  await page.goto(`/events?merchant_id=${merchantId}`);
  const eventRow = page.getByTestId("event-row").first();
  // Below the filters: scrolled to (down only, its first cell is the table's left edge), then
  // created, status and amount, the first three cells, are in view whole.
  await eventRow.locator("td").first().scrollIntoViewIfNeeded();
  await expectInView([0, 1, 2].map((i) => eventRow.locator("td").nth(i)));
  await expectNoSidewaysPage(page);
  await page.screenshot({ path: screenshotPath("phone-events.png") });

  await page.goto(`/credentials?merchantId=${merchantId}`);
  const row = page.locator(`[data-credential-id="${credentialId}"]`);
  await expect(row).toContainText(merchantName);
  await row.locator("td").first().scrollIntoViewIfNeeded();
  await expectInView([row.locator("td").first()]);
  const edit = row.getByRole("button", { name: `Edit credential ${credentialId}` });
  await edit.scrollIntoViewIfNeeded();
  await expectInView([edit, row.getByRole("button", { name: `Disable credential ${credentialId}` })]);
  await expectNoSidewaysPage(page);
  await page.screenshot({ path: screenshotPath("phone-credentials.png") });

  await page.goto(`/webhooks?merchantId=${merchantId}`);
  const endpoint = page.getByTestId("endpoint-row").filter({ hasText: url });
  await endpoint.locator("td").first().scrollIntoViewIfNeeded();
  await expectInView([endpoint.locator("td").first()]);
  // A new endpoint says so, rather than "— of 0".
  await expect(endpoint).toContainText("No deliveries yet");
  const sendTest = endpoint.getByRole("button", { name: /Send test/ });
  await sendTest.scrollIntoViewIfNeeded();
  await expectInView([sendTest]);
  await expectNoSidewaysPage(page);
  await page.screenshot({ path: screenshotPath("phone-endpoints.png") });
});
