// GET /metrics: the token gate (401 without or with a wrong token, 200 with
// METRICS_TOKEN) and what the registry says after real work: notifications received and decided
// by acquirer, status and failure reason, delivery attempts and latency, HTTP durations by route
// pattern, the queue gauges; never an id as a label value. The 404 while METRICS_TOKEN is unset:
// metrics-off.test.ts (the configuration is read once per process).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/metrics/route";
import { GET as getOne } from "@/app/v1/webhooks/events/[id]/route";
import { POST as batch } from "@/app/v1/webhooks/events/batch/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { recordAttempt } from "@/lib/webhooks/delivery/record-attempt";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { insertPendingEvents } from "../support/events";
import { runOnOwnDatabase } from "../support/own-database";
import { insertWebhookEndpoint } from "../support/webhook-endpoint-row";

// The queue gauges read the whole database: other files' rows would race them.
runOnOwnDatabase("pic_metrics");

const TOKEN = randomBytes(24).toString("base64url");
process.env.METRICS_TOKEN = TOKEN;

const scrape = async (authorization?: string) => {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const response = await metricsRoute(new Request("http://localhost/metrics", { headers }), { params: Promise.resolve({}) });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

/** The value of one sample (name and exact label text), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const tokens = tokensOf("ingest", "viewer");

describe("GET /metrics", () => {
  it("answers 401 without the token or with a wrong one, and the text format with it", async () => {
    expect((await scrape()).status).toBe(401);
    const wrong = await scrape(`Bearer ${TOKEN.slice(0, -1)}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    expect(wrong.text).not.toContain(TOKEN);
    const right = await scrape(`Bearer ${TOKEN}`);
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.text).toContain("# TYPE pic_events_received_total counter");
    expect(right.text).toContain("# TYPE pic_http_request_duration_seconds histogram");
  });

  it("counts notifications received and decided by bounded labels, and delivery attempts with their latency", async () => {
    const credential = await insertCredential({ acquirer: "rede" });
    const endpointId = await insertWebhookEndpoint(credential.merchantId);
    const before = (await scrape(`Bearer ${TOKEN}`)).text;
    const matching = {
      acquirerName: "rede" as const,
      acquirerMerchantIdentifier: credential.mid,
      acquirerTerminalIdentifier: credential.tid,
    };
    const strangeAcquirer = `evil-${newId()}`;
    const res = await call(batch, "/v1/webhooks/events/batch", {
      token: tokens.ingest,
      body: {
        events: [
          cardEventData(matching),
          cardEventData({ acquirerName: "rede" }),
          cardEventData({ ...matching, cardData: null }),
          { ...cardEventData(), acquirerName: strangeAcquirer },
        ],
      },
    });
    expect(res.json.summary).toEqual({ created: 3, duplicate: 0, invalid: 1 });
    const [processed] = res.json.data as { id: string }[];

    // One failed attempt (a timeout), then the delivering one.
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { eventId: processed!.id } });
    const claim = { id: delivery.id, endpointId, eventCreatedAt: delivery.eventCreatedAt, attemptCount: delivery.attemptCount };
    const base = { statusCode: null, responseBody: null, durationMs: 3, startedAt: new Date() };
    await recordAttempt(claim, { ...base, ok: false, errorClass: "timeout" });
    await recordAttempt(claim, { ...base, ok: true, statusCode: 204, errorClass: null });
    await call(getOne, `/v1/webhooks/events/${processed!.id}`, { token: tokens.viewer, params: { id: processed!.id } });

    const after = (await scrape(`Bearer ${TOKEN}`)).text;
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('pic_events_received_total{acquirer="rede",result="created"}')).toBe(3);
    expect(delta('pic_events_received_total{acquirer="other",result="invalid"}')).toBe(1);
    expect(delta('pic_events_decided_total{acquirer="rede",status="processed",failure_reason="none"}')).toBe(1);
    expect(delta('pic_events_decided_total{acquirer="rede",status="failed",failure_reason="no_matching_credential"}')).toBe(1);
    expect(delta('pic_events_decided_total{acquirer="rede",status="failed",failure_reason="missing_card_data"}')).toBe(1);
    expect(delta('pic_webhook_delivery_attempts_total{outcome="failed",error_class="timeout"}')).toBe(1);
    expect(delta('pic_webhook_delivery_attempts_total{outcome="succeeded",error_class="none"}')).toBe(1);
    expect(delta("pic_webhook_delivery_latency_seconds_count")).toBe(1);
    expect(delta('pic_http_request_duration_seconds_count{method="GET",route="/v1/webhooks/events/{id}",status="200"}')).toBe(1);
    expect(delta('pic_http_request_duration_seconds_count{method="POST",route="/v1/webhooks/events/batch",status="200"}')).toBe(
      1,
    );
    // No id, MID or strange acquirer as a label value.
    for (const value of [processed!.id, strangeAcquirer, credential.mid, credential.merchantId, endpointId, delivery.id]) {
      expect(after).not.toContain(value);
    }
  });

  it("counts the single POST and reads the queues and endpoints at scrape time", async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).text;
    const data = cardEventData({ acquirerName: "stone" });
    expect((await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body: data })).status).toBe(202);
    expect((await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body: data })).status).toBe(200);
    // Decided on arrival (no stone credential), and left pending by a load (no worker runs here).
    await insertPendingEvents(2);
    const text = (await scrape(`Bearer ${TOKEN}`)).text;
    const delta = (series: string) => sample(text, series) - sample(before, series);
    expect(delta('pic_events_received_total{acquirer="stone",result="created"}')).toBe(1);
    expect(delta('pic_events_received_total{acquirer="stone",result="duplicate"}')).toBe(1);
    expect(delta('pic_events_decided_total{acquirer="stone",status="failed",failure_reason="no_matching_credential"}')).toBe(1);
    const pending = await db().event.count({ where: { status: "pending" } });
    expect(pending).toBeGreaterThan(0);
    expect(sample(text, "pic_events_pending")).toBe(pending);
    expect(sample(text, "pic_events_pending_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
    const enabled = await db().webhookEndpoint.count({ where: { enabled: true, circuitOpenedAt: null } });
    expect(sample(text, 'pic_webhook_endpoints{state="enabled"}')).toBe(enabled);
    expect(sample(text, "pic_webhook_deliveries_pending")).toBe(
      await db().webhookDelivery.count({ where: { status: "pending" } }),
    );
    expect(text).toMatch(/^pic_metrics_database_query_seconds \d/m);
  });
});
