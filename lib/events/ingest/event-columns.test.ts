import { describe, expect, it } from "vitest";
import { type EventDataInput, eventDataSchema } from "@/lib/events/data-schema";
import { dedupKeyOf, eventColumnsOf } from "@/lib/events/ingest/event-columns";

const cardPayment: EventDataInput = {
  terminalId: "d0c1terminal00000001",
  merchantId: "d0c1merchant00000001",
  acquirerName: "cielo",
  transactionType: "authorization",
  transactionStatus: "approved",
  terminalSerialNumber: "0820123456",
  merchantTaxId: "11222333000181",
  acquirerMerchantIdentifier: "1020304050",
  acquirerTerminalIdentifier: "CL000123",
  currency: "BRL",
  amount: 12990,
  paymentMethod: "credit_card",
  installments: 3,
  installmentInterest: false,
  authorizationCode: "123456",
  productAid: "A0000000041010",
  retrievalReferenceNumber: "632614000123",
  acquirerResponseCode: "00",
  cardData: { captureMethod: "chip", holderName: "MARIA S SILVA", cardBrand: "mastercard", bin: "52345678", last4: "4321" },
  terminalData: {
    navigationMethod: "4g",
    networkSsid: null,
    simSerialNumber: "89551012345678901234",
    simApnData: "zap.vivo.com.br",
    ipAddress: "10.20.30.40",
    latitude: -23.5505,
    longitude: -46.6333,
  },
  metadata: { orderId: "PED-1", storeCode: "LJ001" },
};

const pendingPix: EventDataInput = {
  ...cardPayment,
  acquirerName: "pagseguro",
  acquirerMerchantIdentifier: "ps_live_7f3a9c21",
  acquirerTerminalIdentifier: "PS0A1B2C",
  transactionStatus: "pending",
  paymentMethod: "pix",
  installments: null,
  installmentInterest: null,
  authorizationCode: null,
  productAid: null,
  retrievalReferenceNumber: null,
  acquirerResponseCode: null,
  cardData: null,
};

describe("eventColumnsOf", () => {
  it("lifts the filter, search and matching columns out of a card payment", () => {
    expect(eventColumnsOf(eventDataSchema.parse(cardPayment))).toEqual({
      merchantId: "d0c1merchant00000001",
      terminalId: "d0c1terminal00000001",
      acquirerName: "cielo",
      acquirerMerchantIdentifier: "1020304050",
      acquirerTerminalIdentifier: "CL000123",
      transactionStatus: "approved",
      paymentMethod: "credit_card",
      authorizationCode: "123456",
      retrievalReferenceNumber: "632614000123",
      cardLast4: "4321",
      dedupKey: "cielo|1020304050|CL000123|632614000123|authorization|approved|12990|123456|52345678|4321|credit_card|3|BRL",
      dataProblem: null,
    });
  });

  it("gives no card last4 and no dedup key to a pix payment without RRN", () => {
    const columns = eventColumnsOf(eventDataSchema.parse(pendingPix));
    expect(columns.cardLast4).toBeNull();
    expect(columns.authorizationCode).toBeNull();
    expect(columns.retrievalReferenceNumber).toBeNull();
    expect(columns.dedupKey).toBeNull();
    expect(columns.acquirerMerchantIdentifier).toBe("ps_live_7f3a9c21");
    expect(columns.paymentMethod).toBe("pix");
  });

  it("keeps a card without last4 searchable by the other columns", () => {
    const data = eventDataSchema.parse({ ...cardPayment, cardData: { ...cardPayment.cardData!, last4: null } });
    expect(eventColumnsOf(data).cardLast4).toBeNull();
    expect(eventColumnsOf(data).authorizationCode).toBe("123456");
  });

  // A void or reversal carries the RRN of the authorization it undoes: it was lost as a duplicate
  // when the key stopped at the RRN (the first security review's defect 1).
  it("makes one dedup key per acquirer, MID, TID, RRN, transaction type, status and amount", () => {
    const base = eventDataSchema.parse(cardPayment);
    const variants = [
      base,
      { ...base, acquirerName: "rede" as const },
      { ...base, acquirerMerchantIdentifier: "1020304051" },
      { ...base, acquirerTerminalIdentifier: "CL000124" },
      { ...base, retrievalReferenceNumber: "632614000124" },
      { ...base, transactionStatus: "pending" as const },
      { ...base, amount: 1 },
      ...(["pre_authorization", "capture", "void", "reversal"] as const).map((transactionType) => ({ ...base, transactionType })),
    ];
    expect(new Set(variants.map(dedupKeyOf)).size).toBe(variants.length);
    expect(dedupKeyOf({ ...base, metadata: { resent: true } })).toBe(dedupKeyOf(base));
  });

  // Found by the second security review: two approved authorizations sharing RRN, MID, TID and amount (6-digit NSUs repeat)
  // were one key, so the second payment was dropped as a duplicate.
  it("tells two payments apart by authorization code, card, payment method, installments and currency", () => {
    const base = eventDataSchema.parse(cardPayment);
    const card = base.cardData!;
    const variants = [
      base,
      { ...base, authorizationCode: "654321" },
      { ...base, authorizationCode: null },
      { ...base, cardData: { ...card, last4: "0004" } },
      { ...base, cardData: { ...card, bin: "55000000" } },
      { ...base, cardData: null },
      { ...base, paymentMethod: "debit_card" as const },
      { ...base, installments: 1 },
      { ...base, currency: "986" },
    ];
    expect(new Set(variants.map(dedupKeyOf)).size).toBe(variants.length);
    // What a repeat may carry differently, or what is the device's and not the payment's: same key.
    for (const same of [
      { ...base, metadata: { resent: true } },
      { ...base, terminalData: null },
      { ...base, cardData: { ...card, holderName: "OTHER NAME" } },
      { ...base, acquirerResponseCode: "0000" },
    ]) {
      expect(dedupKeyOf(same)).toBe(dedupKeyOf(base));
    }
  });

  it("fits the dedup key columns (VARCHAR(300)) at every field's longest", () => {
    const longest = eventDataSchema.parse({
      ...cardPayment,
      acquirerName: "pagseguro",
      transactionType: "pre_authorization",
      transactionStatus: "approved",
      acquirerMerchantIdentifier: "M".repeat(64),
      acquirerTerminalIdentifier: "T".repeat(64),
      retrievalReferenceNumber: "R".repeat(40),
      amount: Number.MAX_SAFE_INTEGER,
      authorizationCode: "A".repeat(12),
      paymentMethod: "credit_card",
      installments: 99,
      currency: "BRL",
      cardData: { ...cardPayment.cardData!, bin: "12345678", last4: "1234" },
    });
    expect(dedupKeyOf(longest)!.length).toBeLessThanOrEqual(300);
  });
});
