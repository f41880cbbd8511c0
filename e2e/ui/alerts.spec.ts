// Alerts in the console: an open alert shows in the banner above every page, leads to
// the Alerts page (filtered to open ones), which links to what is behind it, and an operator
// acknowledges it there. The alert is a disabled endpoint's: its condition is set in the database
// (the system's reason) with its open alert, so the servers' evaluator keeps it rather than
// resolving it, and the test waits for no evaluation.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest } from "@playwright/test";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { queryE2E } from "../support/database";
import { expect, test } from "../support/fixtures";
import { baseUrlOf, PORTS } from "../support/run-env";
import { apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

let endpointId = "";

test.beforeAll(async () => {
  const anonymous = await playwrightRequest.newContext({ baseURL: baseUrlOf(PORTS[0]) });
  const token = await apiToken(anonymous, USERS.operator);
  await anonymous.dispose();
  const api = await playwrightRequest.newContext({
    baseURL: baseUrlOf(PORTS[0]),
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const merchant = await api.post("/v1/merchants", {
    data: { name: `Alertas ${randomBytes(3).toString("hex")}`, taxId: generateCnpj() },
  });
  const merchantId = ((await merchant.json()) as { id: string }).id;
  const endpoint = await api.post("/v1/webhook-endpoints", { data: { merchantId, url: "http://127.0.0.1:9/alerts-e2e" } });
  expect(endpoint.status()).toBe(201);
  endpointId = ((await endpoint.json()) as { id: string }).id;
  await api.dispose();
  const since = new Date(Date.now() - 5 * 24 * 3600_000).toISOString();
  await queryE2E("UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2::text WHERE id = $1::text", [
    endpointId,
    `failing without a success since ${since}`,
  ]);
  await queryE2E(
    `INSERT INTO alerts (id, kind, subject_type, subject_id, subject_key, merchant_id, details, opened_at, last_seen_at, created_at)
     VALUES (substr(md5(random()::text), 1, 20), 'endpoint_disabled', 'endpoint', $1::text, 'endpoint_disabled|endpoint|' || $1::text || '|', $2,
       jsonb_build_object('disabledReason', $3::text), now(), now(), now())
     ON CONFLICT DO NOTHING`,
    [endpointId, merchantId, `failing without a success since ${since}`],
  );
});

test("an open alert shows in the banner, leads to the Alerts page, and an operator acknowledges it", async ({ page, signIn }) => {
  // One axe analysis of a full page: several seconds on a loaded machine.
  test.setTimeout(90_000);
  await signIn(USERS.operator);
  const banner = page.getByTestId("alert-banner");
  await expect(banner).toContainText(`Endpoint ${endpointId} was disabled`, { timeout: 15_000 });
  await banner.getByRole("link", { name: "See alerts" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
  await expect(page).toHaveURL(/\/alerts\?state=open/);
  const row = page.getByTestId("alert-row").filter({ hasText: endpointId });
  await expect(row).toContainText("Endpoint disabled");
  // The banner and the page: no serious or critical accessibility violation (axe).
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await expect(row.getByRole("link", { name: "Endpoints" })).toHaveAttribute("href", "/webhooks");

  await row.getByRole("button", { name: "Acknowledge" }).click();
  // Acknowledged: no longer open (the list is filtered to open ones), nor in the banner.
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("alert-banner").filter({ hasText: endpointId })).toHaveCount(0);
  await page.getByLabel("State").selectOption("acknowledged");
  await expect(page.getByTestId("alert-row").filter({ hasText: endpointId })).toContainText(`by ${USERS.operator.username}`);
});

test("an alert about a merchant names it by its name, not its id", async ({ page, signIn }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL: baseUrlOf(PORTS[0]) });
  const token = await apiToken(anonymous, USERS.operator);
  await anonymous.dispose();
  const name = `Silenciosa ${randomBytes(3).toString("hex")}`;
  const created = await page.request.post("/v1/merchants", {
    headers: { authorization: `Bearer ${token}` },
    data: { name, taxId: generateCnpj() },
  });
  expect(created.status()).toBe(201);
  const merchantId = ((await created.json()) as { id: string }).id;
  await queryE2E(
    `INSERT INTO alerts (id, kind, subject_type, subject_id, subject_key, merchant_id, details, opened_at, last_seen_at, created_at)
     VALUES (substr(md5(random()::text), 1, 20), 'silence', 'merchant', $1::text, 'silence|merchant|' || $1::text || '|', $1::text,
       jsonb_build_object('expectedEvents', 12), now(), now(), now())
     ON CONFLICT DO NOTHING`,
    [merchantId],
  );

  await signIn(USERS.operator);
  // Every state: the evaluator may resolve the alert meanwhile, and the row stays in the list.
  await page.goto("/alerts");
  const row = page.getByTestId("alert-row").filter({ hasText: name });
  await expect(row).toContainText(`merchant ${name} has sent nothing`);
  await expect(row).not.toContainText(merchantId);
});
