// POST /v1/webhooks/events/batch: up to 100 notifications, each answered in order;
// one bad item never refuses the others; the same batch again is all duplicates; each stored
// item is decided on arrival, by the worker's rule, with its attempt and outbox.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/v1/webhooks/events/[id]/route";
import { POST as batch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import { call, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { insertWebhookEndpoint } from "../support/webhook-endpoint-row";

let ingester: string;
let ingesterName: string;
let viewer: string;
beforeAll(async () => {
  const ingest = await userWithTokens("ingest");
  ingester = ingest.accessToken;
  ingesterName = ingest.username;
  viewer = (await userWithTokens("viewer")).accessToken;
});

const post = (body: unknown, token = ingester) => call(batch, "/v1/webhooks/events/batch", { body, token });

describe("POST /v1/webhooks/events/batch", () => {
  it("answers each item in order: created, duplicate, invalid; one bad item refuses nothing else", async () => {
    const a = cardEventData();
    const b = cardEventData();
    const items = [a, { ...b, amount: -1, surprise: true }, b, a, { ...cardEventData(), terminalSerialNumber: "SN\u0000X" }];
    const res = await post({ events: items });
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({ created: 2, duplicate: 1, invalid: 2 });
    const [first, bad, second, repeat, nul] = res.json.data;
    // Decided on arrival: no credential holds these random accounts.
    expect(first).toMatchObject({ index: 0, result: "created", status: "failed", errors: [] });
    expect(bad).toMatchObject({ index: 1, result: "invalid", id: null, status: null });
    expect(bad.errors.map((e: { field: string }) => e.field).sort()).toEqual(["events.1.amount", "events.1.surprise"]);
    expect(second).toMatchObject({ index: 2, result: "created" });
    expect(repeat).toMatchObject({ index: 3, result: "duplicate", id: first.id });
    expect(nul).toMatchObject({
      result: "invalid",
      errors: [{ field: "events.4.terminalSerialNumber", message: expect.any(String) }],
    });

    const stored = await call(getOne, `/v1/webhooks/events/${second.id}`, { token: viewer, params: { id: second.id } });
    expect(stored.json.data.amount).toBe(b.amount);
  });

  it("is idempotent: the same batch again answers every item as a duplicate with the same ids", async () => {
    const items = Array.from({ length: 100 }, () => cardEventData());
    const first = await post({ events: items });
    expect(first.json.summary).toEqual({ created: 100, duplicate: 0, invalid: 0 });
    const again = await post({ events: items });
    expect(again.json.summary).toEqual({ created: 0, duplicate: 100, invalid: 0 });
    expect(again.json.data.map((r: { id: string }) => r.id)).toEqual(first.json.data.map((r: { id: string }) => r.id));
    expect(new Set(again.json.data.map((r: { status: string }) => r.status))).toEqual(new Set(["failed"]));
  });

  it("decides each stored item as it stores it: the worker's rule, one attempt each, the outbox", async () => {
    const enabled = await insertCredential();
    const disabled = await insertCredential({ enabled: false });
    const endpointId = await insertWebhookEndpoint(enabled.merchantId);
    const of = (c: { mid: string; tid: string }) => ({ acquirerMerchantIdentifier: c.mid, acquirerTerminalIdentifier: c.tid });
    const res = await post({
      events: [
        cardEventData(of(enabled)),
        cardEventData(of(disabled)),
        cardEventData(),
        cardEventData({ ...of(enabled), cardData: null }),
      ],
    });
    expect(res.status).toBe(200);
    const ids = res.json.data.map((r: { id: string }) => r.id) as string[];
    expect(res.json.data.map((r: { status: string }) => r.status)).toEqual(["processed", "failed", "failed", "failed"]);

    const stored = await db().event.findMany({ where: { id: { in: ids } }, include: { attempts: true } });
    const byId = new Map(stored.map((e) => [e.id, e]));
    expect(ids.map((id) => byId.get(id)?.failureReason ?? null)).toEqual([
      null,
      "credential_disabled",
      "no_matching_credential",
      "missing_card_data",
    ]);
    for (const id of ids) {
      const event = byId.get(id)!;
      expect(event.attemptCount).toBe(1);
      expect(event.attempts).toHaveLength(1);
      expect(event.attempts[0]).toMatchObject({ outcome: event.status, trigger: `ingest:${ingesterName}` });
    }
    expect(byId.get(ids[0]!)!.attempts[0]!.credentialId).toBe(enabled.id);
    const deliveries = await db().webhookDelivery.findMany({ where: { eventId: { in: ids } } });
    expect(deliveries.map((d) => [d.eventId, d.endpointId, d.status])).toEqual([[ids[0], endpointId, "pending"]]);
  });

  it("refuses an envelope that is not 1 to 100 notifications, and other roles", async () => {
    for (const body of [
      { events: [] },
      { events: Array.from({ length: 101 }, () => ({})) },
      { events: "x" },
      [],
      { items: [] },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await post({ events: [cardEventData()] }, viewer)).status).toBe(403);
  });

  it("takes a full batch of 100 large notifications (over the single form's 64 KiB)", async () => {
    const items = Array.from({ length: 100 }, () =>
      cardEventData({ metadata: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, "v".repeat(100)])) }),
    );
    const text = JSON.stringify({ events: items });
    expect(text.length).toBeGreaterThan(64 * 1024);
    const res = await call(batch, "/v1/webhooks/events/batch", {
      rawBody: text,
      headers: { "content-type": "application/json" },
      token: ingester,
    });
    expect(res.status).toBe(200);
    expect(res.json.summary.created).toBe(100);
  });
});
