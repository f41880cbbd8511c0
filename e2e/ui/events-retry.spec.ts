// Retrying a failed event from its detail: an operator creates the missing credential (through the
// API, as the credentials screen would), retries, and sees the event processed. A viewer may not.
// The history also says who decided each attempt: the worker, a retry, or the sender on arrival.
import { cardEventData } from "../../tests/support/event-data";
import { withDemoEvents } from "../support/demo-events";
import { expect, test } from "../support/fixtures";
import {
  apiGet,
  apiToken,
  createCredentialFor,
  type FailedEventDetail as Detail,
  failedForWantOfCredential,
  ingestEvent,
} from "../support/seed-events";
import { USERS } from "../support/users";

withDemoEvents();

test("an operator retries a failed event after creating its credential, and sees it processed", async ({ page, signIn }) => {
  // A failed event and its credential made through the API around a sign-in and the retry.
  test.setTimeout(60_000);
  const token = await apiToken(page.request, USERS.operator);
  const event = await failedForWantOfCredential(page.request, token);

  await signIn(USERS.operator);
  await page.goto(`/events?status=failed&q=${event.id}`);
  const row = page.getByTestId("event-row");
  await expect(row).toHaveCount(1);
  // On its time cell: the merchant cell holds a link of its own (to the merchant's page).
  await row.locator("td").first().click();
  const panel = page.getByTestId("event-panel");
  await expect(panel.getByTestId("failure-reason")).toContainText("Failed: No matching credential");

  await createCredentialFor(page.request, token, event);

  await panel.getByRole("button", { name: "Retry processing" }).click();
  await expect(panel.getByTestId("retry-result")).toHaveText("Retried: the event is now processed.");
  await expect(panel.getByTestId("event-status")).toHaveText("Processed");
  await expect(panel.getByTestId("event-attempts").getByText("Retry by operator")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Retry processing" })).toHaveCount(0);
  // The row behind the panel says so too, and so does the API.
  await expect(page.locator(`[data-event-id="${event.id}"]`).first()).toHaveAttribute("data-status", "processed");
  expect((await apiGet<Detail>(page.request, token, `/v1/webhooks/events/${event.id}`)).status).toBe("processed");
});

test("a viewer sees why an event failed but no Retry", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.goto("/events?status=failed");
  const id = await page.getByTestId("event-row").first().getAttribute("data-event-id");
  await page.goto(`/events/${id}`);
  await expect(page.getByTestId("failure-reason")).toContainText("Failed:");
  await expect(page.getByText("Operators can retry failed events.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry processing" })).toHaveCount(0);
});

test("an event of a batch shows it was decided on arrival, by whom", async ({ page, signIn }) => {
  const ingestToken = await apiToken(page.request, USERS.ingest);
  const batch = await page.request.post("/v1/webhooks/events/batch", {
    headers: { authorization: `Bearer ${ingestToken}` },
    data: { events: [cardEventData({ acquirerName: "rede" })] },
  });
  expect(batch.status()).toBe(200);
  const [item] = ((await batch.json()) as { data: { id: string; status: string }[] }).data;
  expect(item!.status).toBe("failed");

  await signIn(USERS.viewer);
  await page.goto(`/events/${item!.id}`);
  await expect(page.getByTestId("event-status")).toHaveText("Failed");
  await expect(page.getByTestId("event-attempts").getByText(`On arrival, sent by ${USERS.ingest.username}`)).toBeVisible();
});

test("a single notification is not described as a batch", async ({ page, signIn }) => {
  const id = await ingestEvent(page.request, cardEventData({ acquirerName: "rede" }));

  await signIn(USERS.viewer);
  await page.goto(`/events/${id}`);
  const attempts = page.getByTestId("event-attempts");
  await expect(attempts.getByText(`On arrival, sent by ${USERS.ingest.username}`)).toBeVisible();
  await expect(attempts.getByText(/batch/i)).toHaveCount(0);
});
