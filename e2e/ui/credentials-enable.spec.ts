// Enabling a credential again: its row says both states plainly (enabled here, and the acquirer's
// status, which stays Disconnected: one badge mixing them read as if enabling had failed), and
// the dialog then offers to retry the events that failed while it was disabled, as creating a
// credential offers for those that failed for want of one. The test makes its own merchant,
// credential and event.
import { randomBytes } from "node:crypto";
import { cardEventData } from "../../tests/support/event-data";
import { apiAs } from "../support/api-as";
import { expect, test } from "../support/fixtures";
import { newCredential, newMerchant, uniqueName } from "../support/made-through-api";
import { USERS } from "../support/users";

/** A merchant whose pagseguro credential is disabled (and disconnected at the acquirer), with one event that failed for it. */
async function disabledCredentialWithFailedEvent() {
  const api = await apiAs(USERS.operator);
  const ingest = await apiAs(USERS.ingest);
  try {
    const { id: merchantId } = await newMerchant(api, uniqueName("Livraria Religada"));
    const clientId = `ps_live_${randomBytes(5).toString("hex")}`;
    const credentialId = await newCredential(api, merchantId, "pagseguro", {
      clientId,
      clientSecret: `sk_${randomBytes(8).toString("hex")}`,
    });
    const disabled = await api.patch(`/v1/credentials/${credentialId}`, { data: { enabled: false, status: "disconnected" } });
    expect(disabled.status(), await disabled.text()).toBe(200);
    const event = await ingest.post("/v1/webhooks/events", {
      data: cardEventData({ acquirerName: "pagseguro", acquirerMerchantIdentifier: clientId }),
    });
    expect(event.status()).toBe(202);
    const failed = (await event.json()) as { id: string; status: string; failureReason: string };
    expect([failed.status, failed.failureReason]).toEqual(["failed", "credential_disabled"]);
    return { merchantId, credentialId, clientId, eventId: failed.id };
  } finally {
    await api.dispose();
    await ingest.dispose();
  }
}

test("enabling a credential shows it enabled beside the acquirer's status, and retries what failed while it was disabled", async ({
  page,
  signIn,
}) => {
  // A retry job run by the server (up to 20 s for its outcome) after the setup and a sign-in.
  test.slow();
  const { merchantId, credentialId, clientId, eventId } = await disabledCredentialWithFailedEvent();
  await signIn(USERS.operator);
  await page.goto(`/credentials?merchantId=${merchantId}`);
  const row = page.getByTestId("credential-row").filter({ hasText: clientId });
  await expect(row.getByTestId("credential-enabled")).toHaveText("Disabled");
  await expect(row.getByTestId("credential-status")).toHaveText("Disconnected");

  await row.getByRole("button", { name: `Enable credential ${credentialId}` }).click();
  const confirm = page.getByRole("dialog", { name: "Enable this credential?" });
  await confirm.getByRole("button", { name: "Enable credential" }).click();
  const enabled = page.getByRole("dialog", { name: "Credential enabled" });
  await expect(enabled).toBeVisible();
  await expect(row.getByTestId("credential-enabled")).toHaveText("Enabled");
  await expect(row.getByTestId("credential-status")).toHaveText("Disconnected");

  const offer = enabled.getByTestId("matching-failed-events");
  await expect(offer).toContainText("1 failed event");
  await expect(offer).toContainText("refused while this credential was disabled");
  const review = offer.getByRole("link", { name: "Review them first" });
  const href = new URL((await review.getAttribute("href"))!, "http://x");
  expect(href.pathname).toBe("/events");
  expect(Object.fromEntries(href.searchParams)).toMatchObject({
    status: "failed",
    failure_reason: "credential_disabled",
    acquirer_name: "pagseguro",
    acquirer_merchant_id: clientId,
  });

  const started = page.waitForResponse((r) => r.url().endsWith("/v1/webhooks/events/retry") && r.request().method() === "POST");
  await offer.getByRole("button", { name: "Retry it" }).click();
  expect((await started).ok()).toBe(true);
  await expect(offer.getByRole("link", { name: "See the merchant account’s events" })).toBeVisible({ timeout: 20_000 });
  const api = await apiAs(USERS.viewer);
  try {
    const event = (await (await api.get(`/v1/webhooks/events/${eventId}`)).json()) as { status: string };
    expect(event.status).toBe("processed");
  } finally {
    await api.dispose();
  }
  await enabled.getByRole("button", { name: "Done" }).click();
  await expect(enabled).toBeHidden();
});
