// Card brands as Brazilian POS terminals see them: EMV AIDs for credit and debit, BIN prefixes,
// and each brand's share of credit and debit sales.
import type { SeededRandom, Weighted } from "@/lib/demo/seeded-random";

export type CardScheme = {
  brand: string;
  /** AIDs (EMV tag 4F) of the brand's credit and debit applications; empty: no such product. */
  creditAids: readonly string[];
  debitAids: readonly string[];
  binPrefixes: readonly string[];
  /** Amex keeps 6-digit BINs; Visa and Mastercard moved to 8 (2022). */
  eightDigitBins: boolean;
};

export const VISA: CardScheme = {
  brand: "visa",
  creditAids: ["A0000000031010"],
  debitAids: ["A0000000031010", "A0000000032010"], // Visa, Visa Electron
  binPrefixes: ["4"],
  eightDigitBins: true,
};

export const MASTERCARD: CardScheme = {
  brand: "mastercard",
  creditAids: ["A0000000041010"],
  debitAids: ["A0000000041010", "A0000000043060"], // Mastercard, Maestro
  binPrefixes: ["51", "52", "53", "54", "55", "2221", "2300", "2500", "2710"],
  eightDigitBins: true,
};

// Elo's credit and debit applications, as in the ABECS terminal tables ("CREDITO ELO", "DEBITO ELO").
export const ELO: CardScheme = {
  brand: "elo",
  creditAids: ["A0000004941010"],
  debitAids: ["A0000004942010"],
  binPrefixes: [
    "401178",
    "431274",
    "438935",
    "451416",
    "457393",
    "504175",
    "506722",
    "509048",
    "636297",
    "636368",
    "650031",
    "650516",
    "651652",
    "655021",
  ],
  eightDigitBins: true,
};

export const AMEX: CardScheme = {
  brand: "amex",
  creditAids: ["A00000002501"],
  debitAids: [],
  binPrefixes: ["34", "37"],
  eightDigitBins: false,
};

// Hipercard's chip runs on the D-PAS platform, hence the Discover RID (A000000152).
export const HIPERCARD: CardScheme = {
  brand: "hipercard",
  creditAids: ["A0000001523010"],
  debitAids: [],
  binPrefixes: ["606282", "384100", "384140", "384160", "637095", "637568"],
  eightDigitBins: false,
};

export const CREDIT_SCHEMES: Weighted<CardScheme> = [
  [MASTERCARD, 44],
  [VISA, 33],
  [ELO, 13],
  [HIPERCARD, 6],
  [AMEX, 4],
];

export const DEBIT_SCHEMES: Weighted<CardScheme> = [
  [MASTERCARD, 42],
  [VISA, 37],
  [ELO, 21],
];

export function binOf(random: SeededRandom, scheme: CardScheme): string {
  const prefix = random.pick(scheme.binPrefixes);
  const length = scheme.eightDigitBins && random.chance(0.6) ? 8 : 6;
  return prefix + random.digits(length - prefix.length);
}
