// Retrying a failed event from its detail: an operator creates the missing credential (through the
// API, as the credentials screen would), retries, and sees the event processed. A viewer may not.
import { expect, test } from "../support/fixtures";
import { apiGet, apiToken, listAll, seedDemoEvents } from "../support/seed-events";
import { USERS } from "../support/users";

test.beforeAll(() => {
  test.setTimeout(120_000);
  seedDemoEvents();
});

type Detail = {
  id: string;
  status: string;
  failureReason: string | null;
  data: { merchantId: string; acquirerName: string; acquirerMerchantIdentifier: string; acquirerTerminalIdentifier: string };
};

/**
 * A demo event that failed for want of a credential, at a card-present acquirer (MID and TID),
 * of a registered merchant (the API specs, on the same database, ingest events of made-up ones).
 */
async function failedForWantOfCredential(request: Parameters<typeof apiToken>[0], token: string): Promise<Detail> {
  for (const acquirer of ["cielo", "rede", "getnet", "stone", "safrapay"]) {
    const failed = await listAll(request, token, `status=failed&acquirer_name=${acquirer}`);
    for (const { id } of failed.slice(0, 40)) {
      const detail = await apiGet<Detail>(request, token, `/v1/webhooks/events/${id}`);
      if (detail.failureReason !== "no_matching_credential") continue;
      const merchant = await request.get(`/v1/merchants/${detail.data.merchantId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (merchant.status() === 200) return detail;
    }
  }
  throw new Error("the demo data has no event failed for want of a credential");
}

test("an operator retries a failed event after creating its credential, and sees it processed", async ({ page, signIn }) => {
  test.setTimeout(60_000);
  const token = await apiToken(page.request, USERS.operator);
  const event = await failedForWantOfCredential(page.request, token);

  await signIn(USERS.operator);
  await page.goto(`/events?status=failed&q=${event.id}`);
  const row = page.getByTestId("event-row");
  await expect(row).toHaveCount(1);
  await row.click();
  const panel = page.getByTestId("event-panel");
  await expect(panel.getByTestId("failure-reason")).toContainText("Failed: No matching credential");

  const providers = await apiGet<{ data: { id: string; name: string }[] }>(page.request, token, "/v1/providers");
  const provider = providers.data.find((p) => p.name === event.data.acquirerName)!;
  const created = await page.request.post("/v1/credentials", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      merchantId: event.data.merchantId,
      providerId: provider.id,
      providerName: provider.name,
      authenticationData: {
        merchantIdentifier: event.data.acquirerMerchantIdentifier,
        terminalIdentifier: event.data.acquirerTerminalIdentifier,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

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
