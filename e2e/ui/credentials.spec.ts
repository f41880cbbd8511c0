// Credentials: an operator registers a merchant and creates a credential for each provider kind
// through the form's dropdowns (field errors for a bad TID, invalid additional-data JSON, the
// secret shown once), finds them with filters kept in the URL, and disables one after a
// confirmation; a viewer sees no create or change control; axe finds no serious violation;
// screenshots of the list and of the form are for docs/screenshots/ (npm run screenshots).
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { COLOR_SCHEMES, openInScheme, seriousViolations } from "../support/accessibility";
import { expect, test } from "../support/fixtures";
import { baseUrlOf, PORTS } from "../support/run-env";
import { saveScreenshot } from "../support/screenshots";
import { type E2EUser, USERS } from "../support/users";

const suffix = () => randomBytes(3).toString("hex").toUpperCase();
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join("");
const alnum = (n: number) => randomBytes(n).toString("hex").slice(0, n).toUpperCase();

async function registerMerchant(page: Page, name: string): Promise<void> {
  await page.goto("/merchants");
  await page.getByRole("button", { name: "New merchant" }).click();
  const dialog = page.getByRole("dialog", { name: "New merchant" });
  await dialog.getByLabel("Legal name").fill(name);
  await dialog.getByLabel("CNPJ").pressSequentially(generateCnpj());
  await dialog.getByRole("button", { name: "Register merchant" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("merchant-row").filter({ hasText: name })).toBeVisible();
}

/** Types the beginning of a name in the merchant search and picks the first match; returns its name. */
async function pickMerchant(page: Page, name: string): Promise<string> {
  const box = page.getByRole("combobox", { name: "Merchant" });
  await box.fill(name.slice(0, 18));
  const option = page.getByRole("option", { name: new RegExp(`^${name}`) }).first();
  const picked = (await option.locator("span").first().textContent()) ?? "";
  await option.click();
  await expect(box).toHaveValue(picked);
  return picked;
}

test("an operator creates a merchant, a credential for each provider kind, and disables one", async ({ page, signIn }) => {
  // A merchant and a credential for each provider kind, all through the forms.
  test.setTimeout(90_000);
  await signIn(USERS.operator);
  const merchantName = `Padaria Estrela ${suffix()} Ltda`;
  await registerMerchant(page, merchantName);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Credentials" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Credentials" })).toBeVisible();
  // The page header's link (an empty list offers a second one).
  await page.getByRole("link", { name: "New credential", exact: true }).first().click();
  await expect(page).toHaveURL(/\/credentials\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "New credential" })).toBeVisible();
  const merchantBox = page.getByRole("combobox", { name: "Merchant" });
  await expect(merchantBox).toBeFocused();

  // Nothing chosen: the form names what is missing before anything is sent.
  await page.getByRole("button", { name: "Create credential" }).click();
  await expect(page.getByText("Merchant is required.")).toBeVisible();
  await expect(page.getByText("Provider is required.")).toBeVisible();
  await expect(merchantBox).toBeFocused();
  // The focused merchant box no longer opens its list over those messages.
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(page.getByText("Merchant is required.")).toBeInViewport();

  // Card present (EMV): Cielo, through the merchant search (by keyboard) and the provider dropdown.
  await merchantBox.fill(merchantName.slice(0, 20));
  await expect(page.getByRole("option", { name: new RegExp(`^${merchantName}`) })).toBeVisible();
  await merchantBox.press("ArrowDown");
  await expect(merchantBox).toHaveAttribute("aria-activedescendant", /option-0$/);
  await merchantBox.press("Enter");
  await expect(merchantBox).toHaveValue(merchantName);
  await expect(page.getByRole("listbox")).toHaveCount(0);
  const provider = page.getByLabel("Provider", { exact: true });
  await expect(provider.locator("option")).toHaveCount(7); // "Choose a provider…" and the six acquirers
  await provider.selectOption({ label: "Cielo" });
  const mid = digits(10);
  const tid = `CL${alnum(6)}`;
  await page.getByLabel("Merchant ID (MID)").fill(mid);
  const tidInput = page.getByLabel("Terminal ID (TID)");
  await tidInput.fill("12AB");
  await tidInput.blur();
  const tidError = "Terminal ID (TID) must be 8 letters or digits, for example CL000123.";
  await expect(page.getByText(tidError)).toBeVisible();
  await expect(tidInput).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Create credential" }).click();
  await expect(tidInput).toBeFocused();
  await expect(page.getByText(tidError)).toBeVisible();

  // Additional data: invalid JSON is refused, with the reason.
  const additional = page.getByLabel("Additional data");
  await additional.fill('{"softDescriptor": "PADARIA ESTRELA"');
  await additional.blur();
  await expect(page.getByText(/Additional data is not valid JSON/)).toBeVisible();
  await additional.fill('{"softDescriptor": "PADARIA ESTRELA", "merchantCategoryCode": "5462"}');
  await expect(page.getByText(/Additional data is not valid JSON/)).toHaveCount(0);

  await tidInput.fill(tid);
  await expect(page.getByText(tidError)).toHaveCount(0);
  await page.getByRole("button", { name: "Create credential" }).click();
  await expect(page.getByRole("heading", { name: "Credential created" })).toBeVisible();
  const cieloId = (await page.getByTestId("created-credential-id").textContent()) ?? "";
  expect(cieloId).toMatch(/^[0-9a-v]{20}$/);
  await expect(page.getByRole("button", { name: "Copy ID" })).toBeVisible();
  await expect(page.getByTestId("toast").filter({ hasText: "Credential created" })).toBeVisible();

  // E-commerce: PagSeguro, with a secret field drawn as a password input.
  await page.getByRole("button", { name: "Create another" }).click();
  await expect(merchantBox).toHaveValue(merchantName);
  await provider.selectOption({ label: "PagSeguro" });
  await expect(page.getByLabel("Terminal ID (TID)")).toHaveCount(0);
  const secretInput = page.getByLabel("Client secret");
  await expect(secretInput).toHaveAttribute("type", "password");
  const secret = `sk_${randomBytes(12).toString("hex")}`;
  await page.getByLabel("Client ID").fill(`ps_live_${alnum(8).toLowerCase()}`);
  await secretInput.fill(secret);
  await page.getByLabel("Status").selectOption({ label: "Pending" });
  await page.getByRole("button", { name: "Create credential" }).click();
  await expect(page.getByRole("heading", { name: "Credential created" })).toBeVisible();
  const pagseguroId = (await page.getByTestId("created-credential-id").textContent()) ?? "";
  expect(pagseguroId).toMatch(/^[0-9a-v]{20}$/);
  // The secret, this once.
  await expect(page.getByTestId("created-clientSecret")).toHaveText(secret);
  await expect(page.getByText("Shown once")).toBeVisible();

  // The merchant's credentials: both, the secret masked as the API gives it and never in full.
  await page.getByRole("link", { name: "View the merchant’s credentials" }).click();
  await expect(page).toHaveURL(/\/credentials\?merchantId=[0-9a-v]{20}$/);
  await expect(page.getByTestId("credential-row")).toHaveCount(2);
  await expect(page.getByRole("combobox", { name: "Merchant" })).toHaveValue(merchantName);
  const cieloRow = page.locator(`[data-credential-id="${cieloId}"]`);
  const pagseguroRow = page.locator(`[data-credential-id="${pagseguroId}"]`);
  await expect(cieloRow.getByTestId("credential-account")).toContainText(tid);
  await pagseguroRow.getByRole("button", { name: `Details of credential ${pagseguroId}` }).click();
  await expect(page.getByTestId("credential-details")).toContainText(`••••${secret.slice(-4)}`);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(pagseguroRow).toContainText("Pending");

  // Disable with a confirmation; Escape cancels it first.
  await cieloRow.getByRole("button", { name: `Disable credential ${cieloId}` }).click();
  const confirm = page.getByRole("dialog", { name: "Disable this credential?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(tid);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(cieloRow.getByTestId("credential-enabled")).toHaveText("Enabled");
  await expect(cieloRow.getByTestId("credential-status")).toHaveText("Connected");
  await cieloRow.getByRole("button", { name: `Disable credential ${cieloId}` }).click();
  await confirm.getByRole("button", { name: "Disable credential" }).click();
  await expect(confirm).toBeHidden();
  await expect(cieloRow.getByTestId("credential-enabled")).toHaveText("Disabled");
  await expect(cieloRow.getByTestId("credential-status")).toHaveText("Connected");
  await expect(page.getByTestId("toast").filter({ hasText: "Credential disabled" })).toBeVisible();

  // The state filter joins the merchant filter in the URL, and survives a reload.
  await page.getByLabel("State").selectOption({ label: "Disabled" });
  await expect(page).toHaveURL(/enabled=false/);
  await expect(page.getByTestId("credential-row")).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel("State")).toHaveValue("false");
  await expect(page.getByTestId("credential-row")).toHaveCount(1);
  await expect(page.getByTestId("credential-row")).toHaveAttribute("data-credential-id", cieloId);

  // A filter that matches nothing says what to change.
  await page.getByLabel("Provider", { exact: true }).selectOption({ label: "Stone" });
  await expect(page.getByRole("heading", { name: "No credentials match these filters" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/credentials$/);
});

test("a viewer sees the credentials without create or change controls", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Credentials" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Credentials" })).toBeVisible();
  await expect(page.getByTestId("credentials-table").or(page.getByRole("heading", { name: "No credentials yet" }))).toBeVisible();
  await expect(page.getByRole("link", { name: "New credential" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Disable|Enable) credential/ })).toHaveCount(0);

  await page.goto("/credentials/new");
  await expect(page.getByText("Your role can read credentials but not create them.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create credential" })).toHaveCount(0);
});

// Operators find a credential by the TID they hold.
test("finds credentials by the acquirer's TID, kept in the URL", async ({ page, signIn }) => {
  // A credential with a TID of its own, made through the API by an operator.
  const { api, dispose } = await apiAs(USERS.operator);
  const tid = `T${Math.random().toString(36).slice(2, 9).toUpperCase()}`.slice(0, 8).padEnd(8, "0");
  const providers = (await (await api.get("/v1/providers")).json()).data as { id: string; name: string }[];
  const cielo = providers.find((p) => p.name === "cielo")!;
  const merchant = await (await api.post("/v1/merchants", { data: { name: `Loja TID ${tid}`, taxId: generateCnpj() } })).json();
  const created = await api.post("/v1/credentials", {
    data: {
      merchantId: merchant.id,
      providerId: cielo.id,
      providerName: "cielo",
      authenticationData: { merchantIdentifier: `10${Date.now()}`.slice(0, 15), terminalIdentifier: tid },
    },
  });
  expect(created.status()).toBe(201);
  await dispose();

  await signIn(USERS.viewer);
  await page.goto("/credentials");
  // By role, which skips hidden elements: while React 19 batches the reveal of a streamed
  // Suspense boundary, the server's copy of the filter bar can sit in a hidden div beside the
  // client's (a CI run found both, and getByLabel's strict mode refused the pair).
  const tidFilter = page.getByRole("searchbox", { name: "TID", exact: true });
  await tidFilter.fill(tid);
  await tidFilter.press("Enter");
  await expect(page).toHaveURL(new RegExp(`terminalIdentifier=${tid}`));
  const rows = page.getByTestId("credential-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(tid);
});

// --- Accessibility and screenshots, over a small realistic data set made through the API. ---

type Provider = { id: string; name: string };

async function apiAs(user: E2EUser): Promise<{ api: APIRequestContext; dispose: () => Promise<void> }> {
  const anonymous = await playwrightRequest.newContext({ baseURL: baseUrlOf(PORTS[0]) });
  const auth = await anonymous.post("/v1/auth", { data: { username: user.username, password: user.password } });
  const { access_token } = (await auth.json()) as { access_token: string };
  await anonymous.dispose();
  const api = await playwrightRequest.newContext({
    baseURL: baseUrlOf(PORTS[0]),
    extraHTTPHeaders: { authorization: `Bearer ${access_token}` },
  });
  return { api, dispose: () => api.dispose() };
}

const SHOWCASE: { merchant: string; credentials: { provider: string; status?: string; disable?: boolean }[] }[] = [
  {
    merchant: "Supermercado Bom Preço",
    credentials: [{ provider: "cielo" }, { provider: "rede" }, { provider: "stone", disable: true }],
  },
  { merchant: "Farmácia São Jorge", credentials: [{ provider: "getnet" }, { provider: "pagseguro" }] },
  { merchant: "Restaurante Sol Nascente", credentials: [{ provider: "safrapay", status: "pending" }, { provider: "cielo" }] },
  { merchant: "Hotel Mar Azul", credentials: [{ provider: "rede", status: "disconnected" }] },
];

function authenticationFor(provider: string): Record<string, string> {
  if (provider === "pagseguro")
    return { clientId: `ps_live_${alnum(8).toLowerCase()}`, clientSecret: `sk_${randomBytes(10).toString("hex")}` };
  const prefix = { cielo: "CL", rede: "RD", getnet: "GT", stone: "ST", safrapay: "SF" }[provider] ?? "TM";
  return { merchantIdentifier: digits(10), terminalIdentifier: `${prefix}${alnum(6)}` };
}

test.describe("credentials pages in both schemes", () => {
  test.beforeAll(async () => {
    const { api, dispose } = await apiAs(USERS.operator);
    const providers = ((await (await api.get("/v1/providers")).json()) as { data: Provider[] }).data;
    for (const entry of SHOWCASE) {
      const merchant = await api.post("/v1/merchants", {
        data: { name: entry.merchant, taxId: generateCnpj() },
      });
      expect(merchant.status()).toBe(201);
      const { id: merchantId } = (await merchant.json()) as { id: string };
      for (const spec of entry.credentials) {
        const provider = providers.find((p) => p.name === spec.provider)!;
        const created = await api.post("/v1/credentials", {
          data: {
            merchantId,
            providerId: provider.id,
            providerName: provider.name,
            authenticationData: authenticationFor(provider.name),
            ...(spec.status ? { status: spec.status } : {}),
          },
        });
        expect(created.status()).toBe(201);
        if (spec.disable) {
          const { id } = (await created.json()) as { id: string };
          expect((await api.patch(`/v1/credentials/${id}`, { data: { enabled: false } })).status()).toBe(200);
        }
      }
    }
    await dispose();
  });

  for (const colorScheme of COLOR_SCHEMES) {
    test(`credentials: no serious violations, and screenshots, in the ${colorScheme} scheme`, async ({ page }) => {
      // Three axe analyses and three screenshots (the list, a confirmation, the form).
      test.setTimeout(90_000);
      await openInScheme(page, colorScheme, USERS.operator, "/credentials");
      await expect(page.getByTestId("credential-row").first()).toBeVisible();
      // Merchant names arrive after the rows: wait for the cells' placeholders to go.
      await expect(page.getByTestId("credentials-table").locator("[aria-hidden=true].motion-safe\\:animate-pulse")).toHaveCount(
        0,
      );
      await page
        .getByTestId("credential-row")
        .nth(1)
        .getByRole("button", { name: /Details of credential/ })
        .click();
      expect(await seriousViolations(page), "/credentials").toEqual([]);
      await page.mouse.move(0, 0);
      await page.setViewportSize({ width: 1280, height: 960 });
      await saveScreenshot(page, `credentials-${colorScheme}.png`);

      await page
        .getByRole("button", { name: /^Disable credential/ })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Disable this credential?" })).toBeVisible();
      expect(await seriousViolations(page), "/credentials, confirmation").toEqual([]);
      await saveScreenshot(page, `credential-disable-${colorScheme}.png`);
      await page.keyboard.press("Escape");

      // The creation form, filled in, with a field error and the provider's fields.
      await page.goto("/credentials/new");
      await pickMerchant(page, "Supermercado Bom Preço");
      await page.getByLabel("Provider", { exact: true }).selectOption({ label: "Cielo" });
      await page.getByLabel("Merchant ID (MID)").fill("1020304050");
      await page.getByLabel("Terminal ID (TID)").fill("CL0001");
      await page.getByLabel("Additional data").fill('{\n  "merchantCategoryCode": "5411",\n  "softDescriptor": "BOM PRECO"\n}');
      await page.getByLabel("Terminal ID (TID)").focus();
      await page.getByLabel("Additional data").focus();
      await expect(page.getByTestId("field-error")).toBeVisible();
      expect(await seriousViolations(page), "/credentials/new").toEqual([]);
      await page.setViewportSize({ width: 1280, height: 1060 });
      await saveScreenshot(page, `credential-form-${colorScheme}.png`);

      // The success panel of an e-commerce credential: the id to copy and the secret, once.
      await page.getByLabel("Provider", { exact: true }).selectOption({ label: "PagSeguro" });
      await page.getByLabel("Client ID").fill(`ps_live_${alnum(8).toLowerCase()}`);
      await page.getByLabel("Client secret").fill(`sk_${randomBytes(12).toString("hex")}`);
      await page.getByLabel("Additional data").fill("{}");
      await page.getByRole("button", { name: "Create credential" }).click();
      await expect(page.getByRole("heading", { name: "Credential created" })).toBeVisible();
      expect(await seriousViolations(page), "/credentials/new, created").toEqual([]);
      // The picture shows the panel alone: the toast leaves by itself after six seconds (clicking
      // its Dismiss raced that on a loaded machine, where the analysis above takes longer).
      await expect(page.getByTestId("toast")).toHaveCount(0);
      await page.setViewportSize({ width: 1280, height: 860 });
      await saveScreenshot(page, `credential-created-${colorScheme}.png`);
    });
  }
});
