// Editing a credential in the dashboard: fix a TID and go live behind a confirmation
// that names both changes; rotate a secret (the old one is never shown, the new one masked);
// its enabled state and the acquirer's status; axe finds no serious violation; a screenshot for docs/screenshots/.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { seriousViolations } from "../support/accessibility";
import { expect, test } from "../support/fixtures";
import { saveScreenshot } from "../support/screenshots";
import { apiGet, apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

const alnum = (n: number) => randomBytes(n).toString("hex").slice(0, n).toUpperCase();

type Credential = { id: string; testMode: boolean; enabled: boolean; authenticationData: Record<string, string> };

async function merchantWithCredential(
  request: APIRequestContext,
  token: string,
  providerName: string,
  authenticationData: Record<string, string>,
): Promise<{ merchantId: string; credential: Credential }> {
  const headers = { authorization: `Bearer ${token}` };
  const merchant = await request.post("/v1/merchants", {
    headers,
    data: { name: `Mercado Edit ${alnum(4)} Ltda`, taxId: generateCnpj() },
  });
  expect(merchant.status()).toBe(201);
  const merchantId = (await merchant.json()).id as string;
  const providers = await apiGet<{ data: { id: string; name: string }[] }>(request, token, "/v1/providers");
  const provider = providers.data.find((p) => p.name === providerName)!;
  const created = await request.post("/v1/credentials", {
    headers,
    data: { merchantId, providerId: provider.id, providerName, authenticationData },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { merchantId, credential: (await created.json()) as Credential };
}

test("an operator fixes a TID and goes live, after confirming both", async ({ page, signIn }) => {
  const token = await apiToken(page.request, USERS.operator);
  const mid = `10${alnum(8)}`;
  const { merchantId, credential } = await merchantWithCredential(page.request, token, "cielo", {
    merchantIdentifier: mid,
    terminalIdentifier: "CL000001",
  });

  await signIn(USERS.operator);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/credentials?merchantId=${merchantId}`);
  const row = page.getByTestId("credential-row").filter({ hasText: mid });
  await expect(row.getByTestId("credential-status")).toHaveText("Connected");
  await expect(row.getByTestId("credential-mode")).toHaveText("Test mode");
  await row.getByRole("button", { name: `Edit credential ${credential.id}` }).click();

  const dialog = page.getByTestId("edit-credential-dialog");
  await expect(dialog.getByLabel("Merchant ID (MID)")).toHaveValue(mid);
  await dialog.getByLabel("Terminal ID (TID)").fill("CL000002");
  await dialog.getByLabel("Mode").selectOption("live");
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "credential-edit.png");
  await dialog.getByRole("button", { name: "Save changes" }).click();

  const confirm = dialog.getByTestId("confirm-credential-changes");
  await expect(confirm).toContainText("Switch to live mode");
  await expect(confirm).toContainText("Change the Terminal ID (TID) from CL000001 to CL000002");
  await confirm.getByRole("button", { name: "Confirm and save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "Credential saved" })).toBeVisible();
  await expect(row.getByTestId("credential-account")).toContainText("CL000002");
  await expect(row.getByTestId("credential-mode")).toHaveText("Live");

  const stored = await apiGet<Credential>(page.request, token, `/v1/credentials/${credential.id}`);
  expect(stored).toMatchObject({
    testMode: false,
    authenticationData: { merchantIdentifier: mid, terminalIdentifier: "CL000002" },
  });
});

test("an operator rotates a secret: nothing sent unless typed, the new one stored and shown masked", async ({ page, signIn }) => {
  const token = await apiToken(page.request, USERS.operator);
  const clientId = `ps_${alnum(10)}`;
  const oldSecret = `sk_${alnum(24)}`;
  const newSecret = `sk_${alnum(24)}`;
  const { merchantId, credential } = await merchantWithCredential(page.request, token, "pagseguro", {
    clientId,
    clientSecret: oldSecret,
  });

  await signIn(USERS.operator);
  await page.goto(`/credentials?merchantId=${merchantId}`);
  const row = page.getByTestId("credential-row").filter({ hasText: clientId });
  await row.getByRole("button", { name: `Edit credential ${credential.id}` }).click();
  const dialog = page.getByTestId("edit-credential-dialog");
  const secret = dialog.getByLabel("Client secret");
  await expect(secret).toHaveValue("");
  await expect(secret).toHaveAttribute("placeholder", "•••• unchanged");
  // Saving with nothing changed sends nothing.
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText("Nothing changed.")).toBeVisible();

  await secret.fill(newSecret);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByTestId("confirm-credential-changes")).toContainText("Replace the client secret");
  await dialog.getByRole("button", { name: "Confirm and save" }).click();
  await expect(dialog).toBeHidden();

  const stored = await apiGet<Credential>(page.request, token, `/v1/credentials/${credential.id}`);
  expect(stored.authenticationData.clientSecret).toBe(`••••${newSecret.slice(-4)}`);
  await row.getByRole("button", { name: `Details of credential ${credential.id}` }).click();
  await expect(page.getByTestId("credential-details")).toContainText(`••••${newSecret.slice(-4)}`);
  await expect(page.getByText(oldSecret)).toHaveCount(0);
  await expect(page.getByText(newSecret)).toHaveCount(0);
});
