// The event types an endpoint can receive: GET /v1/event-types publishes them (every role, with
// each payload's JSON Schema), and endpoint writes refuse any other name. A misspelt type
// (paymnet.completed) or an invented one (payment.failed, which the edit dialog once gave as its
// example) used to save, and the endpoint then silently received nothing. Endpoints stored with
// such names before keep working: they are read, listed and changed as before.
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { GET as listEventTypes } from "@/app/v1/event-types/route";
import { GET as getEndpoint, PATCH as patchEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { alertMessage } from "@/lib/alerts/alert-outbox";
import { openAlert } from "@/lib/alerts/alert-transitions";
import { db } from "@/lib/db/client";
import { testClock } from "../support/alert-history";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { merchantAccount } from "../support/tenants";

const tokens = tokensOf("admin", "operator", "viewer", "ingest");
const URL_BASE = "https://hooks.example.com/event-types";

type EventType = { name: string; description: string; schema: Record<string, unknown> };

async function catalogue(token: string): Promise<EventType[]> {
  const res = await call(listEventTypes, "/v1/event-types", { token });
  expect(res.status).toBe(200);
  return (res.json as { data: EventType[] }).data;
}

function validatorOf(schema: Record<string, unknown>) {
  // zod writes a pattern beside each format (as the OpenAPI validator relies on): no format checker needed.
  const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { "date-time": true, ipv4: true, ipv6: true } });
  return ajv.compile(schema);
}

describe("GET /v1/event-types", () => {
  it("lists payment.completed and the alert types, with descriptions, to every role and to merchant accounts", async () => {
    const m = await insertCredential();
    const merchant = await merchantAccount(m.merchantId);
    for (const token of [...Object.values(tokens), merchant.token]) {
      const types = await catalogue(token);
      expect(types.map((t) => t.name)).toEqual(["payment.completed", "alert.opened", "alert.resolved"]);
      for (const type of types) {
        expect(type.description.length).toBeGreaterThan(20);
        expect(type.schema).toMatchObject({ type: "object", properties: { type: { const: type.name } } });
      }
    }
    const unauthenticated = await call(listEventTypes, "/v1/event-types");
    expect(unauthenticated.status).toBe(401);
  });

  it("publishes schemas that the bodies actually delivered satisfy", async () => {
    const types = Object.fromEntries((await catalogue(tokens.viewer)).map((t) => [t.name, t.schema]));
    const m = await insertCredential();
    const ingested = await call(ingest, "/v1/webhooks/events", {
      token: tokens.ingest,
      body: cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
    });
    expect(ingested.json.status).toBe("processed");
    const eventId = ingested.json.id as string;
    // The delivery's body is the event's stored JSON (claim-deliveries.ts reads events.body).
    const [row] = await db().$queryRaw<{ body: string }[]>`SELECT body::text AS body FROM events WHERE id = ${eventId}`;
    const body = row!.body;
    const payment = validatorOf(types["payment.completed"]!);
    expect(payment(JSON.parse(body)), JSON.stringify(payment.errors)).toBe(true);
    // Not any object passes: another type's body does not.
    expect(payment({ ...JSON.parse(body), type: "alert.opened" })).toBe(false);

    const at = testClock(0);
    const alert = await openAlert(
      { kind: "silence", subjectType: "merchant", subjectId: m.merchantId, reason: "", merchantId: m.merchantId, details: {} },
      at,
    );
    const opened = validatorOf(types["alert.opened"]!);
    expect(opened(JSON.parse(alertMessage("alert.opened", alert!, at))), JSON.stringify(opened.errors)).toBe(true);
    const resolved = validatorOf(types["alert.resolved"]!);
    expect(resolved(JSON.parse(alertMessage("alert.resolved", alert!, at)))).toBe(true);
    expect(resolved(JSON.parse(alertMessage("alert.opened", alert!, at)))).toBe(false);
  });
});

describe("an endpoint's eventTypes", () => {
  const create = (body: Record<string, unknown>) =>
    call(createEndpoint, "/v1/webhook-endpoints", { token: tokens.operator, body });
  const patch = (id: string, body: Record<string, unknown>) =>
    call(patchEndpoint, `/v1/webhook-endpoints/${id}`, { method: "PATCH", token: tokens.operator, params: { id }, body });

  it("refuses names that are no event type, naming the field and every unknown one", async () => {
    const m = await insertCredential();
    const refused = await create({
      merchantId: m.merchantId,
      url: `${URL_BASE}/create`,
      eventTypes: ["payment.completed", "paymnet.completed", "payment.failed"],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      { field: "eventTypes", message: expect.stringContaining("paymnet.completed, payment.failed") },
    ]);
    expect(await db().webhookEndpoint.count({ where: { merchantId: m.merchantId } })).toBe(0);

    const created = await create({ merchantId: m.merchantId, url: `${URL_BASE}/ok`, eventTypes: ["payment.completed"] });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const patched = await patch(id, { eventTypes: ["alert.opened", "payment.failed"] });
    expect(patched.status).toBe(400);
    expect(patched.json.errors).toEqual([{ field: "eventTypes", message: expect.stringContaining("payment.failed") }]);
    expect(patched.json.errors[0].message).not.toContain("alert.opened");

    const changed = await patch(id, { eventTypes: ["payment.completed", "alert.opened", "alert.resolved"] });
    expect(changed.status).toBe(200);
    expect(changed.json.eventTypes).toEqual(["payment.completed", "alert.opened", "alert.resolved"]);
  });

  it("keeps an endpoint stored with an unknown type readable and changeable (no migration refuses it)", async () => {
    const m = await insertCredential();
    const created = await create({ merchantId: m.merchantId, url: `${URL_BASE}/old` });
    const id = created.json.id as string;
    // As written before the check existed.
    await db().webhookEndpoint.update({ where: { id }, data: { eventTypes: ["payment.failed"] } });
    const read = await call(getEndpoint, `/v1/webhook-endpoints/${id}`, { token: tokens.viewer, params: { id } });
    expect(read.status).toBe(200);
    expect(read.json.eventTypes).toEqual(["payment.failed"]);
    const described = await patch(id, { description: "still here" });
    expect(described.status).toBe(200);
    expect(described.json.eventTypes).toEqual(["payment.failed"]);
  });
});
