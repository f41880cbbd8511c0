import { humanize } from "@/components/events/format";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/class-names";

const EVENT_TONES = { processed: "success", failed: "danger", pending: "warning" } as const;

// The dots are pseudo-elements: one element per badge, which matters in a table that renders
// rows while it scrolls.
const DOT = "before:size-1.5 before:shrink-0 before:rounded-full before:content-['']";

/** The event's processing status: a pill with a dot, so that colour is never the only cue. */
export function EventStatusBadge({ status }: { status: string }) {
  const tone = EVENT_TONES[status as keyof typeof EVENT_TONES] ?? "neutral";
  return (
    <Badge tone={tone} className={cx("gap-1.5", DOT, "before:bg-current")} data-status={status}>
      {humanize(status)}
    </Badge>
  );
}

const TRANSACTION_DOTS: Record<string, string> = {
  approved: "before:bg-(--success)",
  denied: "before:bg-(--danger)",
  pending: "before:bg-(--fg-subtle)",
};

/** The acquirer's answer to the payment: plain text with a dot, set apart from the event status pill. */
export function TransactionStatusLabel({ status }: { status: string }) {
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1.5 text-sm whitespace-nowrap text-(--fg)",
        DOT,
        "before:size-2",
        TRANSACTION_DOTS[status] ?? "before:bg-(--fg-subtle)",
      )}
      data-transaction-status={status}
    >
      {humanize(status)}
    </span>
  );
}
