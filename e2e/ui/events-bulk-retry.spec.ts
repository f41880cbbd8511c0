// Fixing a merchant's failing notifications in one step: from a failed event, "Create
// the missing credential" opens the form prefilled, and the new credential offers to retry every
// event it now matches; on the events view, "Retry N failed events" retries a whole filter.
// Accessibility checked; screenshots for docs/screenshots/ (npm run screenshots).
import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/accessibility";
import { withDemoEvents } from "../support/demo-events";
import { expect, test } from "../support/fixtures";
import { saveScreenshot } from "../support/screenshots";
import { apiGet, apiToken, createCredentialFor, failedForWantOfCredential } from "../support/seed-events";
import { USERS } from "../support/users";

withDemoEvents();

type Count = { count: number; capped: boolean };

/** An operator's token and a demo event that failed for want of a credential, with its account. */
async function failedAccount(page: Page) {
  const token = await apiToken(page.request, USERS.operator);
  const event = await failedForWantOfCredential(page.request, token);
  const { acquirerName, acquirerMerchantIdentifier: mid, acquirerTerminalIdentifier: tid } = event.data;
  return { token, event, acquirerName, mid, tid };
}

test("Create the missing credential: prefilled from the event, then the events it matches are retried", async ({
  page,
  signIn,
}) => {
  // Two axe analyses and two full-page screenshots, and a retry job run by the server.
  test.setTimeout(90_000);
  const { token, event, acquirerName, mid, tid } = await failedAccount(page);
  const account = `acquirer_name=${acquirerName}&acquirer_merchant_id=${mid}&acquirer_terminal_id=${tid}`;
  const failedBefore = await apiGet<Count>(
    page.request,
    token,
    `/v1/webhooks/events/count?${account}&status=failed&failure_reason=no_matching_credential`,
  );
  expect(failedBefore.count).toBeGreaterThan(0);

  await signIn(USERS.operator);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/events/${event.id}`);
  await page.getByTestId("create-missing-credential").click();
  await expect(page).toHaveURL(/\/credentials\/new\?/);
  const form = page.getByTestId("new-credential-form");
  await expect(form.getByText("Prefilled from a failed event")).toBeVisible();
  await expect(form.getByLabel("Provider")).toHaveValue(/.+/);
  await expect(form.getByLabel("Merchant ID (MID)")).toHaveValue(mid);
  await expect(form.getByLabel("Terminal ID (TID)")).toHaveValue(tid);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "credential-prefilled-from-event.png", { fullPage: true });

  await form.getByRole("button", { name: "Create credential" }).click();
  const created = page.getByTestId("credential-created");
  const offer = created.getByTestId("matching-failed-events");
  await expect(offer).toContainText(`${failedBefore.count} failed ${failedBefore.count === 1 ? "event" : "events"}`);
  await offer.getByTestId("retry-matching").click();
  await expect(offer.getByTestId("retry-job-status")).toHaveText(`Done: ${failedBefore.count} processed.`);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "credential-created-retried.png", { fullPage: true });

  const after = await apiGet<Count>(page.request, token, `/v1/webhooks/events/count?${account}&status=failed`);
  expect(after.count).toBe(0);
  expect((await apiGet<{ status: string }>(page.request, token, `/v1/webhooks/events/${event.id}`)).status).toBe("processed");
});

test("Retry N failed events: the filtered view's failed events are retried in one job, with progress", async ({
  page,
  signIn,
}) => {
  // An axe analysis, a screenshot and a retry job run by the server, followed to its end.
  test.setTimeout(90_000);
  const { token, event, mid, tid } = await failedAccount(page);
  const failed = await apiGet<Count>(page.request, token, `/v1/webhooks/events/count?acquirer_merchant_id=${mid}&status=failed`);
  // The credential is created through the API, as another operator would have.
  await createCredentialFor(page.request, token, event);

  await signIn(USERS.operator);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/events?acquirer_merchant_id=${mid}`);
  const n = failed.count;
  const button = page.getByTestId("bulk-retry");
  await expect(button).toHaveText(`Retry ${n} failed ${n === 1 ? "event" : "events"}`);
  await button.click();
  const dialog = page.getByTestId("bulk-retry-dialog");
  await expect(dialog.getByRole("heading")).toHaveText(`Retry ${n} failed ${n === 1 ? "event" : "events"}?`);
  // It says which filters the job applies: the view's, and failed only.
  const applied = dialog.getByTestId("bulk-retry-filters");
  await expect(applied.getByRole("term")).toHaveText(["Status", "MID"]);
  await expect(applied.getByRole("definition")).toHaveText(["failed", mid]);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: `Retry ${n} ${n === 1 ? "event" : "events"}` }).click();
  await expect(dialog.getByTestId("retry-job-status")).toContainText("Done:");
  await expect(dialog.getByTestId("retry-job-status")).toContainText(`processed`);
  await saveScreenshot(page, "events-bulk-retry.png");
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  // Every failed event of the account's terminal is processed now.
  expect((await apiGet<{ status: string }>(page.request, token, `/v1/webhooks/events/${event.id}`)).status).toBe("processed");
  const left = await apiGet<Count>(
    page.request,
    token,
    `/v1/webhooks/events/count?acquirer_merchant_id=${mid}&acquirer_terminal_id=${tid}&status=failed`,
  );
  expect(left.count).toBe(0);
  // The audit log names the job.
  const admin = await apiToken(page.request, USERS.admin);
  const audit = await apiGet<{ data: { action: string; actorUsername: string }[] }>(
    page.request,
    admin,
    "/v1/audit-log?action=event.bulk_retry",
  );
  expect(audit.data.some((e) => e.actorUsername === USERS.operator.username)).toBe(true);
});

test("a viewer is not offered bulk retry", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.goto("/events?status=failed");
  await expect(page.getByTestId("event-row").first()).toBeVisible();
  await expect(page.getByTestId("bulk-retry")).toHaveCount(0);
});
