import { describe, expect, it } from "vitest";
import { POST as retry } from "@/app/v1/webhooks/events/[id]/retry/route";
import { GET as getOne } from "@/app/v1/webhooks/events/[id]/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { processPendingEvents } from "@/lib/events/process/process-events";
import { call, tokensOf, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { insertPendingEvents } from "../support/events";

const tokens = tokensOf("ingest", "operator", "viewer");

async function drainQueue() {
  while ((await processPendingEvents()).length > 0) {}
}

const credentialFor = (acquirer: string, mid: string, tid: string, enabled = true) =>
  insertCredential({ acquirer, mid, tid, enabled });

describe("POST /v1/webhooks/events", () => {
  it("stores and decides a notification on arrival and answers 202 with the event", async () => {
    const data = cardEventData();
    const res = await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body: data });
    expect(res.status).toBe(202);
    expect(res.headers.get("location")).toBe(`/v1/webhooks/events/${res.json.id}`);
    // No credential holds its MID: failed at once, never pending (docs/api.md, "Ingestion").
    expect(res.json).toMatchObject({ type: "payment.completed", status: "failed" });
    expect(res.json.id).toMatch(/^[0-9a-v]{20}$/);
    expect(res.json.data).toMatchObject({ amount: data.amount, acquirerName: "cielo", metadata: data.metadata });
  });

  it("returns the existing event for the same notification sent again", async () => {
    const data = cardEventData();
    const first = await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body: data });
    const again = await call(ingest, "/v1/webhooks/events", {
      token: tokens.ingest,
      body: { ...data, metadata: { resent: true } },
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ id: first.json.id, status: first.json.status });
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(ingest, "/v1/webhooks/events", {
          token: tokens.ingest,
          body: cardEventData({ ...data, retrievalReferenceNumber: "RRNSAME00001", acquirerTerminalIdentifier: "TIDCONC1" }),
        }),
      ),
    );
    expect(new Set(concurrent.map((r) => r.json.id)).size).toBe(1);
    expect(concurrent.filter((r) => r.status === 202)).toHaveLength(1);
  });

  it("validates the Data object, naming each bad field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ paymentMethod: "pix", cardData: "none" }, "cardData"],
      [{ installments: "3" }, "installments"],
      [{ amount: -5 }, "amount"],
      [{ amount: 10.5 }, "amount"],
      [{ currency: "real" }, "currency"],
      [{ transactionType: "refund" }, "transactionType"],
      [{ surprise: 1 }, "surprise"],
    ];
    for (const [override, field] of cases) {
      const res = await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body: { ...cardEventData(), ...override } });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const { terminalId: _omitted, ...missing } = cardEventData();
    const res = await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body: missing });
    expect(res.json.errors.map((e: { field: string }) => e.field)).toContain("terminalId");
  });

  it("is for ingest and admin tokens only", async () => {
    expect((await call(ingest, "/v1/webhooks/events", { token: tokens.viewer, body: cardEventData() })).status).toBe(403);
    expect((await call(ingest, "/v1/webhooks/events", { token: tokens.operator, body: cardEventData() })).status).toBe(403);
    const admin = (await userWithTokens("admin")).accessToken;
    expect((await call(ingest, "/v1/webhooks/events", { token: admin, body: cardEventData() })).status).toBe(202);
  });
});

describe("processing, detail and retry", () => {
  it("processes an event that an enabled credential matches, and fails the others with a reason", async () => {
    const matched = cardEventData({ acquirerName: "rede" });
    await credentialFor("rede", matched.acquirerMerchantIdentifier as string, matched.acquirerTerminalIdentifier as string);
    const disabled = cardEventData({ acquirerName: "stone" });
    await credentialFor(
      "stone",
      disabled.acquirerMerchantIdentifier as string,
      disabled.acquirerTerminalIdentifier as string,
      false,
    );
    const unknown = cardEventData();
    const ids: string[] = [];
    for (const body of [matched, disabled, unknown])
      ids.push((await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body })).json.id);
    await drainQueue();

    const [a, b, c] = await Promise.all(
      ids.map((id) => call(getOne, `/v1/webhooks/events/${id}`, { token: tokens.viewer, params: { id } })),
    );
    expect(a!.json).toMatchObject({ status: "processed", failureReason: null, attemptCount: 1 });
    expect(a!.json.attempts[0]).toMatchObject({ outcome: "processed", trigger: expect.stringMatching(/^ingest:ingest-/) });
    expect(b!.json).toMatchObject({ status: "failed", failureReason: "credential_disabled" });
    expect(c!.json).toMatchObject({ status: "failed", failureReason: "no_matching_credential", attemptCount: 1 });
  });

  it("processes a failed event again on retry once its credential exists", async () => {
    const data = cardEventData({ acquirerName: "getnet" });
    const { id } = (await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body: data })).json;
    await drainQueue();
    expect((await call(getOne, `/v1/webhooks/events/${id}`, { token: tokens.viewer, params: { id } })).json.status).toBe(
      "failed",
    );

    expect(
      (await call(retry, `/v1/webhooks/events/${id}/retry`, { method: "POST", token: tokens.viewer, params: { id } })).status,
    ).toBe(403);
    await credentialFor("getnet", data.acquirerMerchantIdentifier as string, data.acquirerTerminalIdentifier as string);
    const res = await call(retry, `/v1/webhooks/events/${id}/retry`, { method: "POST", token: tokens.operator, params: { id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "processed", failureReason: null, attemptCount: 2 });
    expect(res.json.attempts.map((x: { outcome: string }) => x.outcome)).toEqual(["failed", "processed"]);
    expect(res.json.attempts[1].trigger).toMatch(/^retry:operator-/);

    const again = await call(retry, `/v1/webhooks/events/${id}/retry`, {
      method: "POST",
      token: tokens.operator,
      params: { id },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("event_not_failed");
    // Audited: who retried, and what became of the event.
    const entry = await db().auditLogEntry.findFirstOrThrow({ where: { action: "event.retry", targetId: id } });
    expect(entry.actorUsername).toMatch(/^operator-/);
    expect(entry.before).toEqual({ status: "failed", failureReason: "no_matching_credential" });
    expect(entry.after).toEqual({ status: "processed", failureReason: null });
    expect(await db().auditLogEntry.count({ where: { action: "event.retry", targetId: id } })).toBe(1);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["0000000000000000000a", "not-an-id"]) {
      const res = await call(getOne, `/v1/webhooks/events/${id}`, { token: tokens.viewer, params: { id } });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
  });

  it("never processes an event twice when workers run concurrently", async () => {
    const ids = await insertPendingEvents(60);
    await Promise.all([drainQueue(), drainQueue(), drainQueue()]);
    const attempts = await db().eventAttempt.groupBy({ by: ["eventId"], where: { eventId: { in: ids } }, _count: true });
    expect(attempts).toHaveLength(60);
    for (const a of attempts) expect(a._count).toBe(1);
  });
});
