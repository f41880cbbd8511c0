// Response codes in words, against the demo events: the overview's approval rate is the API's,
// a top decline opens the events list filtered by that code, acquirer and window, and an event's
// detail says its code in words with its class (ABECS Normativo 21).

import { withDemoEvents } from "../support/demo-events";
import { expect, test } from "../support/fixtures";
import { apiGet, apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

withDemoEvents();

type Payments = {
  approved: number;
  declined: number;
  approvalRate: number | null;
  topDeclinesByAcquirer: { acquirerName: string; responseCode: string; description: string; declineClass: string }[];
};
type Overview = { period: string; from: string; to: string; payments: Payments };

test("the approval rate, a top decline's events and the detail's code in words", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  const token = await apiToken(page.request, USERS.viewer);
  await page.goto("/overview?period=7d");

  // The rate shown is the API's (reloading while the worker may still move a figure).
  let week: Overview | undefined;
  await expect(async () => {
    week = await apiGet<Overview>(page.request, token, "/v1/stats/overview?period=7d");
    await page.reload();
    await expect(page.getByTestId("overview")).toHaveAttribute("data-period", "7d");
    expect(week.payments.approvalRate).not.toBeNull();
    const shown = `${(Math.round(week.payments.approvalRate! * 1000) / 10).toLocaleString("en-US", { minimumFractionDigits: 1 })}%`;
    await expect(page.getByTestId("approval-rate")).toHaveText(shown, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const top = week!.payments.topDeclinesByAcquirer[0]!;

  // The first decline of the first acquirer opens the denied events with that code, acquirer and window.
  const link = page.getByTestId("top-declines-acquirer").getByTestId("top-decline").first();
  await expect(link).toHaveAttribute("data-code", top.responseCode);
  await expect(link).toContainText(top.description);
  await expect(link).toContainText(top.declineClass);
  await link.click();
  await expect(page).toHaveURL(/\/events\?/);
  const params = new URL(page.url()).searchParams;
  expect(Object.fromEntries(params)).toMatchObject({
    transaction_status: "denied",
    acquirer_name: top.acquirerName,
    response_code: top.responseCode,
    from: week!.from,
    to: week!.to,
  });
  const rows = page.getByTestId("event-row");
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId("response-code-note")).toHaveText(`${top.responseCode} · ${top.description}`);

  // Its detail says the code in words, with its class.
  const id = await rows.first().getAttribute("data-event-id");
  await page.goto(`/events/${id}`);
  await expect(page.getByTestId("response-code")).toHaveText(`${top.responseCode} · ${top.description} · ${top.declineClass}`);
  await expect(page.getByTestId("response-code")).toHaveAttribute("data-class", top.declineClass);
});
