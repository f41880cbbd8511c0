// eventDataSchema (lib/events/data-schema.ts) against mutations of generated demo events: every
// rule refuses what it should, and names the field at fault.
import { describe, expect, it } from "vitest";
import { generateDemoNetwork } from "@/lib/demo/demo-network";
import { generateDemoEvents } from "@/lib/demo/generate-events";
import { type EventData, eventDataSchema } from "@/lib/events/data-schema";

const NOW = Date.parse("2026-11-22T12:00:00Z");
let counter = 0;
const idAt = () => `d0000000000000${String(counter++).padStart(6, "0")}`;

function sampleEvents(): EventData[] {
  const network = generateDemoNetwork({ seed: 7, merchants: 20, now: NOW, idAt });
  return [...generateDemoEvents(network, { seed: 7, count: 3_000, now: NOW, idAt })].flat().map((e) => e.data);
}

const events = sampleEvents();
const find = (predicate: (d: EventData) => boolean) => {
  const found = events.find(predicate);
  if (!found) throw new Error("no such sample event");
  return structuredClone(found) as Record<string, any>;
};
const approvedCard = () =>
  find((d) => d.paymentMethod === "credit_card" && d.transactionStatus === "approved" && d.productAid !== null);
const debit = () => find((d) => d.paymentMethod === "debit_card");
const pix = () => find((d) => d.paymentMethod === "pix");

function issuesOf(data: unknown) {
  const result = eventDataSchema.safeParse(data);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ path: i.path.join("."), code: i.code, message: i.message }));
}

describe("eventDataSchema", () => {
  it("accepts the samples it is tested against", () => {
    for (const sample of [approvedCard(), debit(), pix()]) expect(eventDataSchema.safeParse(sample).success).toBe(true);
  });

  it("refuses card data and an AID on pix", () => {
    expect(issuesOf({ ...pix(), cardData: approvedCard().cardData })).toContainEqual(
      expect.objectContaining({ path: "cardData", message: "must be null for pix" }),
    );
    expect(issuesOf({ ...pix(), productAid: "A0000000031010" })).toContainEqual(expect.objectContaining({ path: "productAid" }));
  });

  it("requires card data on card payments", () => {
    expect(issuesOf({ ...approvedCard(), cardData: null })).toContainEqual(
      expect.objectContaining({ path: "cardData", message: "is required for card payments" }),
    );
    const { cardData: _omitted, ...withoutCard } = debit();
    expect(issuesOf(withoutCard).map((i) => i.path)).toEqual(["cardData"]);
  });

  it("allows installments on credit only, and interest only with installments", () => {
    expect(issuesOf({ ...debit(), installments: 3, installmentInterest: false }).map((i) => i.path)).toEqual(["installments"]);
    expect(issuesOf({ ...pix(), installments: 2, installmentInterest: null }).map((i) => i.path)).toEqual(["installments"]);
    expect(issuesOf({ ...approvedCard(), installments: null, installmentInterest: true }).map((i) => i.path)).toEqual([
      "installmentInterest",
    ]);
    expect(issuesOf({ ...approvedCard(), installments: 1, installmentInterest: false }).map((i) => i.path)).toEqual([
      "installments",
    ]);
    expect(issuesOf({ ...approvedCard(), installments: 25, installmentInterest: true }).map((i) => i.path)).toEqual([
      "installments",
    ]);
    expect(eventDataSchema.safeParse({ ...approvedCard(), installments: 24, installmentInterest: true }).success).toBe(true);
  });

  it("requires an authorization code on approved transactions, and accepts none on denied ones", () => {
    expect(issuesOf({ ...approvedCard(), authorizationCode: null })).toContainEqual(
      expect.objectContaining({ path: "authorizationCode", code: "custom" }),
    );
    const denied = { ...approvedCard(), transactionStatus: "denied", authorizationCode: null, acquirerResponseCode: "51" };
    expect(eventDataSchema.safeParse(denied).success).toBe(true);
  });

  it("refuses an AID on magstripe and keyed cards", () => {
    const card = approvedCard();
    expect(issuesOf({ ...card, cardData: { ...card.cardData, captureMethod: "magstripe" } }).map((i) => i.path)).toEqual([
      "productAid",
    ]);
  });

  it("names unknown keys, at the top and inside cardData and terminalData", () => {
    const card = approvedCard();
    const issues = issuesOf({
      ...card,
      surcharge: 10,
      cardData: { ...card.cardData, pan: "4111111111111111" },
      terminalData: { ...card.terminalData, battery: 80 },
    });
    expect(issues).toContainEqual(expect.objectContaining({ path: "", code: "unrecognized_keys" }));
    expect(issues).toContainEqual(expect.objectContaining({ path: "cardData", code: "unrecognized_keys" }));
    expect(issues).toContainEqual(expect.objectContaining({ path: "terminalData", code: "unrecognized_keys" }));
  });

  it("checks each field's type and format, under the field's own path", () => {
    const card = approvedCard();
    const cases: [string, Record<string, unknown>][] = [
      ["acquirerName", { acquirerName: "adyen" }],
      ["transactionType", { transactionType: "refund" }],
      ["transactionStatus", { transactionStatus: "APPROVED" }],
      ["paymentMethod", { paymentMethod: "boleto" }],
      ["currency", { currency: "brl" }],
      ["amount", { amount: -1 }],
      ["amount", { amount: 10.5 }],
      ["amount", { amount: "1000" }],
      ["authorizationCode", { authorizationCode: "12345" }],
      ["retrievalReferenceNumber", { retrievalReferenceNumber: "12345678901" }],
      ["productAid", { productAid: "A00000000310101" }],
      ["productAid", { productAid: "A0000000" }],
      ["acquirerResponseCode", { acquirerResponseCode: "000" }],
      ["merchantTaxId", { merchantTaxId: "11.222.333/0001-81" }],
      ["acquirerTerminalIdentifier", { acquirerTerminalIdentifier: "CL|0001" }],
      ["metadata.orderId", { metadata: { orderId: { nested: true } } }],
      ["cardData.captureMethod", { cardData: { ...card.cardData, captureMethod: "swipe" } }],
      ["cardData.cardBrand", { cardData: { ...card.cardData, cardBrand: "Visa" } }],
      ["cardData.bin", { cardData: { ...card.cardData, bin: "41111" } }],
      ["cardData.last4", { cardData: { ...card.cardData, last4: "12a4" } }],
      ["terminalData.latitude", { terminalData: { ...card.terminalData, latitude: 91 } }],
      ["terminalData.longitude", { terminalData: { ...card.terminalData, longitude: -180.5 } }],
      ["terminalData.ipAddress", { terminalData: { ...card.terminalData, ipAddress: "10.0.0.256" } }],
      ["terminalData.simSerialNumber", { terminalData: { ...card.terminalData, simSerialNumber: "12345" } }],
    ];
    for (const [path, change] of cases) {
      expect(
        issuesOf({ ...card, ...change }).map((i) => i.path),
        JSON.stringify(change),
      ).toEqual([path]);
    }
  });

  it("stores omitted nullable fields and metadata as null and {}", () => {
    const sent = pix();
    for (const key of ["installments", "installmentInterest", "productAid", "metadata"]) delete sent[key];
    const parsed = eventDataSchema.parse({ ...sent, terminalData: {} });
    expect(parsed.installments).toBeNull();
    expect(parsed.installmentInterest).toBeNull();
    expect(parsed.productAid).toBeNull();
    expect(parsed.metadata).toEqual({});
    expect(Object.values(parsed.terminalData)).toEqual([null, null, null, null, null, null, null]);
  });
});
