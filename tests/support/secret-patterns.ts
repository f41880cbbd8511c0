// What must never appear in a log line: passwords, tokens, keys, provider secrets, cardholder
// names. Shared by the integration tests' log guard and the e2e scan of the servers' logs.
import { FIRST_NAMES, SURNAMES } from "@/lib/demo/brazilian-names";

export type Forbidden = [what: string, pattern: RegExp];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Forbidden in every log: the shapes of secrets, whatever their value. */
export const SECRET_SHAPES: Forbidden[] = [
  ["a JWT", /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/],
  ["an argon2 hash", /\$argon2id\$/],
  ["a provider secret of the tests", /\b(?:sk|ps_live)_[0-9a-zA-Z]{8,}/],
  ["a cardholder name field", /"holder_?name"\s*:\s*"/i],
  [
    "a demo cardholder name",
    new RegExp(`\\b(?:${FIRST_NAMES.map(escapeRegExp).join("|")}) (?:[A-Z] )?(?:${SURNAMES.map(escapeRegExp).join("|")})\\b`),
  ],
];

/** The shapes, and each of these literal values (passwords, keys of the run). */
export function forbiddenInLogs(literals: Record<string, string>): Forbidden[] {
  return [
    ...Object.entries(literals)
      .filter(([, value]) => value.length >= 8)
      .map(([what, value]): Forbidden => [what, new RegExp(escapeRegExp(value))]),
    ...SECRET_SHAPES,
  ];
}

/** The first forbidden thing in the lines, named (never quoted: the message would leak it too). */
export function firstLeak(lines: string[], forbidden: Forbidden[]): string | undefined {
  for (const [what, pattern] of forbidden) {
    const index = lines.findIndex((line) => pattern.test(line));
    if (index >= 0) return `${what} (line ${index + 1})`;
  }
  return undefined;
}
