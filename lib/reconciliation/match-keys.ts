// How a statement's identifiers and a notification's are made comparable (docs/api.md,
// "Reconciliation", the matching rule): upper case, leading zeros dropped, nothing else changed
// (no padding, no truncation to the statement's field width), and a value that is empty after
// that is no value. The SQL side writes the same expression (upper(ltrim(x, '0')), nullif ''),
// in lib/reconciliation/match-sql.ts and the trigger of migration *_reconciliation. Pure.

/** "000123" and "123" are one key; "0" and "" are none. */
export function matchKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const key = value.trim().replace(/^0+/, "").toUpperCase();
  return key === "" ? null : key;
}

/** MID and TID keys are never null (a terminal-less e-commerce credential has TID ""). */
export const identifierKey = (value: string | null | undefined): string => matchKey(value) ?? "";
