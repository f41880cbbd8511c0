// Never refuse a real notification: the shapes the six acquirers really send are
// accepted and stored as sent; a well-formed but implausible combination is stored and failed by
// the worker with a reason; a void or reversal of a stored transaction is its own event (once lost as a duplicate).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/v1/webhooks/events/[id]/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import type { EventDataInput } from "@/lib/events/data-schema";
import { processPendingEvents } from "@/lib/events/process/process-events";
import { call, userWithTokens } from "../support/api";
import { cardEventData, pixEventData } from "../support/event-data";

let ingester: string;
let viewer: string;

beforeAll(async () => {
  ingester = (await userWithTokens("ingest")).accessToken;
  viewer = (await userWithTokens("viewer")).accessToken;
});

async function post(body: unknown) {
  return call(ingest, "/v1/webhooks/events", { token: ingester, body });
}

async function processedState(id: string) {
  while ((await processPendingEvents()).length > 0) {}
  return (await call(getOne, `/v1/webhooks/events/${id}`, { token: viewer, params: { id } })).json;
}

const card = cardEventData();
const terminal = card.terminalData as Record<string, unknown>;
const cardData = card.cardData as Record<string, unknown>;

// Each: what a legitimate sender sends, and why (docs/api.md, "What ingestion accepts").
const REAL_WORLD: [string, Partial<EventDataInput>][] = [
  ["single-payment credit ('à vista') as installments 1", { installments: 1, installmentInterest: false }],
  ["single payment as installments 0", { installments: 0, installmentInterest: null }],
  ["merchant-financed credit in 18 installments", { installments: 18, installmentInterest: false }],
  ["a debit card with installments 1", { paymentMethod: "debit_card", installments: 1, installmentInterest: null }],
  ["interest flag sent without installments", { installments: null, installmentInterest: false }],
  ["Cielo's 6-digit NSU", { retrievalReferenceNumber: "004512" }],
  ["Rede's 9-digit NSU", { retrievalReferenceNumber: "123456789" }],
  ["Stone's 15-digit ATK", { retrievalReferenceNumber: "138274912837465" }],
  [
    "PagSeguro's transaction code (a UUID)",
    { acquirerName: "pagseguro", retrievalReferenceNumber: "9E884542-81B3-4419-9A75-BCC6FB495EF1" },
  ],
  ["a 4-character authorization code (leading zeros dropped)", { authorizationCode: "4821" }],
  ["a 12-character gateway authorization code", { authorizationCode: "A1B2C3D4E5F6" }],
  ["Stone's 4-digit ISO 8583 response code", { acquirerName: "stone", acquirerResponseCode: "0000" }],
  ["a 1-digit e-commerce return code", { acquirerResponseCode: "4" }],
  ["numeric ISO 4217 currency (ISO 8583 field 49)", { currency: "986" }],
  ["lowercase currency", { currency: "brl" }],
  ["a zero-amount account verification", { amount: 0 }],
  ["a large amount (R$ 9 million)", { amount: 900_000_000 }],
  ["a masked CNPJ", { merchantTaxId: "11.222.333/0001-81" }],
  ["a CPF of an individual merchant", { merchantTaxId: "52998224725" }],
  ["no terminalData at all", { terminalData: null }],
  ["terminalData omitted", { terminalData: undefined }],
  [
    "uppercase brand and connection kind",
    {
      cardData: { ...cardData, cardBrand: "MASTERCARD" } as never,
      terminalData: { ...terminal, navigationMethod: "GPRS" } as never,
    },
  ],
  ["a chip-padded holder name", { cardData: { ...cardData, holderName: "SILVA/MARIA              " } as never }],
  ["a blank holder name", { cardData: { ...cardData, holderName: "" } as never }],
  ["an ICCID with its BCD padding F", { terminalData: { ...terminal, simSerialNumber: "8955031234567890123F" } as never }],
  ["a hidden Wi-Fi network", { terminalData: { ...terminal, navigationMethod: "wifi", networkSsid: "" } as never }],
  ["an AID on a chip fallback to magstripe", { cardData: { ...cardData, captureMethod: "magstripe" } as never }],
];

describe("real-world notifications are accepted and stored as sent", () => {
  for (const [name, change] of REAL_WORLD) {
    it(name, async () => {
      const body = { ...cardEventData(), ...change };
      if ("terminalData" in change && change.terminalData === undefined) delete (body as Record<string, unknown>).terminalData;
      const res = await post(body);
      expect(res.status, JSON.stringify(res.json)).toBe(202);
      for (const [key, value] of Object.entries(change)) {
        if (value !== undefined) expect(res.json.data[key]).toEqual(value);
      }
      const stored = await processedState(res.json.id);
      // Only the matching decides: no credential exists for these random MIDs.
      expect(stored.failureReason).toBe("no_matching_credential");
    });
  }
});

describe("implausible but well-formed notifications are stored, then failed with a reason", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["a card payment without cardData", { ...cardEventData(), cardData: null }, "missing_card_data"],
    ["a pix payment with cardData", { ...pixEventData(), cardData }, "card_data_on_pix"],
    ["a pix payment with an AID", { ...pixEventData(), productAid: "A0000000031010" }, "card_data_on_pix"],
    [
      "a debit payment in 3 installments",
      { ...cardEventData(), paymentMethod: "debit_card", installments: 3, installmentInterest: false },
      "installments_not_on_credit",
    ],
    [
      "an approved card payment without authorization code",
      { ...cardEventData(), authorizationCode: null },
      "missing_authorization_code",
    ],
  ];
  for (const [name, body, reason] of cases) {
    it(name, async () => {
      const res = await post(body);
      expect(res.status, JSON.stringify(res.json)).toBe(202);
      const stored = await processedState(res.json.id);
      expect(stored).toMatchObject({ status: "failed", failureReason: reason });
      expect(stored.attempts[0]).toMatchObject({ outcome: "failed", failureReason: reason });
    });
  }

  it("still refuses what is not the Data object's shape, naming the field", async () => {
    for (const [change, field] of [
      [{ installments: "1" }, "installments"],
      [{ amount: 10.5 }, "amount"],
      [{ terminalData: "4g" }, "terminalData"],
      [{ retrievalReferenceNumber: "RRN|1" }, "retrievalReferenceNumber"],
    ] as const) {
      const res = await post({ ...cardEventData(), ...change });
      expect(res.status).toBe(400);
      expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});

// Found by the first security review: a void or reversal with the same acquirer, MID, TID and
// RRN as its authorization was answered 200 with the authorization, and never stored.
describe("a transaction's later notifications are events of their own", () => {
  it("stores the void, reversal, capture and pre-authorization of one RRN; an exact repeat stays a duplicate", async () => {
    const original = cardEventData({ transactionType: "authorization" });
    const first = await post(original);
    expect(first.status).toBe(202);
    const ids = new Set([first.json.id]);
    for (const transactionType of ["pre_authorization", "capture", "void", "reversal"] as const) {
      const later = await post({ ...original, transactionType });
      expect(later.status, transactionType).toBe(202);
      expect(later.json.data.transactionType).toBe(transactionType);
      ids.add(later.json.id);
      const repeat = await post({ ...original, transactionType });
      expect(repeat.status).toBe(200);
      expect(repeat.json.id).toBe(later.json.id);
    }
    expect(ids.size).toBe(5);
  });

  it("stores a pending notification and its approval, and a partial capture beside the full one", async () => {
    const pending = cardEventData({ transactionStatus: "pending", authorizationCode: null });
    const a = await post(pending);
    const b = await post({ ...pending, transactionStatus: "approved", authorizationCode: "123456" });
    const c = await post({ ...pending, transactionStatus: "approved", authorizationCode: "123456", amount: 1 });
    expect([a.status, b.status, c.status]).toEqual([202, 202, 202]);
    expect(new Set([a.json.id, b.json.id, c.json.id]).size).toBe(3);
  });
});

// Found by the second security review: Cielo's 6-digit NSUs repeat, so two approved authorizations on one terminal
// can share RRN, MID, TID and amount; the second (another card, another authorization code) was
// answered 200 as a duplicate of the first and never stored: a lost payment.
describe("two payments that share RRN, MID, TID and amount", () => {
  const twoPayments = () => {
    const first = cardEventData({ retrievalReferenceNumber: "004512", amount: 5000 });
    const otherCard = { ...(first.cardData as Record<string, unknown>), bin: "550000", last4: "0004" };
    return {
      first,
      variants: [
        { ...first, authorizationCode: "A1B2C3", cardData: otherCard },
        { ...first, authorizationCode: "ZZ9999" },
        { ...first, cardData: { ...(first.cardData as Record<string, unknown>), last4: "9876" } },
        { ...first, cardData: { ...(first.cardData as Record<string, unknown>), bin: "22223333" } },
      ] as EventDataInput[],
    };
  };

  it("stores each through the single POST; an exact repeat is still the duplicate", async () => {
    const { first, variants } = twoPayments();
    const stored = await post(first);
    expect(stored.status).toBe(202);
    const ids = new Set([stored.json.id]);
    for (const [i, variant] of variants.entries()) {
      const res = await post(variant);
      expect(res.status, `variant ${i}`).toBe(202);
      ids.add(res.json.id);
    }
    expect(ids.size).toBe(variants.length + 1);
    const repeat = await post(first);
    expect(repeat.status).toBe(200);
    expect(repeat.json.id).toBe(stored.json.id);
    // Metadata is the sender's annotation, not the payment: a repeat that adds some is the same one.
    expect((await post({ ...variants[0]!, metadata: { resent: true } })).status).toBe(200);
  });

  it("stores each through the batch, in one batch and across batches; an exact repeat is still the duplicate", async () => {
    const { first, variants } = twoPayments();
    const send = (events: EventDataInput[]) =>
      call(ingestBatch, "/v1/webhooks/events/batch", { token: ingester, body: { events } });
    const one = await send([first, ...variants, first]);
    expect(one.status).toBe(200);
    expect(one.json.summary).toEqual({ created: variants.length + 1, duplicate: 1, invalid: 0 });
    expect(one.json.data.at(-1).id).toBe(one.json.data[0].id);
    const again = await send([first, ...variants]);
    expect(again.json.summary).toEqual({ created: 0, duplicate: variants.length + 1, invalid: 0 });
    // Stored by the single form, then sent in a batch with another payment of the same RRN.
    const { first: single, variants: others } = twoPayments();
    expect((await post(single)).status).toBe(202);
    const mixed = await send([single, others[0]!]);
    expect(mixed.json.data.map((d: { result: string }) => d.result)).toEqual(["duplicate", "created"]);
  });
});

// Found by the first security review: a duplicate POST answered the stored event, card holder
// name included, to an ingest account, which has no right to read events.
describe("a duplicate answered to an ingest account", () => {
  it("holds only the stored event's id and status; an admin gets the event", async () => {
    const data = cardEventData();
    const first = await post(data);
    const again = await post(data);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ id: first.json.id, status: first.json.status });
    expect(again.text).not.toContain("MARIA");
    const admin = (await userWithTokens("admin")).accessToken;
    const asAdmin = await call(ingest, "/v1/webhooks/events", { token: admin, body: data });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json.data.cardData.holderName).toBe("MARIA S SILVA");
  });
});
