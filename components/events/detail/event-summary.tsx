"use client";

// The head of an event's page: amount, status, payment method and card, when and which id; for a
// failed event the reason, what to do about it, and the retry.
import Link from "next/link";
import { Mono, Time } from "@/components/events/detail/detail-parts";
import { CreateMissingCredential, RetryControl } from "@/components/events/detail/event-actions";
import { EventIcon } from "@/components/events/event-icons";
import type { EventDetail as EventDetailData } from "@/components/events/event-types";
import { acquirerLabel, brandLabel, formatAmount, humanize } from "@/components/events/format";
import { EventStatusBadge, TransactionStatusLabel } from "@/components/events/status-badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Skeleton } from "@/components/ui/skeleton";
import { credentialsLink } from "@/lib/links/list-links";

/** The disabled credential the latest attempt found (newer attempts record it; older ones name none). */
function DisabledCredentialLink({ event }: { event: EventDetailData }) {
  const credentialId = event.attempts.at(-1)?.credentialId;
  if (!credentialId) return null;
  return (
    <Link href={credentialsLink({ id: credentialId })} className="mt-2 inline-block font-medium text-(--accent) underline">
      Open the disabled credential
    </Link>
  );
}

const FAILURE_HELP: Record<string, string> = {
  no_matching_credential:
    "No credential of this acquirer matches the event's merchant (MID) and terminal (TID). Create the credential, then retry.",
  credential_disabled: "The matching credential is disabled. Enable it (or create a new one), then retry.",
  missing_card_data: "The acquirer sent a card payment without card data. Ask the sender to include cardData.",
  card_data_on_pix: "The acquirer sent a pix payment with card data or an EMV AID. Check the sender's mapping.",
  installments_not_on_credit: "The notification splits a debit or pix payment into installments. Check the sender's mapping.",
  missing_authorization_code: "The acquirer sent an approved card payment without an authorization code.",
};

export function EventSummary({ event, preview }: { event: EventDetailData; preview: boolean }) {
  const { data } = event;
  const card = data.cardData;
  return (
    <div className="rounded-lg border border-(--line) bg-(--surface) px-5 py-4 shadow-(--shadow-card)">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-(--fg-muted)">
            {humanize(data.transactionType)} · {acquirerLabel(data.acquirerName)}
          </p>
          <p className="mt-1 text-3xl font-semibold tracking-tight text-(--fg) tabular-nums" data-testid="event-amount">
            {formatAmount(data.amount, data.currency)}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <span data-testid="event-status">
              <EventStatusBadge status={event.status} />
            </span>
            <TransactionStatusLabel status={data.transactionStatus} />
            <span className="inline-flex items-center gap-1.5 text-sm text-(--fg-muted)">
              <EventIcon name={data.paymentMethod === "pix" ? "pix" : "card"} className="size-4" />
              {data.paymentMethod === "pix"
                ? "Pix"
                : `${humanize(data.paymentMethod)} · ${brandLabel(card?.cardBrand)}${card?.last4 ? ` •••• ${card.last4}` : ""}`}
              {data.installments ? ` · ${data.installments}×` : ""}
            </span>
          </div>
        </div>
        <div className="text-sm text-(--fg-muted) @2xl:text-right">
          <p>
            <Time iso={event.createdAt} relative />
          </p>
          <p className="mt-1 flex items-center gap-2 @2xl:justify-end">
            <Mono>{event.id}</Mono>
            <CopyButton value={event.id} label="Copy id" variant="ghost" />
          </p>
        </div>
      </div>
      {event.status === "failed" ? (
        <div
          className="mt-4 rounded-md border border-(--danger-line) bg-(--danger-soft) px-4 py-3 text-sm"
          data-testid="failure-reason"
        >
          {preview ? (
            <Skeleton className="h-4 w-1/2" />
          ) : (
            <>
              <p className="font-medium text-(--danger)">
                Failed: {event.failureReason ? humanize(event.failureReason) : "unknown reason"}
              </p>
              {event.failureReason && FAILURE_HELP[event.failureReason] ? (
                <p className="mt-1 text-(--fg-muted)">{FAILURE_HELP[event.failureReason]}</p>
              ) : null}
              {event.failureReason === "no_matching_credential" ? <CreateMissingCredential event={event} /> : null}
              {event.failureReason === "credential_disabled" ? <DisabledCredentialLink event={event} /> : null}
            </>
          )}
        </div>
      ) : null}
      {!preview ? (
        <div className="mt-4">
          <RetryControl event={event} />
        </div>
      ) : null}
    </div>
  );
}
