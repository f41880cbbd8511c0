// Users page (admins): create an account and read its password once, which signs in; change its
// role, reset its password, disable it (sign-in then refused); an admin's own row has no
// actions; other roles see neither the page's content nor its link; accessibility in both
// schemes, with screenshots for docs/screenshots/ (npm run screenshots).
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { COLOR_SCHEMES, openInScheme, seriousViolations } from "../support/accessibility";
import { expect, test } from "../support/fixtures";
import { saveScreenshot } from "../support/screenshots";
import { apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

const signInStatus = async (request: APIRequestContext, username: string, password: string) =>
  (await request.post("/v1/auth", { data: { username, password } })).status();

test("an admin creates a user, whose one-time password signs in; then changes its role, resets and disables it", async ({
  page,
  signIn,
}) => {
  await signIn(USERS.admin);
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId("user-row").filter({ hasText: USERS.admin.username }).first()).toContainText("You");

  const username = `e2e-${randomBytes(4).toString("hex")}`;
  await page.getByRole("button", { name: "New user" }).click();
  const dialog = page.getByRole("dialog", { name: "New user" });
  await dialog.getByLabel("Username").fill("Not Valid");
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(dialog.getByTestId("field-error")).toContainText("lowercase");
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Role").selectOption("viewer");
  await dialog.getByRole("button", { name: "Create user" }).click();

  const created = page.getByRole("dialog", { name: `${username} can sign in` });
  const password = (await created.getByTestId("password").textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await created.getByRole("button", { name: "Done" }).click();
  const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  await expect(row).toContainText("Viewer");
  await expect(row).toContainText("Active");
  expect(await signInStatus(page.request, username, password)).toBe(200);

  await row.getByRole("button", { name: `Change the role of ${username}` }).click();
  const roleDialog = page.getByRole("dialog", { name: `Change the role of ${username}?` });
  await roleDialog.getByLabel("Role").selectOption("operator");
  await roleDialog.getByRole("button", { name: "Change role" }).click();
  await expect(row).toContainText("Operator");

  await row.getByRole("button", { name: `Reset password of ${username}` }).click();
  await page
    .getByRole("dialog", { name: `Reset the password of ${username}?` })
    .getByRole("button", { name: "Reset password" })
    .click();
  const resetDialog = page.getByRole("dialog", { name: `New password for ${username}` });
  const newPassword = (await resetDialog.getByTestId("password").textContent())!.trim();
  expect(newPassword).not.toBe(password);
  await resetDialog.getByRole("button", { name: "Done" }).click();
  expect(await signInStatus(page.request, username, password)).toBe(401);
  expect(await signInStatus(page.request, username, newPassword)).toBe(200);

  await row.getByRole("button", { name: `Disable ${username}` }).click();
  await page
    .getByRole("dialog", { name: `Disable ${username}?` })
    .getByRole("button", { name: "Disable user" })
    .click();
  await expect(row).toContainText("Disabled");
  expect(await signInStatus(page.request, username, newPassword)).toBe(401);

  // The search is kept in the URL.
  await page.getByLabel("Search users").fill(username);
  await expect(page).toHaveURL(new RegExp(`/users\\?search=${username}$`));
  await expect(page.getByTestId("user-row")).toHaveCount(1);
});

// Escape while a held action runs used to close the native <dialog> while React kept it open:
// the new password, shown once, then arrived in a dialog nobody could see.
test("Escape while a password reset is on its way keeps the dialog, and the new password shows", async ({ page, signIn }) => {
  const token = await apiToken(page.request, USERS.admin);
  const username = `e2e-esc-${randomBytes(4).toString("hex")}`;
  const created = await page.request.post("/v1/users", {
    headers: { authorization: `Bearer ${token}` },
    data: { username, role: "viewer" },
  });
  expect(created.status()).toBe(201);

  // The reset's answer waits until the test lets it through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let resetArrived!: () => void;
  const arrived = new Promise<void>((resolve) => {
    resetArrived = resolve;
  });
  await page.route(/\/v1\/users\/[^/]+\/password$/, async (route) => {
    resetArrived();
    await released;
    await route.continue();
  });

  await signIn(USERS.admin);
  await page.goto(`/users?search=${username}`);
  const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  await row.getByRole("button", { name: `Reset password of ${username}` }).click();
  const confirm = page.getByRole("dialog", { name: `Reset the password of ${username}?` });
  await confirm.getByRole("button", { name: "Reset password" }).click();
  await arrived;
  await page.keyboard.press("Escape");
  await expect(confirm.getByRole("button", { name: "Resetting…" })).toBeVisible();
  release();
  const shown = page.getByRole("dialog", { name: `New password for ${username}` });
  await expect(shown.getByTestId("password")).toHaveText(/^[A-Za-z0-9_-]{24}$/);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
});

test("an admin creates a merchant account: the dialog asks for its merchant, the list names it, and its token is scoped", async ({
  page,
  signIn,
}) => {
  const token = await apiToken(page.request, USERS.admin);
  const merchantName = `Loja Tenant ${randomBytes(3).toString("hex")}`;
  const merchant = await page.request.post("/v1/merchants", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: merchantName, taxId: generateCnpj() },
  });
  expect(merchant.status()).toBe(201);
  const merchantId = (await merchant.json()).id as string;

  await signIn(USERS.admin);
  await page.goto("/users");
  const username = `e2e-m-${randomBytes(4).toString("hex")}`;
  await page.getByRole("button", { name: "New user" }).click();
  const dialog = page.getByRole("dialog", { name: "New user" });
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Role").selectOption("merchant");
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(dialog.getByTestId("field-error")).toContainText("Choose the merchant");
  await dialog.getByRole("combobox", { name: "Merchant" }).fill(merchantName);
  await dialog.getByRole("option", { name: new RegExp(merchantName) }).click();
  expect(await seriousViolations(page), "New user dialog, merchant account").toEqual([]);
  await dialog.getByRole("button", { name: "Create user" }).click();

  const created = page.getByRole("dialog", { name: `${username} can sign in` });
  const password = (await created.getByTestId("password").textContent())!.trim();
  await created.getByRole("button", { name: "Done" }).click();
  const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  await expect(row).toContainText("Merchant");
  await expect(row.getByTestId("user-merchant")).toHaveText(merchantName);

  const signedIn = await page.request.post("/v1/auth", { data: { username, password } });
  const claims = JSON.parse(Buffer.from((await signedIn.json()).access_token.split(".")[1], "base64url").toString("utf8"));
  expect(claims).toMatchObject({ role: "merchant", merchant_id: merchantId });
});

test("an operator has no Users link, and the page says it is for administrators", async ({ page, signIn }) => {
  await signIn(USERS.operator);
  await expect(page.getByRole("link", { name: "Users" })).toHaveCount(0);
  await page.goto("/users");
  await expect(page.getByText("Only administrators can manage users.")).toBeVisible();
  await expect(page.getByTestId("users-table")).toHaveCount(0);
});

for (const colorScheme of COLOR_SCHEMES) {
  test(`users: no serious violations and screenshots in the ${colorScheme} scheme`, async ({ page }) => {
    await openInScheme(page, colorScheme, USERS.admin, "/users");
    await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
    await expect(page.getByTestId("user-row").first()).toBeVisible();
    expect(await seriousViolations(page), "/users").toEqual([]);
    await saveScreenshot(page, `users-${colorScheme}.png`);

    await page.getByRole("button", { name: "New user" }).click();
    await expect(page.getByRole("dialog", { name: "New user" })).toBeVisible();
    expect(await seriousViolations(page), "/users, New user dialog").toEqual([]);
  });
}
