// The seed's Data object (the transaction an event carries), with CardData and TerminalData.
// One schema for ingestion, the OpenAPI document, the filters and the demo generator. Objects are
// strict (unknown keys refused); a nullable field may be omitted and is then stored as null, so
// every stored `data` holds every key.
import { z } from "zod";

export const EVENT_STATUSES = ["pending", "failed", "processed"] as const;
export const TRANSACTION_TYPES = ["authorization", "pre_authorization", "capture", "void", "reversal"] as const;
export const TRANSACTION_STATUSES = ["pending", "approved", "denied"] as const;
export const PAYMENT_METHODS = ["credit_card", "debit_card", "pix"] as const;
/** The six providers of the reference-data migration, by their lowercase names. */
export const ACQUIRER_NAMES = ["cielo", "rede", "getnet", "stone", "pagseguro", "safrapay"] as const;
/**
 * The seed leaves captureMethod open; we decided on the four ways a POS reads a card:
 * chip (EMV contact), contactless (EMV NFC, wallets included), magstripe (swipe, also the chip
 * fallback) and manual (card number keyed in, or a card-not-present gateway).
 */
export const CAPTURE_METHODS = ["chip", "contactless", "magstripe", "manual"] as const;
/** Connection kinds seen on POS terminals; navigationMethod takes these and any other lowercase token. */
export const NAVIGATION_METHODS = ["wifi", "ethernet", "2g", "3g", "4g", "5g"] as const;

export type EventStatus = (typeof EVENT_STATUSES)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type AcquirerName = (typeof ACQUIRER_NAMES)[number];
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];

/** Card capture methods that never carry an EMV AID. */
const NON_EMV_CAPTURE: readonly CaptureMethod[] = ["magstripe", "manual"];

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);
const pattern = (regex: RegExp, message: string) => z.string().regex(regex, message);
/**
 * Identifiers lifted into varchar(64) columns: MID, TID, a gateway clientId, our merchant and
 * terminal ids. No "|": it separates the parts of the events' dedup key.
 */
const identifier = pattern(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, '_' or '-'");

export const cardDataSchema = z.strictObject({
  captureMethod: z.enum(CAPTURE_METHODS).describe("How the card was read"),
  // EMV tag 5F20 allows 26 characters; the extended name (9F0B) up to 45.
  holderName: nullable(z.string().trim().min(1).max(45)).describe("Cardholder name; null if unavailable"),
  cardBrand: nullable(pattern(/^[a-z][a-z0-9_]{0,31}$/, "must be a lowercase brand name, e.g. visa")).describe(
    "Card brand, lowercase (visa, mastercard, elo, amex, hipercard...)",
  ),
  bin: nullable(pattern(/^\d{6,8}$/, "must be the first 6 to 8 digits of the card")).describe("First 6 to 8 digits of the card"),
  last4: nullable(pattern(/^\d{4}$/, "must be the last 4 digits of the card")).describe("Last 4 digits of the card"),
});

export const terminalDataSchema = z.strictObject({
  navigationMethod: nullable(pattern(/^[a-z0-9_-]{1,16}$/, "must be a lowercase connection kind, e.g. wifi, 4g, 5g")).describe(
    "Connection kind: wifi, ethernet, 2g, 3g, 4g, 5g...",
  ),
  // 802.11 limits an SSID to 32 bytes.
  networkSsid: nullable(z.string().min(1).max(32)).describe("Wi-Fi SSID"),
  // ICCID (ITU-T E.118): 18 to 22 digits, starting 89.
  simSerialNumber: nullable(pattern(/^89\d{16,20}$/, "must be a SIM ICCID: 18 to 22 digits starting with 89")).describe(
    "SIM ICCID",
  ),
  simApnData: nullable(z.string().min(1).max(100)).describe("APN information"),
  ipAddress: nullable(z.union([z.ipv4(), z.ipv6()], { message: "must be an IPv4 or IPv6 address" })).describe(
    "IP address of the terminal",
  ),
  latitude: nullable(z.number().min(-90).max(90)).describe("Latitude, degrees"),
  longitude: nullable(z.number().min(-180).max(180)).describe("Longitude, degrees"),
});

// Stripe's limits for metadata: 50 keys, keys up to 40 characters, string values up to 500.
const metadataSchema = z
  .record(z.string().min(1).max(40), z.union([z.string().max(500), z.number(), z.boolean()]))
  .refine((m) => Object.keys(m).length <= 50, { message: "must have at most 50 keys" });

const dataObjectSchema = z.strictObject({
  terminalId: identifier.describe("Identifier of the terminal"),
  merchantId: identifier.describe("Identifier of the establishment (merchant id)"),
  acquirerName: z.enum(ACQUIRER_NAMES).describe("Name of the acquirer/provider"),
  transactionType: z.enum(TRANSACTION_TYPES).describe("Type of the transaction"),
  transactionStatus: z.enum(TRANSACTION_STATUSES).describe("Status of the transaction at the acquirer"),
  terminalSerialNumber: z.string().min(1).max(64).describe("Serial number of the terminal"),
  // Unmasked: a CNPJ (14, the 2026 alphanumeric form included) or a CPF (11 digits) for individuals.
  merchantTaxId: pattern(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, "must be an unmasked CNPJ (14 characters) or CPF (11 digits)").describe(
    "Tax document of the establishment: CNPJ (or CPF), unmasked",
  ),
  acquirerMerchantIdentifier: identifier.describe(
    "Identifier of the establishment at the acquirer (MID, or a gateway's clientId)",
  ),
  acquirerTerminalIdentifier: identifier.describe("Identifier of the terminal at the acquirer (TID)"),
  currency: pattern(/^[A-Z]{3}$/, "must be an ISO 4217 code of 3 uppercase letters").describe("ISO 4217 currency code"),
  amount: z.int().nonnegative().describe("Amount in minor units (cents)"),
  paymentMethod: z.enum(PAYMENT_METHODS).describe("Payment method"),
  installments: nullable(z.int().min(2).max(24)).describe("Number of installments (credit only); null without installments"),
  installmentInterest: nullable(z.boolean()).describe("Whether installments bear interest; null without installments"),
  authorizationCode: nullable(pattern(/^[A-Za-z0-9]{6}$/, "must be 6 letters or digits")).describe(
    "Acquirer authorization code; required when approved, may be null for pending or denied",
  ),
  // An AID is 5 to 16 bytes: 10 to 32 hexadecimal digits, an even number of them.
  productAid: nullable(pattern(/^(?:[0-9A-Fa-f]{2}){5,16}$/, "must be an EMV AID: 10 to 32 hexadecimal digits")).describe(
    "EMV Application Identifier; null for pix and cards not read by chip or contactless",
  ),
  retrievalReferenceNumber: nullable(pattern(/^[A-Za-z0-9]{12}$/, "must be 12 letters or digits")).describe(
    "Acquirer RRN/NSU; may be null depending on provider or state",
  ),
  acquirerResponseCode: nullable(pattern(/^[0-9A-Z]{2}$/, "must be a 2-character ABECS response code")).describe(
    "ABECS response code (00 approved); null when not provided",
  ),
  cardData: nullable(cardDataSchema).describe("Card details; required for card payments, null for pix"),
  terminalData: terminalDataSchema.describe("Terminal and device information; each field may be null"),
  metadata: metadataSchema.default({}).describe("Key-value metadata (string, number or boolean values); may be empty"),
});

export const eventDataSchema = dataObjectSchema.superRefine((data, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const card = data.paymentMethod !== "pix";

  if (card && data.cardData === null) issue("cardData", "is required for card payments");
  if (!card && data.cardData !== null) issue("cardData", "must be null for pix");
  if (!card && data.productAid !== null) issue("productAid", "must be null for pix");
  if (data.cardData && NON_EMV_CAPTURE.includes(data.cardData.captureMethod) && data.productAid !== null) {
    issue("productAid", `must be null when the card was captured by ${data.cardData.captureMethod}`);
  }
  if (data.installments !== null && data.paymentMethod !== "credit_card") {
    issue("installments", "must be null unless paymentMethod is credit_card");
  }
  if (data.installments === null && data.installmentInterest !== null) {
    issue("installmentInterest", "must be null when installments is null");
  }
  if (data.transactionStatus === "approved" && data.authorizationCode === null) {
    issue("authorizationCode", "is required when transactionStatus is approved");
  }
});

/** The Data object as stored: every key present, nullable ones possibly null. */
export type EventData = z.output<typeof eventDataSchema>;
/** The Data object as a client may send it: nullable keys and metadata may be omitted. */
export type EventDataInput = z.input<typeof eventDataSchema>;
export type CardData = z.output<typeof cardDataSchema>;
export type TerminalData = z.output<typeof terminalDataSchema>;
