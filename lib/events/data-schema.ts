// The seed's Data object (the transaction an event carries), with CardData and TerminalData.
// One schema for ingestion, the OpenAPI document, the filters and the demo generator. Objects are
// strict (unknown keys refused); a nullable field may be omitted and is then stored as null, so
// every stored `data` holds every key.
//
// Never refuse a real notification: this schema checks shape and types (400 naming the field),
// and its value rules are only as tight as what the six acquirers really send (docs/api.md,
// "What ingestion accepts"). A well-formed but implausible combination is stored and failed by
// the worker with a reason (lib/events/data-problems.ts), never refused at the door.
import { z } from "zod";
import { ACQUIRER_NAMES, EVENT_STATUSES, PAYMENT_METHODS, TRANSACTION_STATUSES } from "@/lib/events/event-values";
import { keepingProtoKey } from "@/lib/validation/own-keys-record";

export { ACQUIRER_NAMES, EVENT_STATUSES, PAYMENT_METHODS, TRANSACTION_STATUSES };

export const TRANSACTION_TYPES = ["authorization", "pre_authorization", "capture", "void", "reversal"] as const;
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

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);
const pattern = (regex: RegExp, message: string) => z.string().regex(regex, message);
/**
 * Identifiers lifted into varchar(64) columns: MID, TID, a gateway clientId, our merchant and
 * terminal ids. No "|": it separates the parts of the events' dedup key.
 */
const identifier = pattern(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, '_' or '-'");

export const cardDataSchema = z.strictObject({
  captureMethod: z.enum(CAPTURE_METHODS).describe("How the card was read"),
  // EMV tag 5F20 allows 26 characters, the extended name (9F0B) 45, space-padded as read from the
  // chip: stored as sent, blank included.
  holderName: nullable(z.string().max(100)).describe("Cardholder name as read from the card; null if unavailable"),
  // Acquirers write brands their own way (VISA, Mastercard, MASTER, Elo, "american express").
  cardBrand: nullable(pattern(/^[A-Za-z][A-Za-z0-9 _-]{0,31}$/, "must be a brand name, e.g. visa")).describe(
    "Card brand as the acquirer names it (visa, mastercard, elo, amex, hipercard...)",
  ),
  bin: nullable(pattern(/^\d{6,8}$/, "must be the first 6 to 8 digits of the card")).describe("First 6 to 8 digits of the card"),
  last4: nullable(pattern(/^\d{4}$/, "must be the last 4 digits of the card")).describe("Last 4 digits of the card"),
});

export const terminalDataSchema = z.strictObject({
  // Terminals report it in their own case: WIFI, GPRS, 4G, lan.
  navigationMethod: nullable(pattern(/^[A-Za-z0-9_-]{1,16}$/, "must be a connection kind, e.g. wifi, 4g, 5g")).describe(
    "Connection kind: wifi, ethernet, gprs, 2g, 3g, 4g, 5g...",
  ),
  // 802.11 limits an SSID to 32 bytes; a hidden network reports an empty one.
  networkSsid: nullable(z.string().max(32)).describe("Wi-Fi SSID"),
  // ICCID (ITU-T E.118): 18 to 22 digits starting 89; modems read from the SIM's EF_ICCID often
  // keep its BCD padding nibble (a trailing F), and some report it in hexadecimal case.
  simSerialNumber: nullable(pattern(/^89\d{16,20}[Ff]?$/, "must be a SIM ICCID: 18 to 22 digits starting with 89")).describe(
    "SIM ICCID",
  ),
  simApnData: nullable(z.string().min(1).max(100)).describe("APN information"),
  ipAddress: nullable(z.union([z.ipv4(), z.ipv6()], { message: "must be an IPv4 or IPv6 address" })).describe(
    "IP address of the terminal",
  ),
  latitude: nullable(z.number().min(-90).max(90)).describe("Latitude, degrees"),
  longitude: nullable(z.number().min(-180).max(180)).describe("Longitude, degrees"),
});

/** A Data object's RRN/NSU: ISO 8583 field 37 is 12 characters, but Brazilian acquirers send their
 * NSU (6 digits at Cielo, 9 at Rede, up to 12 at GetNet), Stone's 15-digit ATK, or PagSeguro's
 * transaction code (a 36-character UUID). No "|": it separates the parts of the dedup key. */
const referenceNumber = pattern(/^[A-Za-z0-9-]{1,40}$/, "must be 1 to 40 letters, digits or '-'");

// Stripe's limits for metadata: 50 keys, keys up to 40 characters, string values up to 500.
// Every key is stored as sent, "__proto__" included (lib/validation/own-keys-record.ts).
const metadataSchema = keepingProtoKey(
  z
    .record(z.string().min(1).max(40), z.union([z.string().max(500), z.number(), z.boolean()]))
    .refine((m) => Object.keys(m).length <= 50, { message: "must have at most 50 keys" }),
);

const dataObjectSchema = z.strictObject({
  terminalId: identifier.describe("Identifier of the terminal"),
  merchantId: identifier.describe("Identifier of the establishment (merchant id)"),
  acquirerName: z.enum(ACQUIRER_NAMES).describe("Name of the acquirer/provider"),
  transactionType: z.enum(TRANSACTION_TYPES).describe("Type of the transaction"),
  transactionStatus: z.enum(TRANSACTION_STATUSES).describe("Status of the transaction at the acquirer"),
  terminalSerialNumber: z.string().min(1).max(64).describe("Serial number of the terminal"),
  // Unmasked: a CNPJ (14, the 2026 alphanumeric form included) or a CPF (11 digits) for individuals.
  // Masked forms (12.345.678/0001-95, 123.456.789-09) are stored as sent; the filters match them
  // by their characters.
  merchantTaxId: pattern(
    /^(\d{11}|[0-9A-Z]{12}\d{2}|\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2})$/,
    "must be a CNPJ (14 characters) or CPF (11 digits), unmasked or in its usual mask",
  ).describe("Tax document of the establishment: CNPJ (or CPF), unmasked or masked"),
  acquirerMerchantIdentifier: identifier.describe(
    "Identifier of the establishment at the acquirer (MID, or a gateway's clientId)",
  ),
  acquirerTerminalIdentifier: identifier.describe("Identifier of the terminal at the acquirer (TID)"),
  // ISO 8583 field 49 carries the numeric code (986 for BRL); gateways send BRL or brl.
  currency: pattern(/^([A-Za-z]{3}|\d{3})$/, "must be an ISO 4217 code: 3 letters or 3 digits").describe(
    "ISO 4217 currency code, alphabetic (BRL) or numeric (986)",
  ),
  // Zero is a real amount (an account verification); up to 2^53 - 1 minor units.
  amount: z.int().nonnegative().describe("Amount in minor units (cents)"),
  paymentMethod: z.enum(PAYMENT_METHODS).describe("Payment method"),
  // "À vista" credit is sent as 1 (some acquirers send 0); the ABECS field has two digits.
  installments: nullable(z.int().min(0).max(99)).describe(
    "Number of installments (1 or 0 for a single payment); null without installments",
  ),
  installmentInterest: nullable(z.boolean()).describe("Whether installments bear interest; null without installments"),
  // ISO 8583 field 38 is 6 characters, but acquirers drop leading zeros or send their own
  // longer codes (e-commerce gateways, pix end-to-end ids are not sent here).
  authorizationCode: nullable(pattern(/^[A-Za-z0-9]{1,12}$/, "must be 1 to 12 letters or digits")).describe(
    "Acquirer authorization code (usually 6 characters); expected when a card payment is approved",
  ),
  // An AID is 5 to 16 bytes: 10 to 32 hexadecimal digits, an even number of them.
  productAid: nullable(pattern(/^(?:[0-9A-Fa-f]{2}){5,16}$/, "must be an EMV AID: 10 to 32 hexadecimal digits")).describe(
    "EMV Application Identifier; null for pix and usually for cards not read by chip or contactless",
  ),
  retrievalReferenceNumber: nullable(referenceNumber).describe(
    "Acquirer RRN/NSU (or the acquirer's own transaction code); may be null depending on provider or state",
  ),
  // ABECS codes have 2 characters; Stone answers ISO 8583 4-digit codes (0000), Cielo's
  // e-commerce ReturnCode may be a single digit.
  acquirerResponseCode: nullable(pattern(/^[0-9A-Za-z]{1,4}$/, "must be 1 to 4 letters or digits")).describe(
    "Acquirer response code (ABECS 00 approved; 0000 at Stone); null when not provided",
  ),
  cardData: nullable(cardDataSchema).describe("Card details; expected for card payments, null for pix"),
  terminalData: nullable(terminalDataSchema).describe("Terminal and device information; null or each field null when unknown"),
  metadata: metadataSchema.default({}).describe("Key-value metadata (string, number or boolean values); may be empty"),
});

/** The Data object: every combination of well-formed values is accepted (see data-problems.ts). */
export const eventDataSchema = dataObjectSchema;

/** The Data object as stored: every key present, nullable ones possibly null. */
export type EventData = z.output<typeof eventDataSchema>;
/** The Data object as a client may send it: nullable keys and metadata may be omitted. */
export type EventDataInput = z.input<typeof eventDataSchema>;
export type CardData = z.output<typeof cardDataSchema>;
export type TerminalData = z.output<typeof terminalDataSchema>;
