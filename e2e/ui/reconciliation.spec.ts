// Reconciliation in the console: an operator uploads a Cielo statement (built from Cielo's
// published layout) whose sales partly match notifications ingested through the API, sees the
// import's summary and its counts per merchant and day, filters the exceptions (in the URL) and
// resolves one with a note in a modal dialog; a refused file shows its faults by line; a merchant
// account reads its own exceptions only; an event's page and its merchant's page show their
// reconciliation state. Each test makes its own merchant, credential (a random MID, so its file is
// new) and notifications.
import { card, cardEventData, digits } from "../../tests/support/event-data";
import { cieloCv, cieloFile, cieloRo, saoPauloDay } from "../../tests/support/statement-files";
import { seriousViolations } from "../support/accessibility";
import { apiAs } from "../support/api-as";
import { expect, fillSignInForm, test } from "../support/fixtures";
import { importStatement, merchantAccount, newCredential, newMerchant } from "../support/made-through-api";
import { USERS } from "../support/users";

/** A merchant with a Cielo credential on a new establishment and terminal, and its notifications. */
async function cieloMerchant() {
  const mid = digits(10);
  const tid = digits(8);
  const api = await apiAs(USERS.operator);
  const { id: merchantId } = await newMerchant(api, `Conciliação ${mid.slice(-4)}`);
  await newCredential(api, merchantId, "cielo", { merchantIdentifier: mid, terminalIdentifier: tid });
  await api.dispose();

  const ingest = await apiAs(USERS.ingest);
  const notification = (o: { rrn: string; code: string; amount: number; last4: string }) =>
    cardEventData({
      acquirerName: "cielo",
      acquirerMerchantIdentifier: mid,
      acquirerTerminalIdentifier: tid,
      merchantId,
      retrievalReferenceNumber: o.rrn,
      authorizationCode: o.code,
      amount: o.amount,
      cardData: card(o.last4),
    });
  const batch = await ingest.post("/v1/webhooks/events/batch", {
    data: {
      events: [
        notification({ rrn: "123", code: "AB1234", amount: 10_000, last4: "1111" }),
        notification({ rrn: "200", code: "CD2000", amount: 20_000, last4: "2222" }),
        notification({ rrn: "500", code: "IJ5000", amount: 50_500, last4: "5555" }),
      ],
    },
  });
  expect(batch.status(), await batch.text()).toBe(200);
  const [matched, amountDiffers, withoutSale] = ((await batch.json()) as { data: { id: string }[] }).data.map((r) => r.id);
  await ingest.dispose();
  return { mid, tid, merchantId, events: { matched: matched!, amountDiffers: amountDiffers!, withoutSale: withoutSale! } };
}

/** Today's sales: one matches, one disagrees on the amount, one was never notified. */
function statementOf(m: { mid: string; tid: string }): string {
  const today = saoPauloDay();
  const cv = { establishment: m.mid, roNumber: "0000001", saleDate: today, terminal: m.tid };
  return cieloFile({ establishment: m.mid, periodStart: today, periodEnd: today }, [
    cieloRo({ establishment: m.mid, roNumber: "0000001", terminal: m.tid }),
    cieloCv({ ...cv, amount: 10_000, nsu: "000123", authorizationCode: "AB1234", card: "411111******1111" }),
    cieloCv({ ...cv, amount: 25_000, nsu: "000200", authorizationCode: "CD2000", card: "411111******2222" }),
    cieloCv({ ...cv, amount: 77_700, nsu: "000700", authorizationCode: "MN7000", card: "411111******7777" }),
  ]);
}

test("an operator imports a Cielo statement, filters its exceptions and resolves one with a note", async ({ page, signIn }) => {
  // An upload, several filtered reads and one axe analysis on a shared machine.
  test.setTimeout(90_000);
  const m = await cieloMerchant();
  await signIn(USERS.operator);
  await page.getByRole("link", { name: "Reconciliation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();

  const uploaded = page.waitForResponse((r) => r.url().endsWith("/v1/reconciliation/imports") && r.request().method() === "POST");
  await page
    .getByTestId("statement-drop-zone")
    .locator('input[type="file"]')
    .setInputFiles({ name: `cielo-${m.mid}.txt`, mimeType: "text/plain", buffer: Buffer.from(statementOf(m), "latin1") });
  const response = await uploaded;
  expect(response.status()).toBe(201);
  const importId = ((await response.json()) as { id: string }).id;

  const summary = page.getByTestId("import-result").getByTestId("import-summary");
  await expect(summary).toBeVisible();
  const figure = (label: string) =>
    summary
      .locator("div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(figure("Sales")).toHaveText("3");
  await expect(figure("Matched")).toHaveText("1");
  await expect(figure("Missing notification")).toHaveText("1");
  await expect(figure("Notification without sale")).toHaveText("1");
  await expect(figure("Amount mismatch")).toHaveText("1");
  await expect(figure("Status mismatch")).toHaveText("0");

  // The import in the list: choosing it filters the exceptions to it, in the URL.
  await page
    .locator(`[data-testid="import-row"][data-import-id="${importId}"]`)
    .getByRole("button", { name: "Show exceptions" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/reconciliation\\?import_id=${importId}$`));
  const rows = page.getByTestId("exception-row");
  await expect(rows).toHaveCount(3);

  // Its counts per merchant and day: one sale matched, three exceptions, all open.
  const daily = page.getByTestId("daily-counts-row").filter({ hasText: `Conciliação ${m.mid.slice(-4)}` });
  await expect(daily.locator("td")).toHaveText([saoPauloDay(), `Conciliação ${m.mid.slice(-4)}`, "1", "3", "3"]);

  await page.getByRole("combobox", { name: "Kind" }).selectOption("missing_notification");
  await expect(page).toHaveURL(new RegExp(`import_id=${importId}&kind=missing_notification$`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("NSU 000700");

  await page.getByRole("combobox", { name: "Kind" }).selectOption("amount_mismatch");
  await expect(page).toHaveURL(/kind=amount_mismatch$/);
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole("link", { name: m.events.amountDiffers })).toHaveAttribute(
    "href",
    `/events/${m.events.amountDiffers}`,
  );
  await expect(row.getByRole("link", { name: "Merchant" })).toHaveAttribute("href", `/merchants/${m.merchantId}`);
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole("button", { name: /^Resolve exception/ }).click();
  const dialog = page.getByTestId("resolve-exception-dialog");
  await expect(dialog.getByRole("heading", { name: "Resolve this exception?" })).toBeVisible();
  // In the top layer (showModal), not laid out inside the table's cell.
  expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  const note = "The acquirer charged a tip; agreed with the merchant.";
  await dialog.getByLabel("Note").fill(note);
  const resolved = page.waitForResponse((r) => r.url().endsWith("/resolve") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Resolve", exact: true }).click();
  expect((await resolved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(row.getByText("resolved", { exact: true })).toBeVisible();

  await page.getByRole("combobox", { name: "Status" }).selectOption("resolved");
  await expect(page).toHaveURL(/kind=amount_mismatch&status=resolved$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${USERS.operator.username}: ${note}`);
  await page.getByRole("combobox", { name: "Status" }).selectOption("open");
  await expect(page).toHaveURL(/status=open$/);
  await expect(page.getByText("No exceptions match these filters")).toBeVisible();

  // The filters live in the URL: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("open");
  await expect(page.getByText("No exceptions match these filters")).toBeVisible();
});

test("a refused statement shows its faults by line, and nothing is imported", async ({ page, signIn }) => {
  await signIn(USERS.operator);
  await page.goto("/reconciliation");
  const refused = page.waitForResponse((r) => r.url().endsWith("/v1/reconciliation/imports") && r.request().method() === "POST");
  await page
    .getByTestId("statement-drop-zone")
    .locator('input[type="file"]')
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from(`hello ${digits(6)}\nworld\n`) });
  expect((await refused).status()).toBe(422);
  await expect(page.getByRole("alert").filter({ hasText: "notes.txt was refused" })).toBeVisible();
  await expect(page.getByTestId("statement-faults")).toContainText(/Line 1, format: /);
  await expect(page.getByTestId("import-result")).toHaveCount(0);
});

test("a merchant account reads its own exceptions, without the upload, the imports or Resolve", async ({ page }) => {
  const m = await cieloMerchant();
  const operator = await apiAs(USERS.operator);
  await importStatement(operator, statementOf(m));
  await operator.dispose();
  const account = await merchantAccount(m.merchantId, "recon");

  await fillSignInForm(page, account);
  await expect(page).toHaveURL(/\/events$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reconciliation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
  // Its merchant's three, and nobody else's (the API scopes the list).
  await expect(page.getByTestId("exception-row")).toHaveCount(3);
  await expect(page.getByTestId("exception-row").filter({ hasText: "NSU 000700" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import a statement" })).toHaveCount(0);
  await expect(page.getByTestId("imports-table")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Resolve/ })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Kind" }).selectOption("notification_without_sale");
  await expect(page).toHaveURL(/\/reconciliation\?kind=notification_without_sale$/);
  await expect(page.getByTestId("exception-row")).toHaveCount(1);
  await expect(page.getByTestId("exception-row").getByRole("link", { name: m.events.withoutSale })).toBeVisible();
});

test("an event's page and its merchant's page show the reconciliation state, linking to the exceptions", async ({
  page,
  signIn,
}) => {
  const m = await cieloMerchant();
  const operator = await apiAs(USERS.operator);
  const importId = await importStatement(operator, statementOf(m));
  await operator.dispose();
  await signIn(USERS.operator);

  const state = page.getByTestId("event-reconciliation");
  await page.goto(`/events/${m.events.matched}`);
  await expect(state).toHaveAttribute("data-state", "matched");
  await expect(state.getByText("Matched", { exact: true })).toBeVisible();
  await expect(state.getByRole("link", { name: "Import" })).toHaveAttribute("href", `/reconciliation?import_id=${importId}`);

  await page.goto(`/events/${m.events.amountDiffers}`);
  await expect(state).toHaveAttribute("data-state", "exception");
  await expect(state.getByText("Amount mismatch (open)")).toBeVisible();
  await state.getByRole("link", { name: "Exception" }).click();
  await expect(page).toHaveURL(new RegExp(`/reconciliation\\?import_id=${importId}&kind=amount_mismatch$`));
  await expect(page.getByTestId("exception-row")).toHaveCount(1);

  await page.goto(`/merchants/${m.merchantId}`);
  const card = page.getByTestId("merchant-reconciliation");
  await expect(card.getByTestId("reconciliation-matched")).toHaveText("1");
  await expect(card.getByTestId("reconciliation-open")).toHaveText("3");
  await card.getByTestId("reconciliation-open").click();
  await expect(page).toHaveURL(new RegExp(`/reconciliation\\?merchant_id=${m.merchantId}&status=open$`));
  await expect(page.getByTestId("exception-row")).toHaveCount(3);
});
