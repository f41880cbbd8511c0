// The overview's payments figures for a window: the approval rate and the most frequent decline
// codes by acquirer and by merchant. Read from the decided payments' hourly rollup plus the deltas
// not yet folded in (migration *_payment_outcome_counts): approvals are one row per hour and
// acquirer, declines one per hour, acquirer, merchant and code, so the cost grows with the
// period's declines, not with its events. Definitions in docs/api.md ("The overview").
import "server-only";
import { z } from "zod";
import type { PrismaClient } from "@/generated/prisma/client";
import { DECLINE_CLASSES, declineClassOf, describeResponseCode } from "@/lib/declines/abecs-codes";
import type { AcquirerName } from "@/lib/events/data-schema";
import { ACQUIRER_NAMES } from "@/lib/events/event-values";

export const TOP_DECLINES = 5;

const count = z.int().nonnegative();
const decline = {
  responseCode: z.string().describe("The acquirer's response code as sent; empty when it sent none"),
  description: z.string().describe("The code in words (ABECS Normativo 21), or Unknown code NN"),
  declineClass: z.enum(DECLINE_CLASSES).describe("reversible: a retry may be approved; irreversible: never retry"),
  count,
};

export const paymentOutcomesSchema = z.strictObject({
  approved: count.describe("Authorizations and pre-authorizations approved in the window"),
  declined: count.describe("Authorizations and pre-authorizations denied in the window"),
  approvalRate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe("approved / (approved + declined); null when no payment was decided in the window"),
  topDeclinesByAcquirer: z
    .array(z.strictObject({ acquirerName: z.enum(ACQUIRER_NAMES), ...decline }))
    .max(TOP_DECLINES)
    .describe("The most frequent (acquirer, response code) pairs of the denied payments, most frequent first"),
  topDeclinesByMerchant: z
    .array(z.strictObject({ merchantId: z.string(), merchantName: z.string().nullable(), ...decline }))
    .max(TOP_DECLINES)
    .describe("The most frequent (merchant, response code) pairs of the denied payments, most frequent first"),
});
export type PaymentOutcomesDto = z.output<typeof paymentOutcomesSchema>;

// One scan of the window's rollup rows, summed three ways at once (grouping sets): the decided
// totals by status, the declines by (acquirer, code) and by (merchant, code); each ranking keeps
// its first TOP_DECLINES, ties broken by name and code so the order is stable. GROUPING() tells
// the sets apart: 3 the totals, 1 by acquirer, 2 by merchant. Approved rows carry no merchant or
// code (the rollup keeps none for them), so only the denied ones are ranked.
const OUTCOMES_SQL = `
SELECT CASE g WHEN 3 THEN 'total' WHEN 1 THEN 'acquirer' ELSE 'merchant' END AS kind,
       CASE g WHEN 3 THEN transaction_status WHEN 1 THEN acquirer_name ELSE merchant_id END AS subject,
       coalesce(response_code, '') AS code, n
FROM (
  SELECT *, row_number() OVER (PARTITION BY g ORDER BY n DESC, acquirer_name, merchant_id, response_code) AS place
  FROM (
    SELECT transaction_status, acquirer_name, merchant_id, response_code, GROUPING(acquirer_name, merchant_id) AS g, sum(n)::int AS n
    FROM (
      SELECT acquirer_name, merchant_id, transaction_status, response_code, count AS n
      FROM payment_outcome_hourly_counts WHERE hour >= $1::timestamptz AND hour < $2::timestamptz
      UNION ALL
      SELECT acquirer_name, merchant_id, transaction_status, response_code, delta
      FROM payment_outcome_deltas WHERE hour >= $1::timestamptz AND hour < $2::timestamptz
    ) outcomes
    GROUP BY GROUPING SETS ((transaction_status), (transaction_status, acquirer_name, response_code), (transaction_status, merchant_id, response_code))
    HAVING sum(n) > 0
  ) sums
  WHERE g = 3 OR transaction_status = 'denied'
) ranked
WHERE g = 3 OR place <= ${TOP_DECLINES}`;

/** The database's order of text (C collation), for ties. */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Row = { kind: "total" | "acquirer" | "merchant"; subject: string; code: string; n: number };

const inWords = (code: string) => ({
  responseCode: code,
  description: describeResponseCode(code).description,
  declineClass: declineClassOf(code),
});

/** The window's payments figures; `client` is the overview's read connection. */
export async function paymentOutcomes(client: PrismaClient, from: Date, to: Date): Promise<PaymentOutcomesDto> {
  const rows = (await client.$queryRawUnsafe<Row[]>(OUTCOMES_SQL, from.toISOString(), to.toISOString())).sort(
    (a, b) => b.n - a.n || byteOrder(a.subject, b.subject) || byteOrder(a.code, b.code),
  );
  const total = (status: string) => rows.find((r) => r.kind === "total" && r.subject === status)?.n ?? 0;
  const approved = total("approved");
  const declined = total("denied");
  const byMerchant = rows.filter((r) => r.kind === "merchant");
  const merchants = byMerchant.length
    ? await client.merchant.findMany({
        where: { id: { in: [...new Set(byMerchant.map((r) => r.subject))] } },
        select: { id: true, name: true },
      })
    : [];
  const names = new Map(merchants.map((m) => [m.id, m.name]));
  return {
    approved,
    declined,
    approvalRate: approved + declined === 0 ? null : approved / (approved + declined),
    topDeclinesByAcquirer: rows
      .filter((r) => r.kind === "acquirer")
      // The rollup's acquirer is the validated notification's (an ACQUIRER_NAMES value).
      .map((r) => ({ acquirerName: r.subject as AcquirerName, ...inWords(r.code), count: r.n })),
    topDeclinesByMerchant: byMerchant.map((r) => ({
      merchantId: r.subject,
      merchantName: names.get(r.subject) ?? null,
      ...inWords(r.code),
      count: r.n,
    })),
  };
}
