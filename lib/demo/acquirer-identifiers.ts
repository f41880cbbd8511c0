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

/**
 * Each acquirer's numbering, one row each: the merchant's account id (a MID of up to 15
 * alphanumerics, or PagSeguro's clientId) and the TID (8 alphanumerics, prefixed as in the
 * providers' examples).
 */
const NUMBERING: Record<AcquirerName, { merchant: (r: SeededRandom) => string; terminal: (r: SeededRandom) => string }> = {
  cielo: { merchant: (r) => `10${r.digits(8)}`, terminal: (r) => `CL${r.digits(6)}` },
  rede: { merchant: (r) => r.digits(r.int(8, 9)), terminal: (r) => `RD${r.digits(6)}` },
  getnet: { merchant: (r) => `GN${r.digits(7)}`, terminal: (r) => `GT${r.digits(6)}` },
  stone: { merchant: (r) => `ST${r.digits(9)}`, terminal: (r) => `ST${r.alphanumeric(6)}` },
  safrapay: { merchant: (r) => `SF${r.digits(8)}`, terminal: (r) => `SF${r.alphanumeric(6)}` },
  pagseguro: { merchant: (r) => `ps_live_${r.chars(12, "0123456789abcdef")}`, terminal: (r) => `PS${r.alphanumeric(6)}` },
};

/** The merchant's account id at the acquirer: a MID or PagSeguro's clientId. */
export function merchantAccountIdOf(random: SeededRandom, acquirer: AcquirerName): string {
  return NUMBERING[acquirer].merchant(random);
}

/** A terminal's id at the acquirer (TID). */
export function terminalIdentifierOf(random: SeededRandom, acquirer: AcquirerName): string {
  return NUMBERING[acquirer].terminal(random);
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
