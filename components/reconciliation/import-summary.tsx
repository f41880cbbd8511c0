"use client";

// An import's summary: its sales and what became of them, each exception count linking to
// those exceptions of the import.
import Link from "next/link";
import { reconciliationLink } from "@/lib/links/list-links";
import type { ImportDto } from "@/lib/reconciliation/import-dto";
import { EXCEPTION_KIND_LABELS, type ExceptionKind } from "@/lib/reconciliation/reconciliation-values";

type ReconciliationSummary = NonNullable<ImportDto["summary"]>;

const KIND_COUNTS: [ExceptionKind, keyof ReconciliationSummary][] = [
  ["missing_notification", "missingNotification"],
  ["notification_without_sale", "notificationWithoutSale"],
  ["amount_mismatch", "amountMismatch"],
  ["status_mismatch", "statusMismatch"],
];

export function ImportSummary({ importId, summary }: { importId: string; summary: ReconciliationSummary }) {
  return (
    <dl data-testid="import-summary" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      <div>
        <dt className="text-xs text-(--fg-subtle)">Sales</dt>
        <dd className="font-medium tabular-nums">{summary.sales}</dd>
      </div>
      <div>
        <dt className="text-xs text-(--fg-subtle)">Matched</dt>
        <dd className="font-medium tabular-nums">{summary.matched}</dd>
      </div>
      {KIND_COUNTS.map(([kind, key]) => (
        <div key={kind}>
          <dt className="text-xs text-(--fg-subtle)">{EXCEPTION_KIND_LABELS[kind]}</dt>
          <dd className="font-medium tabular-nums">
            {summary[key] > 0 ? (
              <Link href={reconciliationLink({ import_id: importId, kind })} className="text-(--accent-text) hover:underline">
                {summary[key]}
              </Link>
            ) : (
              summary[key]
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
