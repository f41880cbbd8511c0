// The dialogs an endpoint's row opens (Edit, Rotate secret, Recover) render whole: they sit in the
// row's right-aligned, no-wrap actions cell, whose styles they inherited (labels right-aligned,
// hints running out of the panel, the rotated secret and its Copy button cut off) until the one
// Dialog moved them to document.body. And an endpoint's event types are a choice of the
// catalogue's, shown in its row; a type stored before the API checked them is marked as never
// delivered. Each test makes its own merchant and endpoint through the API.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { apiAs } from "../support/api-as";
import { queryE2E } from "../support/database";
import { expect, test } from "../support/fixtures";
import { newMerchant, uniqueName } from "../support/made-through-api";
import { USERS } from "../support/users";

/** A new merchant with one endpoint (nothing listens at its URL: no delivery is ever made to it). */
async function merchantWithEndpoint(eventTypes: string[] = []) {
  const api = await apiAs(USERS.operator);
  try {
    const { id: merchantId } = await newMerchant(api, uniqueName("Padaria Dialogo"));
    const url = `http://127.0.0.1:9/hooks-${randomBytes(4).toString("hex")}`;
    const endpoint = await api.post("/v1/webhook-endpoints", { data: { merchantId, url, eventTypes } });
    expect(endpoint.status()).toBe(201);
    return { merchantId, url, id: ((await endpoint.json()) as { id: string }).id };
  } finally {
    await api.dispose();
  }
}

async function openEndpoints(page: Page, merchantId: string, url: string): Promise<Locator> {
  await page.goto(`/webhooks?merchantId=${merchantId}`);
  const row = page.getByTestId("endpoint-row").filter({ hasText: url });
  await expect(row).toBeVisible();
  return row;
}

/** The element's box lies inside the other's (and so is not cut off by it). */
async function expectInside(inner: Locator, outer: Locator | Page) {
  const box = await inner.boundingBox();
  const frame = "viewportSize" in outer ? { x: 0, y: 0, ...outer.viewportSize()! } : await outer.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  expect(frame, "the frame has a box").not.toBeNull();
  expect(box!.width).toBeGreaterThan(0);
  expect(box!.x).toBeGreaterThanOrEqual(frame!.x - 0.5);
  expect(box!.y).toBeGreaterThanOrEqual(frame!.y - 0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(frame!.y + frame!.height + 0.5);
}

/** What every dialog must show: a box in the viewport, left-aligned wrapping text, no text running out of it. */
async function expectWhole(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expectInside(dialog, page);
  await expect(dialog).toHaveCSS("text-align", /^(start|left)$/);
  await expect(dialog).toHaveCSS("white-space", "normal");
  // Nothing inside is wider than the dialog (text that cannot wrap would be).
  const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test("Edit, Rotate secret and Recover open from a row render whole, the rotated secret and its Copy button visible", async ({
  page,
  signIn,
}) => {
  const { merchantId, url } = await merchantWithEndpoint();
  await signIn(USERS.operator);
  const row = await openEndpoints(page, merchantId, url);

  await row.getByRole("button", { name: `Edit ${url}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit endpoint" });
  await expectWhole(page, edit);
  await expectInside(edit.getByText("Deliveries per second at most"), edit);
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();

  await row.getByRole("button", { name: `Rotate secret of ${url}` }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate the signing secret?" });
  await expectWhole(page, rotate);
  const rotated = page.waitForResponse((r) => r.url().endsWith("/rotate-secret") && r.request().method() === "POST");
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  expect((await rotated).status()).toBe(200);
  const shown = page.getByRole("dialog", { name: "New signing secret" });
  await expectWhole(page, shown);
  const heading = shown.getByText("Copy the new secret now");
  await expect(heading).toBeVisible();
  await expectInside(heading, shown);
  await expectInside(shown.getByText("It is shown this once."), shown);
  await expect(shown.getByTestId("rotated-secret")).toHaveText(/^whsec_/);
  await expectInside(shown.getByTestId("rotated-secret"), shown);
  const copy = shown.getByRole("button", { name: "Copy secret" });
  await expect(copy).toBeVisible();
  await expectInside(copy, shown);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();

  await row.getByRole("button", { name: `Recover failed deliveries of ${url}` }).click();
  const recover = page.getByRole("dialog", { name: "Recover failed deliveries" });
  await expectWhole(page, recover);
  await page.keyboard.press("Escape");
  await expect(recover).toBeHidden();
});

test("an endpoint's event types are ticked from the catalogue and shown in its row", async ({ page, signIn }) => {
  const { merchantId, url } = await merchantWithEndpoint();
  await signIn(USERS.operator);
  const row = await openEndpoints(page, merchantId, url);
  const types = row.getByTestId("endpoint-event-types");
  await expect(types).toHaveText("Receives every payment event");

  await row.getByRole("button", { name: `Edit ${url}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit endpoint" });
  const group = edit.getByRole("group", { name: "Event types" });
  // A choice, not free text: no textbox to misspell a type into.
  await expect(group.getByRole("textbox")).toHaveCount(0);
  await expect(group.getByRole("checkbox")).toHaveCount(3);
  await expect(group).not.toContainText("payment.failed");
  await group.getByRole("checkbox", { name: "payment.completed", exact: true }).check();
  await group.getByRole("checkbox", { name: "alert.opened", exact: true }).check();
  const saved = page.waitForResponse((r) => r.url().includes("/v1/webhook-endpoints/") && r.request().method() === "PATCH");
  await edit.getByRole("button", { name: "Save" }).click();
  const body = (await saved).request().postDataJSON() as { eventTypes: string[] };
  expect(body.eventTypes).toEqual(["payment.completed", "alert.opened"]);
  await expect(edit).toBeHidden();
  await expect(types).toContainText("payment.completed");
  await expect(types).toContainText("alert.opened");
  await expect(types).not.toContainText("alert.resolved");
});

test("a type stored before the check is marked as never delivered, and can be unticked", async ({ page, signIn }) => {
  const { merchantId, url, id } = await merchantWithEndpoint(["payment.completed"]);
  // As the API stored it before it checked the names.
  await queryE2E("UPDATE webhook_endpoints SET event_types = $2 WHERE id = $1", [id, ["payment.completed", "paymnet.completed"]]);
  await signIn(USERS.operator);
  const row = await openEndpoints(page, merchantId, url);
  await expect(row.getByTestId("endpoint-event-types")).toContainText("paymnet.completed (unknown: never delivered)");

  await row.getByRole("button", { name: `Edit ${url}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit endpoint" });
  const misspelt = edit.getByRole("checkbox", { name: "paymnet.completed", exact: true });
  await expect(misspelt).toBeChecked();
  await misspelt.uncheck();
  const saved = page.waitForResponse((r) => r.url().includes(`/v1/webhook-endpoints/${id}`) && r.request().method() === "PATCH");
  await edit.getByRole("button", { name: "Save" }).click();
  expect((await saved).status()).toBe(200);
  await expect(edit).toBeHidden();
  await expect(row.getByTestId("endpoint-event-types")).not.toContainText("paymnet");
  await expect(row.getByTestId("endpoint-event-types")).toContainText("payment.completed");
});
