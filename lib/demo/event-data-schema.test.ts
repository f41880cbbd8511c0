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

/** The event with the field at a dotted path ("cardData.bin") set to the value, the rest kept. */
function withField(event: Record<string, any>, path: string, value: unknown): Record<string, any> {
  const [head, ...rest] = path.split(".") as [string, ...string[]];
  const inner = event[head] !== null && typeof event[head] === "object" ? event[head] : {};
  return { ...event, [head]: rest.length > 0 ? withField(inner, rest.join("."), value) : value };
}

function issuesOf(data: unknown) {
  const result = eventDataSchema.safeParse(data);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ path: i.path.join("."), code: i.code, message: i.message }));
}

describe("eventDataSchema", () => {
  it("accepts the samples it is tested against", () => {
    for (const sample of [approvedCard(), debit(), pix()]) expect(eventDataSchema.safeParse(sample).success).toBe(true);
  });

  // Value combinations are no longer refused (a refused notification is a lost one): the worker
  // fails them with a reason (lib/events/data-problems.ts, tested in events-real-world.test.ts).
  it("accepts well-formed but implausible combinations, for the worker to fail", () => {
    const card = approvedCard();
    for (const sample of [
      { ...pix(), cardData: card.cardData },
      { ...pix(), productAid: "A0000000031010" },
      { ...card, cardData: null },
      { ...debit(), installments: 3, installmentInterest: false },
      { ...card, authorizationCode: null },
      { ...card, installments: null, installmentInterest: true },
      { ...card, cardData: { ...card.cardData, captureMethod: "magstripe" } },
    ]) {
      expect(eventDataSchema.safeParse(sample).success, JSON.stringify(sample)).toBe(true);
    }
  });

  it("takes installments from 0 to 99: 1 (or 0) is a single payment", () => {
    for (const installments of [0, 1, 12, 99]) {
      expect(eventDataSchema.safeParse({ ...approvedCard(), installments, installmentInterest: false }).success).toBe(true);
    }
    expect(issuesOf({ ...approvedCard(), installments: 100, installmentInterest: true }).map((i) => i.path)).toEqual([
      "installments",
    ]);
    expect(issuesOf({ ...approvedCard(), installments: 1.5, installmentInterest: true }).map((i) => i.path)).toEqual([
      "installments",
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

  // Each value set at its path (the rest of the event as generated) is refused under that path alone.
  it.each<[string, unknown]>([
    ["acquirerName", "adyen"],
    ["transactionType", "refund"],
    ["transactionStatus", "APPROVED"],
    ["paymentMethod", "boleto"],
    ["currency", "real"],
    ["currency", "98"],
    ["amount", -1],
    ["amount", 10.5],
    ["amount", "1000"],
    ["authorizationCode", "12 45"],
    ["authorizationCode", "1234567890123"],
    ["retrievalReferenceNumber", "RRN|1"],
    ["retrievalReferenceNumber", ""],
    ["productAid", "A00000000310101"],
    ["productAid", "A0000000"],
    ["acquirerResponseCode", "00000"],
    ["merchantTaxId", "11.222.333/0001"],
    ["acquirerTerminalIdentifier", "CL|0001"],
    ["metadata.orderId", { nested: true }],
    ["terminalData", "4g"],
    ["cardData.captureMethod", "swipe"],
    ["cardData.cardBrand", "<script>"],
    ["cardData.bin", "41111"],
    ["cardData.last4", "12a4"],
    ["terminalData.latitude", 91],
    ["terminalData.longitude", -180.5],
    ["terminalData.ipAddress", "10.0.0.256"],
    ["terminalData.simSerialNumber", "12345"],
  ])("refuses %s = %j under the field's own path", (path, value) => {
    expect(issuesOf(withField(approvedCard(), path, value)).map((i) => i.path)).toEqual([path]);
  });

  it("stores omitted nullable fields and metadata as null and {}", () => {
    const sent = pix();
    for (const key of ["installments", "installmentInterest", "productAid", "metadata"]) delete sent[key];
    const parsed = eventDataSchema.parse({ ...sent, terminalData: {} });
    expect(parsed.installments).toBeNull();
    expect(parsed.installmentInterest).toBeNull();
    expect(parsed.productAid).toBeNull();
    expect(parsed.metadata).toEqual({});
    expect(Object.values(parsed.terminalData ?? {})).toEqual([null, null, null, null, null, null, null]);
  });
});
