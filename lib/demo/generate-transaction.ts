// One payment as a terminal reports it: the seed's Data object. Card-present EMV acquirers see
// chip and contactless cards with their AIDs (a little magstripe and keyed entry, without AID);
// the PagSeguro gateway sees pix and card-not-present cards. Pix never has card data or an AID;
// installments only on credit; authorization codes only on approved transactions.
import { APPROVED_RESPONSE_CODE, CARD_DECLINE_CODES, PIX_DECLINE_CODES } from "@/lib/demo/abecs-response-codes";
import { authorizationCodeOf, isGateway, retrievalReferenceNumberOf } from "@/lib/demo/acquirer-identifiers";
import { FIRST_NAMES, SURNAMES } from "@/lib/demo/brazilian-names";
import { binOf, CREDIT_SCHEMES, DEBIT_SCHEMES } from "@/lib/demo/card-schemes";
import type { DemoTerminal } from "@/lib/demo/demo-model";
import type { MerchantSegment } from "@/lib/demo/merchant-segments";
import type { SeededRandom, Weighted } from "@/lib/demo/seeded-random";
import { terminalDataAt } from "@/lib/demo/terminal-profile";
import type {
  CaptureMethod,
  CardData,
  EventData,
  PaymentMethod,
  TransactionStatus,
  TransactionType,
} from "@/lib/events/data-schema";

const POS_METHODS: Weighted<PaymentMethod> = [
  ["credit_card", 46],
  ["debit_card", 34],
  ["pix", 20],
];
const GATEWAY_METHODS: Weighted<PaymentMethod> = [
  ["pix", 55],
  ["credit_card", 35],
  ["debit_card", 10],
];
const POS_CAPTURE: Weighted<CaptureMethod> = [
  ["contactless", 58],
  ["chip", 38],
  ["magstripe", 2.5],
  ["manual", 1.5],
];
// Share of each capture method that reports the cardholder's name (contactless rarely does).
const HOLDER_NAME_SHARE: Record<CaptureMethod, number> = { chip: 0.85, contactless: 0.25, magstripe: 0.95, manual: 0.9 };
const INSTALLMENT_COUNTS: Weighted<number> = [
  [2, 20],
  [3, 22],
  [4, 10],
  [5, 8],
  [6, 14],
  [8, 5],
  [10, 12],
  [12, 9],
];
const MIN_INSTALLMENT_CENTS = 500;
const MAX_AMOUNT_CENTS = 5_000_000;

/** A price in cents, log-normal around the segment's ticket, with the endings shops use (,00 ,90 ,99). */
function amountOf(random: SeededRandom, segment: MerchantSegment): number {
  const raw = Math.min(
    MAX_AMOUNT_CENTS,
    Math.max(150, Math.round(random.logNormal(segment.medianTicketCents, segment.ticketSigma))),
  );
  const reais = Math.floor(raw / 100);
  return random.weighted<number>([
    [reais * 100, 35],
    [reais * 100 + 90, 25],
    [reais * 100 + 99, 15],
    [Math.round(raw / 50) * 50, 10],
    [raw, 15],
  ]);
}

function transactionTypeOf(random: SeededRandom, method: PaymentMethod, segment: MerchantSegment): TransactionType {
  if (method === "pix") return random.chance(0.03) ? "reversal" : "authorization";
  const preAuthorization = method === "credit_card" ? segment.preAuthorizationShare : 0;
  return random.weighted<TransactionType>([
    ["authorization", 96.5 * (1 - preAuthorization)],
    ["pre_authorization", 96.5 * preAuthorization * 0.55],
    ["capture", 96.5 * preAuthorization * 0.45],
    ["void", 2.5],
    ["reversal", 1],
  ]);
}

function transactionStatusOf(random: SeededRandom, method: PaymentMethod, type: TransactionType): TransactionStatus {
  if (type === "void" || type === "reversal" || type === "capture") return random.chance(0.97) ? "approved" : "denied";
  // Pix waits for the payer's bank more often than a card waits for its issuer.
  if (method === "pix")
    return random.weighted<TransactionStatus>([
      ["approved", 93],
      ["denied", 2],
      ["pending", 5],
    ]);
  return random.weighted<TransactionStatus>([
    ["approved", 89],
    ["denied", 9.5],
    ["pending", 1.5],
  ]);
}

function holderNameOf(random: SeededRandom): string {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(SURNAMES);
  return random.chance(0.6) ? `${first} ${random.pick(SURNAMES).charAt(0)} ${last}` : `${first} ${last}`;
}

function cardOf(
  random: SeededRandom,
  method: PaymentMethod,
  gateway: boolean,
): { cardData: CardData; productAid: string | null } {
  const scheme = random.weighted(method === "credit_card" ? CREDIT_SCHEMES : DEBIT_SCHEMES);
  const captureMethod: CaptureMethod = gateway ? "manual" : random.weighted(POS_CAPTURE);
  const aids = method === "credit_card" ? scheme.creditAids : scheme.debitAids;
  const emv = captureMethod === "chip" || captureMethod === "contactless";
  return {
    cardData: {
      captureMethod,
      holderName: random.chance(HOLDER_NAME_SHARE[captureMethod]) ? holderNameOf(random) : null,
      // A few terminals do not report the brand or BIN (older acquirer integrations).
      cardBrand: random.chance(0.99) ? scheme.brand : null,
      bin: random.chance(0.98) ? binOf(random, scheme) : null,
      last4: random.chance(0.995) ? random.digits(4) : null,
    },
    productAid: emv ? random.pick(aids) : null,
  };
}

function installmentsOf(random: SeededRandom, amount: number, segment: MerchantSegment) {
  const likelihood = amount >= 10_000 ? 1 : amount >= 5_000 ? 0.3 : 0;
  if (!random.chance(segment.installmentShare * likelihood)) return { installments: null, installmentInterest: null };
  const installments = Math.min(random.weighted(INSTALLMENT_COUNTS), Math.max(2, Math.floor(amount / MIN_INSTALLMENT_CENTS)));
  // Shops absorb the interest on short plans (parcelado lojista); long plans are more often the issuer's, with interest.
  return { installments, installmentInterest: random.chance(installments > 6 ? 0.55 : 0.15) };
}

function metadataOf(random: SeededRandom, terminal: DemoTerminal): Record<string, string | number | boolean> {
  if (random.chance(0.12)) return {};
  const metadata: Record<string, string | number | boolean> = {
    orderId: random.chance(0.7) ? `PED-${random.digits(8)}` : random.digits(6),
    storeCode: terminal.merchant.storeCode,
  };
  const segment = terminal.merchant.segment.key;
  if (segment === "restaurant" && random.chance(0.6)) metadata.tableNumber = random.int(1, 40);
  if (segment === "fuel" && random.chance(0.8)) metadata.pumpNumber = random.int(1, 12);
  if (segment === "hotel" && random.chance(0.7)) metadata.reservationId = `RES${random.digits(7)}`;
  if (random.chance(0.1)) metadata.operatorId = `OP${random.digits(2)}`;
  if (random.chance(0.05)) metadata.receiptPrinted = random.chance(0.8);
  return metadata;
}

/** The Data of one payment at `at` (ms), the terminal's `sequence`-th (its NSU). */
export function generateTransaction(random: SeededRandom, terminal: DemoTerminal, at: number, sequence: number): EventData {
  const gateway = isGateway(terminal.acquirer);
  const segment = terminal.merchant.segment;
  const paymentMethod = random.weighted(gateway ? GATEWAY_METHODS : POS_METHODS);
  const transactionType = transactionTypeOf(random, paymentMethod, segment);
  const transactionStatus = transactionStatusOf(random, paymentMethod, transactionType);
  const amount = amountOf(random, segment);
  const card = paymentMethod === "pix" ? null : cardOf(random, paymentMethod, gateway);
  const plan =
    paymentMethod === "credit_card" ? installmentsOf(random, amount, segment) : { installments: null, installmentInterest: null };
  const declines = paymentMethod === "pix" ? PIX_DECLINE_CODES : CARD_DECLINE_CODES;
  // A pending transaction has no answer yet, and half the time no reference either.
  const hasReference = transactionStatus !== "pending" || random.chance(0.5);

  return {
    terminalId: terminal.id,
    merchantId: terminal.merchant.id,
    acquirerName: terminal.acquirer,
    transactionType,
    transactionStatus,
    terminalSerialNumber: terminal.profile.serialNumber,
    merchantTaxId: terminal.merchant.taxId,
    acquirerMerchantIdentifier: terminal.acquirerMerchantIdentifier,
    acquirerTerminalIdentifier: terminal.acquirerTerminalIdentifier,
    currency: "BRL",
    amount,
    paymentMethod,
    installments: plan.installments,
    installmentInterest: plan.installmentInterest,
    authorizationCode: transactionStatus === "approved" ? authorizationCodeOf(random, terminal.acquirer) : null,
    productAid: card?.productAid ?? null,
    retrievalReferenceNumber: hasReference ? retrievalReferenceNumberOf(random, terminal.acquirer, at, sequence) : null,
    acquirerResponseCode:
      transactionStatus === "approved"
        ? APPROVED_RESPONSE_CODE
        : transactionStatus === "denied"
          ? random.weighted(declines)
          : null,
    cardData: card?.cardData ?? null,
    terminalData: terminalDataAt(random, terminal.profile),
    metadata: metadataOf(random, terminal),
  };
}
