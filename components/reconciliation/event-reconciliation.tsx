"use client";

// An event's reconciliation state on its page: a badge for whether an acquirer's statement
// listed its payment, linking to the import's exceptions on the Reconciliation page (of the
// exception's kind, when one names the payment).
import Link from "next/link";
import { useEventReconciliation } from "@/components/reconciliation/reconciliation-queries";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { reconciliationLink } from "@/lib/links/list-links";
import type { EventReconciliationDto } from "@/lib/reconciliation/event-reconciliation-dto";
import { EXCEPTION_KIND_LABELS } from "@/lib/reconciliation/reconciliation-values";

function label(r: EventReconciliationDto): { text: string; tone: "success" | "warning" | "neutral" } {
  if (r.state === "matched") return { text: "Matched", tone: "success" };
  if (r.state === "not_reconciled") return { text: "Not reconciled yet", tone: "neutral" };
  const kind = r.kind ? EXCEPTION_KIND_LABELS[r.kind] : "Exception";
  return r.exceptionStatus === "open"
    ? { text: `${kind} (open)`, tone: "warning" }
    : { text: `${kind} (resolved)`, tone: "neutral" };
}

export function EventReconciliation({ eventId }: { eventId: string }) {
  const query = useEventReconciliation(eventId);
  if (query.isPending) return <Skeleton className="h-5 w-32" />;
  // A failed read leaves the row quiet: the rest of the event is what the page is for.
  if (query.isError) return <span className="text-(--fg-muted)">Unavailable</span>;
  const r = query.data;
  const { text, tone } = label(r);
  const href = r.importId ? reconciliationLink({ import_id: r.importId, ...(r.kind ? { kind: r.kind } : {}) }) : null;
  return (
    <span className="inline-flex items-center gap-2" data-testid="event-reconciliation" data-state={r.state}>
      <Badge tone={tone}>{text}</Badge>
      {href ? (
        <Link href={href} className="text-(--accent-text) hover:underline">
          {r.state === "matched" ? "Import" : "Exception"}
        </Link>
      ) : null}
    </span>
  );
}
