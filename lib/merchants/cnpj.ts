// CNPJ (Brazilian company tax id): 14 characters, the last two check digits computed modulo 11.
// Since July 2026 the first 12 may be letters too (IN RFB 2.229/2024): each character is worth
// its ASCII code minus 48, so digits keep their value and A=17, B=18, ... Z=42.

export const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
export const WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function checkDigit(body: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (body.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Strips the mask (". / -") and upper-cases; does not validate. */
export function normalizeCnpj(input: string): string {
  return input.replace(/[.\-/\s]/g, "").toUpperCase();
}

export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return false;
  if (/^(\d)\1{13}$/.test(cnpj)) return false; // 00000000000000 and friends pass the arithmetic
  const d1 = checkDigit(cnpj.slice(0, 12), WEIGHTS_1);
  const d2 = checkDigit(cnpj.slice(0, 12) + d1, WEIGHTS_2);
  return cnpj.endsWith(`${d1}${d2}`);
}

export function formatCnpj(cnpj: string): string {
  const c = normalizeCnpj(cnpj);
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12, 14)}`;
}
