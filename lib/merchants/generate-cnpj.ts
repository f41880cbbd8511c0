// Random valid CNPJs for tests and tools (server side: it uses node:crypto, which the browser
// pages that validate CNPJs must not pull in).
import { randomInt } from "node:crypto";
import { checkDigit, WEIGHTS_1, WEIGHTS_2 } from "@/lib/merchants/cnpj";

/** A valid CNPJ for demo data and tests: numeric, or alphanumeric in its first 12 characters. */
export function generateCnpj(
  options: { alphanumeric?: boolean /** The 8-character root (random if absent). */; root?: string } = {},
): string {
  const alphabet = options.alphanumeric ? "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" : "0123456789";
  let body = options.root ?? "";
  for (let i = body.length; i < 8; i++) body += alphabet[randomInt(alphabet.length)];
  body += "0001"; // head office
  const d1 = checkDigit(body, WEIGHTS_1);
  const d2 = checkDigit(body + d1, WEIGHTS_2);
  return `${body}${d1}${d2}`;
}
