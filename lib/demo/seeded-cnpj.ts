// CNPJs drawn from the demo's seeded generator, so one seed gives the same merchants.
// lib/merchants/cnpj.ts's generateCnpj draws from the system's randomness; rather than copy its
// check-digit arithmetic, we search the one valid pair of check digits with isValidCnpj.
import type { SeededRandom } from "@/lib/demo/seeded-random";
import { isValidCnpj } from "@/lib/merchants/cnpj";

const NUMERIC = "0123456789";
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A valid CNPJ of a head office (branch 0001): numeric, or alphanumeric in its root (2026 form). */
export function seededCnpj(random: SeededRandom, options: { alphanumeric?: boolean } = {}): string {
  const body = `${random.chars(8, options.alphanumeric ? ALPHANUMERIC : NUMERIC)}0001`;
  for (let check = 0; check < 100; check++) {
    const cnpj = body + String(check).padStart(2, "0");
    if (isValidCnpj(cnpj)) return cnpj;
  }
  throw new Error(`no check digits found for ${body}`); // unreachable: exactly one pair is valid
}
