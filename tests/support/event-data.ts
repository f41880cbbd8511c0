// Valid event Data objects for tests, with overrides.
import { randomBytes, randomInt } from "node:crypto";
import type { EventDataInput } from "@/lib/events/data-schema";

export const alnum = (n: number) => randomBytes(n).toString("hex").toUpperCase().slice(0, n);

/** n random digits, the first never 0: an acquirer's number (a Cielo establishment has 10, a terminal 8). */
export const digits = (n: number) => `${randomInt(1, 10)}${Array.from({ length: n - 1 }, () => randomInt(0, 10)).join("")}`;

/** A chip-read Visa card ending in last4: the card a statement's sale shows as 411111******last4. */
export const card = (last4: string) => ({
  captureMethod: "chip" as const,
  holderName: null,
  cardBrand: "visa",
  bin: "411111",
  last4,
});

export function cardEventData(overrides: Partial<EventDataInput> = {}): EventDataInput {
  return {
    terminalId: `term-${alnum(6)}`,
    merchantId: `merch-${alnum(6)}`,
    acquirerName: "cielo",
    transactionType: "authorization",
    transactionStatus: "approved",
    terminalSerialNumber: `SN${alnum(10)}`,
    merchantTaxId: "11222333000181",
    acquirerMerchantIdentifier: `M${alnum(9)}`,
    acquirerTerminalIdentifier: alnum(8),
    currency: "BRL",
    amount: randomInt(100, 500_000),
    paymentMethod: "credit_card",
    installments: null,
    installmentInterest: null,
    authorizationCode: alnum(6),
    productAid: "A0000000031010",
    retrievalReferenceNumber: alnum(12),
    acquirerResponseCode: "00",
    cardData: {
      captureMethod: "chip",
      holderName: "MARIA S SILVA",
      cardBrand: "visa",
      bin: "411111",
      last4: String(randomInt(1000, 9999)),
    },
    terminalData: {
      navigationMethod: "4g",
      networkSsid: null,
      simSerialNumber: "8955000000000000001",
      simApnData: "zap.vivo.com.br",
      ipAddress: "10.20.30.40",
      latitude: -23.5614,
      longitude: -46.6559,
    },
    metadata: { orderId: `ord-${alnum(6)}` },
    ...overrides,
  } as EventDataInput;
}

/** An approved pix payment: no card data, no AID, no installments. */
export function pixEventData(overrides: Partial<EventDataInput> = {}): EventDataInput {
  return cardEventData({
    acquirerName: "pagseguro",
    paymentMethod: "pix",
    cardData: null,
    productAid: null,
    authorizationCode: null,
    ...overrides,
  });
}
