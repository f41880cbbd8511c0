// GET /v1/webhooks/events/{id}/reconciliation: whether the event's payment was reconciled. Any
// event of the payment answers for it (lib/events/list/find-payment-events.ts links them): the
// matching names a payment by its origin event (reconciliation_matches.event_id,
// reconciliation_exceptions.event_id), so the payment's event ids are probed in both, each by its
// event_id index. The event is found within the caller's scope (another merchant's is a 404) and
// the exceptions read are the scope's too.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { eventOwnerWhere, tenantScope } from "@/lib/access/tenant-scope";
import { readDb, readSql } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { findPayment } from "@/lib/events/list/find-payment-events";
import { XID_PATTERN } from "@/lib/ids";
import { type EventReconciliationDto, NOT_RECONCILED } from "@/lib/reconciliation/event-reconciliation-dto";

/**
 * $1 event ids, $2 the merchant scope (null: every merchant). An open exception first (it needs
 * someone), then the newest import's word: a match, or a resolved exception.
 */
const STATE_SQL = `
SELECT * FROM (
  SELECT x.import_id, x.id AS exception_id, x.kind, x.status, i.created_at, x.status = 'open' AS open
  FROM reconciliation_exceptions x JOIN reconciliation_imports i ON i.id = x.import_id
  WHERE x.event_id = ANY ($1::varchar[]) AND ($2::varchar IS NULL OR x.merchant_id = $2::varchar)
  UNION ALL
  SELECT m.import_id, NULL, NULL, NULL, i.created_at, false
  FROM reconciliation_matches m JOIN reconciliation_imports i ON i.id = m.import_id
  WHERE m.event_id = ANY ($1::varchar[]) AND ($2::varchar IS NULL OR m.merchant_id = $2::varchar)
) found
ORDER BY open DESC, created_at DESC, exception_id NULLS LAST
LIMIT 1`;

export async function getEventReconciliation(options: { caller: Caller; id: string }): Promise<EventReconciliationDto> {
  const scope = tenantScope(options.caller, "read");
  if (!XID_PATTERN.test(options.id)) throw notFound("No event has this id.");
  const event = await readDb((client) =>
    client.event.findFirst({
      where: { id: options.id, ...eventOwnerWhere(scope) },
      select: {
        id: true,
        type: true,
        createdAt: true,
        data: true,
        ownerMerchantId: true,
        acquirerName: true,
        acquirerMerchantIdentifier: true,
        acquirerTerminalIdentifier: true,
        retrievalReferenceNumber: true,
        authorizationCode: true,
        paymentMethod: true,
        cardLast4: true,
      },
    }),
  );
  if (!event) throw notFound("No event has this id.");
  const payment = await findPayment(event);
  const [row] = await readSql({
    text: STATE_SQL,
    values: [payment.events.map((e) => e.id), scope.merchantId ?? null],
  });
  if (!row) return NOT_RECONCILED;
  const exceptionId = (row.exception_id as string | null) ?? null;
  return {
    state: exceptionId ? "exception" : "matched",
    importId: row.import_id as string,
    exceptionId,
    kind: (row.kind as EventReconciliationDto["kind"]) ?? null,
    exceptionStatus: (row.status as EventReconciliationDto["exceptionStatus"]) ?? null,
  };
}
