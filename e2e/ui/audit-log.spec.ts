// Audit log: admins read who registered or changed what (filters in the URL, the changes of an
// entry on demand, secrets redacted); other roles are told it is for admins; axe finds no
// serious violation; screenshots (docs/screenshots/ by npm run screenshots).
import { randomBytes } from "node:crypto";
import { request as playwrightRequest } from "@playwright/test";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { COLOR_SCHEMES, openInScheme, seriousViolations } from "../support/accessibility";
import { expect, test } from "../support/fixtures";
import { baseUrlOf, PORTS } from "../support/run-env";
import { saveScreenshot } from "../support/screenshots";
import { apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

const merchantName = `Livraria Cultura ${randomBytes(3).toString("hex").toUpperCase()}`;
let credentialId = "";
/** The UTC day the entries of this file were made. */
let createdDay = "";
const secret = `sk_${randomBytes(12).toString("hex")}`;

// One merchant, a credential with a secret, and a change of it, made by the operator through the API.
test.beforeAll(async () => {
  const anonymous = await playwrightRequest.newContext({ baseURL: baseUrlOf(PORTS[0]) });
  const auth = await anonymous.post("/v1/auth", {
    data: { username: USERS.operator.username, password: USERS.operator.password },
  });
  const { access_token } = (await auth.json()) as { access_token: string };
  await anonymous.dispose();
  const api = await playwrightRequest.newContext({
    baseURL: baseUrlOf(PORTS[0]),
    extraHTTPHeaders: { authorization: `Bearer ${access_token}` },
  });
  const merchant = await api.post("/v1/merchants", { data: { name: merchantName, taxId: generateCnpj() } });
  expect(merchant.status()).toBe(201);
  const providers = ((await (await api.get("/v1/providers")).json()) as { data: { id: string; name: string }[] }).data;
  const pagseguro = providers.find((p) => p.name === "pagseguro")!;
  const created = await api.post("/v1/credentials", {
    data: {
      merchantId: ((await merchant.json()) as { id: string }).id,
      providerId: pagseguro.id,
      providerName: pagseguro.name,
      authenticationData: { clientId: `ps_live_${randomBytes(4).toString("hex")}`, clientSecret: secret },
    },
  });
  expect(created.status()).toBe(201);
  credentialId = ((await created.json()) as { id: string }).id;
  createdDay = new Date().toISOString().slice(0, 10);
  expect(
    (await api.patch(`/v1/credentials/${credentialId}`, { data: { status: "disconnected", enabled: false } })).status(),
  ).toBe(200);
  await api.dispose();
});

test("an admin reads the audit log: filters in the URL, changes on demand, secrets redacted", async ({ page, signIn }) => {
  await signIn(USERS.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const merchantRow = page.getByTestId("audit-row").filter({ hasText: "Merchant registered" }).filter({ hasText: merchantName });
  await expect(merchantRow).toBeVisible();
  await expect(merchantRow).toContainText("operator");

  // Only this credential's entries: its target id, kept in the URL.
  await page
    .getByRole("button", { name: `Show only the entries of credential ${credentialId}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`targetId=${credentialId}`));
  await expect(page.getByTestId("audit-row")).toHaveCount(2);
  await page.reload();
  await expect(page.getByLabel("Target ID")).toHaveValue(credentialId);
  await expect(page.getByTestId("audit-row")).toHaveCount(2);

  // The change: enabled and status, before and after.
  const update = page.getByTestId("audit-row").filter({ hasText: "Credential changed" });
  await expect(update).toContainText("enabled");
  await update.getByRole("button", { name: /Details/ }).click();
  const changes = page.getByRole("table", { name: "Changed fields" });
  await expect(changes.getByRole("row", { name: /^status connected disconnected$/ })).toBeVisible();
  await expect(changes.getByRole("row", { name: /^enabled true false$/ })).toBeVisible();

  // The creation: the secret is recorded redacted, never in clear.
  await page.getByLabel("Action").selectOption({ label: "Credential created" });
  await expect(page).toHaveURL(/action=credential\.create/);
  await expect(page.getByTestId("audit-row")).toHaveCount(1);
  await page
    .getByTestId("audit-row")
    .getByRole("button", { name: /Details/ })
    .click();
  await expect(page.getByRole("table", { name: "Recorded values" })).toContainText("[redacted]");
  await expect(page.getByText(secret)).toHaveCount(0);

  // Nothing matches: the empty state says what to change, and clears.
  await page.getByLabel("Action").selectOption({ label: "Merchant registered" });
  await expect(page.getByRole("heading", { name: "No entries match these filters" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByLabel("Target ID")).toHaveValue("");

  // Who and when: the actor, and a period of whole UTC days ("To" included), in the URL.
  const merchantEntry = page.getByTestId("audit-row").filter({ hasText: merchantName });
  await page.getByLabel("Actor").fill("operator");
  await expect(page).toHaveURL(/actor=operator/);
  await expect(merchantEntry).toBeVisible();
  const next = new Date(`${createdDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  await page.getByLabel("From (UTC day)").fill(createdDay);
  await page.getByLabel("To (UTC day)").fill(createdDay);
  await expect(page).toHaveURL(
    new RegExp(`created_at%5Bgte%5D=${createdDay}&created_at%5Blt%5D=${next.toISOString().slice(0, 10)}`),
  );
  await expect(merchantEntry).toBeVisible();
  await page.getByLabel("Actor").fill("nobody-at-all");
  await expect(page.getByRole("heading", { name: "No entries match these filters" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByLabel("Actor")).toHaveValue("");
});

// A password is never recorded, and its change once read "No field changed".
test("a password change reads as one", async ({ page, signIn }) => {
  const admin = { authorization: `Bearer ${await apiToken(page.request, USERS.admin)}` };
  const username = `e2e-audit-${randomBytes(4).toString("hex")}`;
  const created = await page.request.post("/v1/users", { headers: admin, data: { username, role: "viewer" } });
  const {
    user: { id },
    password,
  } = (await created.json()) as { user: { id: string }; password: string };
  const own = { authorization: `Bearer ${await apiToken(page.request, { username, password })}` };
  const body = { current_password: password, new_password: "a passphrase of my own" };
  expect((await page.request.post("/v1/auth/password", { headers: own, data: body })).status()).toBe(200);

  await signIn(USERS.admin);
  await page.goto(`/audit-log?targetId=${id}&action=user.password_change`);
  const row = page.getByTestId("audit-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Password changed");
  await expect(row).toContainText("Changed their password; every session of the account ended");
  await expect(row.locator("td").nth(3)).toContainText(`User`);
  await expect(row.getByRole("button", { name: `Show only the entries of user ${id}` })).toBeVisible();
});

test("an operator has no audit log link, and the page says it is for admins", async ({ page, signIn }) => {
  await signIn(USERS.operator);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await page.goto("/audit-log");
  await expect(page.getByText("Only administrators can read the audit log.")).toBeVisible();
  await expect(page.getByTestId("audit-table")).toHaveCount(0);
});

for (const colorScheme of COLOR_SCHEMES) {
  test(`audit log: no serious violations, and a screenshot, in the ${colorScheme} scheme`, async ({ page }) => {
    await openInScheme(page, colorScheme, USERS.admin, "/audit-log");
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
    await page
      .getByTestId("audit-row")
      .filter({ hasText: "Credential changed" })
      .first()
      .getByRole("button", { name: /Details/ })
      .click();
    expect(await seriousViolations(page), "/audit-log").toEqual([]);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `audit-log-${colorScheme}.png`);
  });
}
