// Webhook endpoints page: an operator registers an endpoint (the secret shown once), sends a test
// event and sees the receiver's answer inline, sees a real delivery and its attempt, resends it
// (same webhook-id); the event detail lists its deliveries and shows the payment's timeline;
// axe finds no serious violation; screenshots (docs/screenshots/ by npm run screenshots). The
// receiver is a node:http server of this test.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cardEventData } from "../../tests/support/event-data";
import { seriousViolations } from "../support/accessibility";
import { apiAs } from "../support/api-as";
import { queryE2E } from "../support/database";
import { expect, test } from "../support/fixtures";
import { newCredential, newMerchant, uniqueName } from "../support/made-through-api";
import { RECEIVER_PORT } from "../support/run-env";
import { saveScreenshot } from "../support/screenshots";
import { USERS } from "../support/users";

const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let receiverUrl = "";
let merchantId = "";
const clientId = `ps_live_${randomBytes(4).toString("hex")}`;

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(RECEIVER_PORT, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const api = await apiAs(USERS.operator);
  merchantId = (await newMerchant(api, uniqueName("Sorveteria Polar"))).id;
  await newCredential(api, merchantId, "pagseguro", { clientId, clientSecret: `sk_${randomBytes(8).toString("hex")}` });
  await api.dispose();
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("an operator registers an endpoint, sends a test event, sees a delivery's attempt and resends it", async ({
  page,
  signIn,
}) => {
  // Three pages and two axe analyses; under a loaded machine the 30 s default ran out in the last one.
  test.setTimeout(90_000);
  await signIn(USERS.operator);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhook endpoints" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoints" })).toBeVisible();
  await page.goto(`/webhooks?merchantId=${merchantId}`);

  await page.getByRole("button", { name: "New endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "New endpoint" });
  await dialog.getByLabel("URL").fill(receiverUrl);
  await dialog.getByLabel("Description").fill("Order system");
  await dialog.getByRole("button", { name: "Register endpoint" }).click();
  const done = page.getByRole("dialog", { name: "Endpoint registered" });
  const secret = (await done.getByTestId("endpoint-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await saveScreenshot(page, "webhooks-secret-once.png");
  await done.getByRole("button", { name: "Done" }).click();
  const row = page.getByTestId("endpoint-row").filter({ hasText: receiverUrl });
  await expect(row).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // Send test: the receiver's answer inline.
  await row.getByRole("button", { name: /Send test event/ }).click();
  await expect(row.getByTestId("test-result")).toContainText("HTTP 200");
  await expect(row.getByTestId("test-result")).toContainText("thanks");
  expect(received.at(-1)?.body).toContain("webhook.test");

  // A real event of the merchant: processed, then delivered.
  const ingest = await apiAs(USERS.ingest);
  const event = await ingest.post("/v1/webhooks/events", {
    data: cardEventData({ acquirerName: "pagseguro", acquirerMerchantIdentifier: clientId }),
  });
  expect(event.status()).toBe(202);
  const eventId = ((await event.json()) as { id: string }).id;
  await ingest.dispose();
  await expect.poll(() => received.filter((r) => r.body.includes(eventId)).length, { timeout: 15_000, intervals: [50] }).toBe(1);

  await row.getByRole("button", { name: /Deliveries of/ }).click();
  const delivery = page.getByTestId("delivery-row").first();
  await expect(delivery).toContainText("succeeded");
  await delivery.getByRole("button", { name: "Attempts" }).click();
  await expect(page.getByTestId("attempt").first()).toContainText("HTTP 200");
  // The attempt's request: the signature header it sent (never the secret) and the body.
  const sentSignature = String(received.find((r) => r.body.includes(eventId))!.headers["webhook-signature"]);
  await expect(page.getByTestId("attempt-request-headers").first()).toContainText(sentSignature);
  await expect(page.getByTestId("delivery-request-body")).toContainText(eventId);
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "webhooks-endpoints.png", { fullPage: true });

  await delivery.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Delivery queued again" })).toBeVisible();
  await expect.poll(() => received.filter((r) => r.body.includes(eventId)).length, { timeout: 15_000, intervals: [50] }).toBe(2);
  const both = received.filter((r) => r.body.includes(eventId));
  expect(both[1]!.headers["webhook-id"]).toBe(both[0]!.headers["webhook-id"]);

  // The event detail lists the delivery.
  await page.goto(`/events/${eventId}`);
  await expect(page.getByTestId("event-deliveries")).toContainText(String(both[0]!.headers["webhook-id"]));
  expect(await seriousViolations(page)).toEqual([]);
});

test("an event's detail shows its payment's timeline and net state", async ({ page, signIn }) => {
  // Two ingestions, a sign-in and two detail loads: on a loaded machine more than the 30 s default.
  test.setTimeout(90_000);
  const ingest = await apiAs(USERS.ingest);
  const payment = {
    acquirerName: "pagseguro" as const,
    acquirerMerchantIdentifier: clientId,
    acquirerTerminalIdentifier: "T0PAYMNT",
    retrievalReferenceNumber: randomBytes(6).toString("hex").toUpperCase(),
    authorizationCode: randomBytes(3).toString("hex").toUpperCase(),
    amount: 4_990,
    // One card for the whole payment (cardEventData draws a new one each call).
    cardData: cardEventData().cardData,
  };
  const ids: string[] = [];
  for (const transactionType of ["authorization", "capture"] as const) {
    const res = await ingest.post("/v1/webhooks/events", { data: cardEventData({ ...payment, transactionType }) });
    expect(res.status()).toBe(202);
    ids.push(((await res.json()) as { id: string }).id);
  }
  await ingest.dispose();
  await signIn(USERS.viewer);
  await page.goto(`/events/${ids[1]}`);
  const timeline = page.getByTestId("payment-timeline");
  await expect(timeline.getByTestId("payment-state")).toHaveText("Captured");
  await expect(timeline.getByTestId("payment-summary")).toContainText(/authorized \d\d:\d\d:\d\d, captured \d\d:\d\d:\d\d/);
  await timeline.getByRole("link", { name: ids[0]! }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${ids[0]}$`));
  // It opens in the side panel, over the capture's page: the authorization's detail is the one with its id.
  const authorization = page.locator(`[data-testid="event-detail"][data-event-id="${ids[0]}"]`);
  await expect(authorization.getByTestId("payment-timeline").getByText("(this event)")).toBeVisible();
  await expect(authorization.getByTestId("payment-state")).toHaveText("Captured");
});

test("an admin makes an endpoint receive every merchant's alerts; an operator sees it, greyed", async ({ page, signIn }) => {
  const api = await apiAs(USERS.operator);
  const url = `${receiverUrl}/ops-${randomBytes(3).toString("hex")}`;
  const created = await api.post("/v1/webhook-endpoints", {
    data: { merchantId, url, description: "Operations sink", eventTypes: ["alert.opened", "alert.resolved"] },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  // Deleted at the end: an endpoint taking every merchant's alerts would receive those of later tests.
  try {
    await signIn(USERS.admin);
    await page.goto(`/webhooks?merchantId=${merchantId}`);
    const row = page.getByTestId("endpoint-row").filter({ hasText: url });
    await expect(row).not.toContainText("Every merchant's alerts");
    await row.getByRole("button", { name: `Edit ${url}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit endpoint" });
    await dialog.getByRole("checkbox", { name: "Every merchant's alerts" }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Every merchant's alerts");
    const stored = (await (await api.get(`/v1/webhook-endpoints/${id}`)).json()) as { allAlerts: boolean };
    expect(stored.allAlerts).toBe(true);

    // An operator may not change it (the API refuses allAlerts to all but admins): shown, not editable.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(USERS.operator);
    await page.goto(`/webhooks?merchantId=${merchantId}`);
    await row.getByRole("button", { name: `Edit ${url}` }).click();
    const box = dialog.getByRole("checkbox", { name: "Every merchant's alerts" });
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
  } finally {
    // Only an admin deletes an endpoint that receives every alert (endpoint-write-scope.ts).
    const admin = await apiAs(USERS.admin);
    expect((await admin.delete(`/v1/webhook-endpoints/${id}`)).status()).toBe(200);
    await admin.dispose();
    await api.dispose();
  }
});

test("a viewer sees the endpoints without the write actions", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.goto(`/webhooks?merchantId=${merchantId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoints" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New endpoint" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Send test event/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test("an endpoint whose circuit is open shows as paused, with its next probe", async ({ page, signIn }) => {
  // The page's first load can take long on a loaded machine (the list and its health in one read).
  test.slow();
  const api = await apiAs(USERS.operator);
  const created = await api.post("/v1/webhook-endpoints", {
    data: { merchantId, url: `${receiverUrl}?paused`, description: "Paused receiver" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await api.dispose();
  // The state the delivery worker writes after WEBHOOK_CIRCUIT_THRESHOLD timeouts in a row
  // (tests/integration/webhooks-circuit-breaker.test.ts drives it for real); the probe an hour away.
  await queryE2E(
    `UPDATE webhook_endpoints SET consecutive_stalls = 5, circuit_opened_at = now(), circuit_probe_at = now() + interval '1 hour'
     WHERE id = $1`,
    [id],
  );
  await signIn(USERS.viewer);
  await page.goto(`/webhooks?merchantId=${merchantId}`);
  const row = page.getByTestId("endpoint-row").filter({ hasText: "Paused receiver" });
  await expect(row.getByTestId("circuit-open")).toContainText("Paused: not answering", { timeout: 30_000 });
  await expect(row.getByTestId("circuit-open")).toContainText("after 5 timeouts in a row");
  await expect(row.getByTestId("circuit-open")).toContainText("Next probe");
  expect(await seriousViolations(page)).toEqual([]);
});
