"use client";

// The whole payment on an event's detail: its net state, one line in words
// ("authorized 14:01:07, captured 14:05:12, voided 15:20:44") and each event of it, linked, this
// one marked. The events and the state come from GET /v1/webhooks/events/{id} (`payment`).
import Link from "next/link";
import { Time } from "@/components/events/detail/detail-parts";
import type { EventDetail } from "@/components/events/event-types";
import { formatAmount, formatShortDateTime, humanize } from "@/components/events/format";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import type { PaymentEventDto, PaymentState } from "@/lib/events/list/payment-state";

const DONE: Record<PaymentEventDto["transactionType"], string> = {
  authorization: "authorized",
  pre_authorization: "pre-authorized",
  capture: "captured",
  void: "voided",
  reversal: "reversed",
};

const STATE_TONE: Record<PaymentState, "success" | "warning" | "danger" | "neutral" | "accent"> = {
  pending: "warning",
  denied: "danger",
  authorized: "accent",
  pre_authorized: "accent",
  captured: "success",
  voided: "neutral",
  reversed: "neutral",
};

/** "captured", or "capture denied" / "capture pending" when it was not approved. */
export function paymentStep(e: Pick<PaymentEventDto, "transactionType" | "transactionStatus">): string {
  if (e.transactionStatus === "approved") return DONE[e.transactionType];
  return `${humanize(e.transactionType).toLowerCase()} ${e.transactionStatus}`;
}

const clock = (iso: string) => formatShortDateTime(iso).replace(/^.*, /, "");

export function PaymentTimeline({ event, loading }: { event: EventDetail; loading: boolean }) {
  const payment = event.payment;
  if (loading || !payment) return <Skeleton className="mx-4 my-3 h-16" />;
  return (
    <div className="space-y-3 px-4 py-3 text-sm" data-testid="payment-timeline">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-(--fg-muted)">Net state</span>
        <Badge tone={STATE_TONE[payment.state]} data-testid="payment-state">
          {humanize(payment.state)}
        </Badge>
      </p>
      <p data-testid="payment-summary">{payment.events.map((e) => `${paymentStep(e)} ${clock(e.createdAt)}`).join(", ")}</p>
      {payment.events.length === 1 ? (
        <p className="text-(--fg-muted)">
          No other event of this payment (same acquirer, MID, TID and RRN or authorization code).
        </p>
      ) : (
        <ol className="space-y-1.5">
          {payment.events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline gap-x-2" data-testid="payment-event">
              <Time iso={e.createdAt} />
              <span className="font-medium">{paymentStep(e)}</span>
              <span className="tabular-nums">{formatAmount(e.amount, event.data.currency)}</span>
              {e.id === event.id ? (
                <span className="text-(--fg-subtle)">(this event)</span>
              ) : (
                <Link href={`/events/${e.id}`} className="font-mono text-xs text-(--accent-text) hover:underline">
                  {e.id}
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
