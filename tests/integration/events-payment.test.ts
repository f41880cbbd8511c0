// The whole payment: GET /v1/webhooks/events/{id} carries the events of the same
// payment (docs/api.md, "The whole payment") and its net state. Linked: the same acquirer, MID,
// TID and RRN, or the authorization code where one has no RRN. Never linked: another RRN, another
// card, more than 31 days apart, another merchant's event (for staff too). Another merchant's
// account reads none of it (404).
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getEvent } from "@/app/v1/webhooks/events/[id]/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import type { EventDataInput } from "@/lib/events/data-schema";
import { PAYMENT_EVENTS_SQL } from "@/lib/events/list/find-payment-events";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { setCreatedAt } from "../support/events";
import { merchantAccount } from "../support/tenants";

const staff = tokensOf("viewer", "ingest");

type Payment = { state: string; events: { id: string; transactionType: string; transactionStatus: string; createdAt: string }[] };

async function send(data: EventDataInput): Promise<string> {
  const res = await call(ingest, "/v1/webhooks/events", { token: staff.ingest, body: data });
  expect(res.status, res.text).toBe(202);
  return res.json.id as string;
}

async function paymentOf(id: string, token = staff.viewer): Promise<Payment> {
  const res = await call(getEvent, `/v1/webhooks/events/${id}`, { token, params: { id } });
  expect(res.status, res.text).toBe(200);
  return res.json.payment as Payment;
}

const code = () => randomBytes(3).toString("hex").toUpperCase();
const rrn = () => randomBytes(6).toString("hex").toUpperCase();

let merchant: Awaited<ReturnType<typeof insertCredential>>;
/** One payment's notifications on merchant's terminal, with its RRN, code and card. */
let base: (overrides: Partial<EventDataInput>) => EventDataInput;
const paymentRrn = rrn();
const paymentCode = code();
const ids: Record<"authorization" | "capture" | "voidByCode" | "otherRrn" | "otherCard" | "tooLate" | "foreign", string> =
  {} as never;

beforeAll(async () => {
  merchant = await insertCredential({ merchantName: "Payment merchant" });
  const card = cardEventData();
  base = (overrides) =>
    cardEventData({
      merchantId: merchant.merchantId,
      acquirerMerchantIdentifier: merchant.mid,
      acquirerTerminalIdentifier: merchant.tid,
      retrievalReferenceNumber: paymentRrn,
      authorizationCode: paymentCode,
      amount: 12_345,
      cardData: card.cardData,
      ...overrides,
    });
  ids.authorization = await send(base({ transactionType: "authorization" }));
  ids.capture = await send(base({ transactionType: "capture" }));
  // A void naming only the authorization code.
  ids.voidByCode = await send(base({ transactionType: "void", retrievalReferenceNumber: null }));
  // Another payment with the same code but its own RRN (codes repeat): not linked.
  ids.otherRrn = await send(base({ retrievalReferenceNumber: rrn() }));
  // The same NSU on another card (NSUs repeat): not linked.
  const other = cardEventData();
  ids.otherCard = await send(
    base({ cardData: { ...other.cardData!, last4: other.cardData!.last4 === "1234" ? "4321" : "1234" } }),
  );
  // The same notification keys 40 days later: another payment.
  ids.tooLate = await send(base({ transactionType: "reversal", amount: 999 }));
  await setCreatedAt([ids.tooLate], () => new Date(Date.now() + 40 * 86_400_000));
  // Another merchant's event with the same acquirer, MID, TID, RRN, code and card (an event that
  // named that merchant before this credential existed): never linked, for staff either.
  const foreignOwner = await insertCredential({ merchantName: "Other merchant" });
  ids.foreign = await send(base({ transactionType: "reversal", amount: 1 }));
  await db().$executeRaw`UPDATE events SET owner_merchant_id = ${foreignOwner.merchantId} WHERE id = ${ids.foreign}`;
});

describe("the whole payment", () => {
  it("links the authorization, its capture and a void by code, in order, with the net state", async () => {
    const payment = await paymentOf(ids.capture);
    expect(payment.events.map((e) => [e.id, e.transactionType, e.transactionStatus])).toEqual([
      [ids.authorization, "authorization", "approved"],
      [ids.capture, "capture", "approved"],
      [ids.voidByCode, "void", "approved"],
    ]);
    expect(payment.state).toBe("voided");
    const times = payment.events.map((e) => e.createdAt);
    expect([...times].sort()).toEqual(times);
    // The void names no RRN: it reaches the capture through the authorization's code (and, having
    // no RRN, cannot tell the other payment with its code apart: docs/api.md).
    expect((await paymentOf(ids.voidByCode)).events.map((e) => e.id)).toEqual(
      expect.arrayContaining([ids.authorization, ids.capture, ids.voidByCode]),
    );
  });

  it("never links another RRN, another card, an event 40 days away or another merchant's event", async () => {
    const linked = (await paymentOf(ids.authorization)).events.map((e) => e.id);
    for (const id of [ids.otherRrn, ids.otherCard, ids.tooLate, ids.foreign]) expect(linked).not.toContain(id);
    for (const id of [ids.otherCard, ids.tooLate]) expect((await paymentOf(id)).events.map((e) => e.id)).toEqual([id]);
    const otherPayment = await paymentOf(ids.otherRrn);
    expect(otherPayment.events.map((e) => e.id)).not.toContain(ids.authorization);
    expect(otherPayment.events.map((e) => e.id)).not.toContain(ids.capture);
  });

  it("answers another merchant's account 404, and its own event without this merchant's events", async () => {
    const owner = await merchantAccount(merchant.merchantId);
    expect((await paymentOf(ids.capture, owner.token)).events).toHaveLength(3);
    const foreignOwnerId = (await db().event.findFirstOrThrow({ where: { id: ids.foreign } })).ownerMerchantId!;
    const stranger = await merchantAccount(foreignOwnerId);
    const refused = await call(getEvent, `/v1/webhooks/events/${ids.capture}`, {
      token: stranger.token,
      params: { id: ids.capture },
    });
    expect(refused.status).toBe(404);
    const own = await paymentOf(ids.foreign, stranger.token);
    expect(own.events.map((e) => e.id)).toEqual([ids.foreign]);
    expect(JSON.stringify(own)).not.toContain(ids.authorization);
  });

  it("reads through an index, pruned to the months of its window", async () => {
    const now = Date.now();
    const window = [new Date(now - 31 * 86_400_000), new Date(now + 31 * 86_400_000)];
    // A test database is a few pages, where a sequential scan is cheapest: with it priced out, the
    // plan shows which index serves the statement (at 1M events the planner picks it unasked,
    // docs/api.md, "The whole payment").
    const rows = await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN ${PAYMENT_EVENTS_SQL}`,
        "cielo",
        merchant.mid,
        merchant.tid,
        merchant.merchantId,
        "credit_card",
        ...window,
        "1234",
        [paymentRrn.toUpperCase()],
        [paymentCode.toUpperCase()],
      );
    });
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toMatch(/Index Scan|Bitmap Index Scan/);
    // Months outside the window are not read (the partitions made ahead and the one moved into).
    const partitions = new Set(plan.match(/on events_p\d{4}_\d{2}/g));
    expect(partitions.size).toBeLessThanOrEqual(3);
  });
});
