// How each acquirer numbers things: merchant ids (MID) and terminal ids (TID) in the formats of
// the providers' authenticationFields, retrieval reference numbers (RRN/NSU) and authorization
// codes. PagSeguro is an e-commerce/pix gateway: its merchants hold a clientId, not a MID.

import type { SeededRandom, Weighted } from "@/lib/demo/seeded-random";
import type { AcquirerName } from "@/lib/events/data-schema";

/** Share of the demo's merchant accounts per acquirer, roughly the Brazilian market's. */
export const ACQUIRER_SHARES: Weighted<AcquirerName> = [
  ["cielo", 27],
  ["rede", 23],
  ["stone", 18],
  ["getnet", 16],
  ["pagseguro", 10],
  ["safrapay", 6],
];

export const isGateway = (acquirer: AcquirerName) => acquirer === "pagseguro";

/** The merchant's account id at the acquirer: a MID (up to 15 alphanumerics) or PagSeguro's clientId. */
export function merchantAccountIdOf(random: SeededRandom, acquirer: AcquirerName): string {
  switch (acquirer) {
    case "cielo":
      return `10${random.digits(8)}`;
    case "rede":
      return random.digits(random.int(8, 9));
    case "getnet":
      return `GN${random.digits(7)}`;
    case "stone":
      return `ST${random.digits(9)}`;
    case "safrapay":
      return `SF${random.digits(8)}`;
    case "pagseguro":
      return `ps_live_${random.chars(12, "0123456789abcdef")}`;
  }
}

/** TIDs: 8 alphanumerics, prefixed per acquirer as in the providers' examples. */
export function terminalIdentifierOf(random: SeededRandom, acquirer: AcquirerName): string {
  switch (acquirer) {
    case "cielo":
      return `CL${random.digits(6)}`;
    case "rede":
      return `RD${random.digits(6)}`;
    case "getnet":
      return `GT${random.digits(6)}`;
    case "stone":
      return `ST${random.alphanumeric(6)}`;
    case "safrapay":
      return `SF${random.alphanumeric(6)}`;
    case "pagseguro":
      return `PS${random.alphanumeric(6)}`;
  }
}

export function clientSecretOf(random: SeededRandom): string {
  return `sk_live_${random.chars(32, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")}`;
}

const BRT_OFFSET_MS = -3 * 3_600_000;

/**
 * A 12-character RRN, unique per terminal through its sequence number. The card acquirers'
 * are numeric (year digit and day of year, hour, then the NSU); Stone and PagSeguro use
 * alphanumeric references (random letters, then the sequence in base 36).
 */
export function retrievalReferenceNumberOf(random: SeededRandom, acquirer: AcquirerName, at: number, sequence: number): string {
  if (acquirer === "stone" || acquirer === "pagseguro") {
    return random.alphanumeric(6) + (sequence % 36 ** 6).toString(36).toUpperCase().padStart(6, "0");
  }
  const local = new Date(at + BRT_OFFSET_MS);
  const dayOfYear = Math.floor((local.getTime() - Date.UTC(local.getUTCFullYear(), 0, 0)) / 86_400_000);
  const year = String(local.getUTCFullYear() % 10);
  const hour = String(local.getUTCHours()).padStart(2, "0");
  return `${year}${String(dayOfYear).padStart(3, "0")}${hour}${String(sequence % 1_000_000).padStart(6, "0")}`;
}

/** 6 characters: mostly digits, alphanumeric for the gateways and now and then elsewhere. */
export function authorizationCodeOf(random: SeededRandom, acquirer: AcquirerName): string {
  return isGateway(acquirer) || acquirer === "stone" || random.chance(0.15) ? random.alphanumeric(6) : random.digits(6);
}
