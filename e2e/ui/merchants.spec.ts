// Merchants page: the list and its search (kept in the URL), registering a merchant with the
// CNPJ mask and the API's validation (client-side and the API's own 409), the viewer's read-only
// view, accessibility in both schemes, and the screenshots for docs/screenshots/ (npm run screenshots).
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { COLOR_SCHEMES, openInScheme, seriousViolations } from "../support/accessibility";
import { expect, test } from "../support/fixtures";
import { saveScreenshot } from "../support/screenshots";
import { USERS } from "../support/users";

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** A CNPJ with the right length and the wrong check digits. */
function wrongCheckDigits(cnpj: string): string {
  const last = Number(cnpj.at(-1));
  return `${cnpj.slice(0, 13)}${(last + 1) % 10}`;
}

test("an operator registers a merchant: CNPJ mask, field errors, duplicate CNPJ, search in the URL", async ({ page, signIn }) => {
  await signIn(USERS.operator);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Merchants" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merchants" })).toBeVisible();

  const name = `Padaria Estrela ${suffix()} Ltda`;
  const cnpj = generateCnpj();
  await page.getByRole("button", { name: "New merchant" }).click();
  const dialog = page.getByRole("dialog", { name: "New merchant" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Legal name")).toBeFocused();

  // Nothing filled: both fields say what is missing, and the first takes the focus.
  await dialog.getByRole("button", { name: "Register merchant" }).click();
  await expect(dialog.getByText("Legal name is required.")).toBeVisible();
  await expect(dialog.getByLabel("Legal name")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Legal name")).toBeFocused();

  await dialog.getByLabel("Legal name").fill(name);
  // The mask follows the typing; wrong check digits are refused with the API's message.
  await dialog.getByLabel("CNPJ").pressSequentially(wrongCheckDigits(cnpj));
  await expect(dialog.getByLabel("CNPJ")).toHaveValue(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
  await dialog.getByRole("button", { name: "Register merchant" }).click();
  await expect(dialog.getByText(/CNPJ must be a valid CNPJ/)).toBeVisible();
  await expect(dialog.getByLabel("CNPJ")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("CNPJ").fill("");
  await dialog.getByLabel("CNPJ").pressSequentially(cnpj);
  await dialog.getByRole("button", { name: "Register merchant" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "Merchant registered" })).toBeVisible();
  const row = page.getByTestId("merchant-row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(
    `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
  );

  // The same CNPJ again: the API's 409 appears under the CNPJ field.
  await page.getByRole("button", { name: "New merchant" }).click();
  await dialog.getByLabel("Legal name").fill(`${name} Filial`);
  await dialog.getByLabel("CNPJ").pressSequentially(cnpj);
  await dialog.getByRole("button", { name: "Register merchant" }).click();
  await expect(dialog.getByText("This CNPJ is already registered to another merchant.")).toBeVisible();
  await expect(dialog.getByLabel("CNPJ")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Search by the CNPJ's first digits: the URL keeps it, a reload shows the same view.
  await page.getByLabel("Search merchants").fill(cnpj.slice(0, 8));
  await expect(page).toHaveURL(new RegExp(`search=${cnpj.slice(0, 8)}`));
  await expect(page.getByTestId("merchant-row")).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel("Search merchants")).toHaveValue(cnpj.slice(0, 8));
  await expect(page.getByTestId("merchant-row")).toHaveCount(1);
  await expect(page.getByTestId("merchant-row")).toContainText(name);

  // A search without matches says what to change.
  await page.getByLabel("Search merchants").fill(`no such merchant ${suffix()}`);
  await expect(page.getByRole("heading", { name: /No merchant matches/ })).toBeVisible();
  await page.getByRole("button", { name: "Clear the search" }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByTestId("merchant-row").first()).toBeVisible();
});

// A merchant's name and CNPJ can be corrected, audited.
test("an operator edits a merchant's name and CNPJ; another's CNPJ is refused; the audit log has the change", async ({
  page,
  signIn,
}) => {
  await signIn(USERS.operator);
  const token = (
    await (
      await page.request.post("/v1/auth", { data: { username: USERS.operator.username, password: USERS.operator.password } })
    ).json()
  ).access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const name = `Mercearia ${suffix()}`;
  const made = await (await page.request.post("/v1/merchants", { data: { name, taxId: generateCnpj() }, headers })).json();
  const other = await (
    await page.request.post("/v1/merchants", { data: { name: `Outra ${suffix()}`, taxId: generateCnpj() }, headers })
  ).json();

  await page.goto(`/merchants?search=${encodeURIComponent(name)}`);
  const row = page.getByTestId("merchant-row").filter({ hasText: name });
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit merchant" });
  await expect(dialog.getByLabel("Legal name")).toHaveValue(name);
  expect(await seriousViolations(page), "Edit merchant dialog").toEqual([]);

  await dialog.getByLabel("CNPJ").fill("");
  await dialog.getByLabel("CNPJ").pressSequentially(other.taxId);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText("This CNPJ is already registered to another merchant.")).toBeVisible();

  const cnpj = generateCnpj();
  await dialog.getByLabel("Legal name").fill(`${name} Ltda`);
  await dialog.getByLabel("CNPJ").fill("");
  await dialog.getByLabel("CNPJ").pressSequentially(cnpj);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "Merchant changed" })).toBeVisible();
  const changed = await (await page.request.get(`/v1/merchants/${made.id}`, { headers })).json();
  expect(changed).toMatchObject({ name: `${name} Ltda`, taxId: cnpj });

  const admin = (
    await (
      await page.request.post("/v1/auth", { data: { username: USERS.admin.username, password: USERS.admin.password } })
    ).json()
  ).access_token as string;
  const audit = await (
    await page.request.get(`/v1/audit-log?targetId=${made.id}&action=merchant.update`, {
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json();
  expect(audit.data[0]).toMatchObject({
    actorUsername: USERS.operator.username,
    before: { name },
    after: { name: `${name} Ltda` },
  });
});

test("a viewer reads the merchants but has no New merchant button", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.goto("/merchants");
  await expect(page.getByRole("heading", { level: 1, name: "Merchants" })).toBeVisible();
  await expect(page.getByTestId("merchants-table").or(page.getByRole("heading", { name: "No merchants yet" }))).toBeVisible();
  await expect(page.getByRole("button", { name: "New merchant" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Add credential for/ })).toHaveCount(0);
});

for (const colorScheme of COLOR_SCHEMES) {
  test(`merchants: no serious violations and screenshots in the ${colorScheme} scheme`, async ({ page }) => {
    await openInScheme(page, colorScheme, USERS.operator, "/merchants");
    await expect(page.getByRole("table", { name: "Merchants" })).toBeVisible();
    await expect(page.getByTestId("table-footer")).toBeVisible();
    expect(await seriousViolations(page), "/merchants").toEqual([]);
    await saveScreenshot(page, `merchants-${colorScheme}.png`);

    await page.getByRole("button", { name: "New merchant" }).click();
    const dialog = page.getByRole("dialog", { name: "New merchant" });
    await dialog.getByLabel("Legal name").fill("Mercado Bom Preço Ltda");
    await dialog.getByLabel("CNPJ").pressSequentially("1122233300018");
    await dialog.getByRole("button", { name: "Register merchant" }).click();
    await expect(dialog.getByTestId("field-error")).toBeVisible();
    expect(await seriousViolations(page), "/merchants, New merchant dialog").toEqual([]);
    await saveScreenshot(page, `merchant-dialog-${colorScheme}.png`);
  });
}
