// How the console writes amounts, instants and enum values. Amounts follow Brazilian usage
// (R$ 1.234,56) in the event's own currency; instants are shown in the viewer's time zone, the
// UTC instant being kept for a title. Formatters are built once per key: Intl objects are costly.

const amountFormats = new Map<string, Intl.NumberFormat>();

/** Minor units in the currency's format: 123456 BRL → "R$ 1.234,56". */
export function formatAmount(minor: number, currency: string): string {
  let format = amountFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat("pt-BR", { style: "currency", currency });
    } catch {
      format = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    amountFormats.set(currency, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

const integerFormat = new Intl.NumberFormat("en-US");
export const formatCount = (n: number) => integerFormat.format(n);

/** Day, month and a 24-hour clock to the second: both formats below, one with the year. */
const DAY_AND_CLOCK: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", ...DAY_AND_CLOCK });
const timeZone = dateTimeFormat.resolvedOptions().timeZone;

/** "22 Nov 2026, 14:03:12" in the viewer's zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const shortFormat = new Intl.DateTimeFormat("en-US", DAY_AND_CLOCK);
const thisYear = new Date().getFullYear();

/** "Nov 22, 14:03:12" in the viewer's zone; the year only when it is not this one. */
export function formatShortDateTime(iso: string): string {
  const date = new Date(iso);
  return (date.getFullYear() === thisYear ? shortFormat : dateTimeFormat).format(date);
}

/** The UTC instant, for a title: "2026-11-22 17:03:12.345 UTC". */
export function formatUtc(iso: string): string {
  return `${iso.replace("T", " ").replace("Z", "")} UTC`;
}

/** The viewer's IANA zone, e.g. America/Sao_Paulo. */
export function viewerTimeZone(): string {
  return timeZone;
}

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "3 minutes ago", "in 2 hours". */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relativeFormat.format(seconds, "second");
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), "hour");
  return relativeFormat.format(Math.round(seconds / 86_400), "day");
}

/** "credit_card" → "Credit card", "no_matching_credential" → "No matching credential". */
export function humanize(value: string): string {
  const text = value.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const BRAND_LABELS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  elo: "Elo",
  amex: "Amex",
  hipercard: "Hipercard",
  diners: "Diners",
  discover: "Discover",
  jcb: "JCB",
  cabal: "Cabal",
};

/** A label from a table of known values, else the value humanized; `missing` for none. */
const labelOf =
  (labels: Record<string, string>, missing: string) =>
  (value: string | null | undefined): string =>
    value ? (labels[value] ?? humanize(value)) : missing;

export const brandLabel = labelOf(BRAND_LABELS, "Card");

const ACQUIRER_LABELS: Record<string, string> = {
  cielo: "Cielo",
  rede: "Rede",
  getnet: "Getnet",
  stone: "Stone",
  pagseguro: "PagSeguro",
  safrapay: "SafraPay",
};

export const acquirerLabel = labelOf(ACQUIRER_LABELS, "—");

/** A CNPJ as printed on a receipt (12.345.678/0001-95); a CPF as 123.456.789-09. */
export function formatTaxId(taxId: string): string {
  if (taxId.length === 14)
    return `${taxId.slice(0, 2)}.${taxId.slice(2, 5)}.${taxId.slice(5, 8)}/${taxId.slice(8, 12)}-${taxId.slice(12)}`;
  if (taxId.length === 11) return `${taxId.slice(0, 3)}.${taxId.slice(3, 6)}.${taxId.slice(6, 9)}-${taxId.slice(9)}`;
  return taxId;
}
