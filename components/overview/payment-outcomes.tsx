"use client";

// The overview's payments: the approval rate of the period (approved ÷ decided authorizations and
// pre-authorizations; docs/api.md, "The overview") and the most frequent decline codes by
// acquirer and by merchant, each in words with its retry class and linking to its events in the
// overview's very window.
import Link from "next/link";
import { acquirerLabel, formatCount } from "@/components/events/format";
import { countedEventsLink } from "@/components/overview/overview-links";
import type { Decline, Overview } from "@/components/overview/overview-queries";
import { Badge } from "@/components/ui/badge";
import type { DeclineClass } from "@/lib/declines/abecs-codes";
import type { EventFilters } from "@/lib/events/list/event-filters";

const CLASS_TONES: Record<DeclineClass, "warning" | "danger" | "neutral"> = {
  reversible: "warning",
  irreversible: "danger",
  unknown: "neutral",
};

const rate = (value: number | null) =>
  value === null ? "—" : `${(Math.round(value * 1000) / 10).toLocaleString("en-US", { minimumFractionDigits: 1 })}%`;

/** The denied payments of the window with this code ("": none sent, so the unknown class). */
const declinesLink = (overview: Overview, decline: Decline, who: Pick<EventFilters, "acquirer" | "merchantId">) =>
  countedEventsLink(overview, {
    ...who,
    transactionStatus: "denied",
    ...(decline.responseCode ? { responseCode: decline.responseCode } : { declineClass: "unknown" as const }),
  });

/** The window's approved or declined (denied) payments, counted, linking to them. */
function OutcomeLink({
  overview,
  status,
  outcome,
}: {
  overview: Overview;
  status: "approved" | "denied";
  outcome: "approved" | "declined";
}) {
  return (
    <Link
      href={countedEventsLink(overview, { transactionStatus: status })}
      className="text-(--accent-text) hover:underline"
      data-testid={`${outcome}-payments`}
    >
      {formatCount(overview.payments[outcome])} {outcome}
    </Link>
  );
}

function DeclineList({
  title,
  testId,
  items,
}: {
  title: string;
  testId: string;
  items: { key: string; who: string; decline: Decline; href: string }[];
}) {
  return (
    <section aria-label={title} className="flex flex-col rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card)">
      <h2 className="border-b border-(--line) px-5 py-3.5 text-base font-semibold text-(--fg)">{title}</h2>
      {items.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-(--fg-muted)">No payment was declined.</p>
      ) : (
        <ol className="divide-y divide-(--line)" data-testid={testId}>
          {items.map(({ key, who, decline, href }) => (
            <li key={key}>
              <Link
                href={href}
                data-testid="top-decline"
                data-code={decline.responseCode}
                className="block px-5 py-3 transition-colors hover:bg-(--surface-muted)/60 focus-visible:-outline-offset-2"
              >
                <span className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate font-medium text-(--fg)">{who}</span>
                  <span className="text-(--fg-muted) tabular-nums">{formatCount(decline.count)}</span>
                </span>
                <span className="mt-1 flex items-center gap-2 text-xs text-(--fg-muted)">
                  <span className="min-w-0 truncate">
                    {decline.responseCode ? <span className="font-mono">{decline.responseCode} · </span> : null}
                    {decline.description}
                  </span>
                  <Badge tone={CLASS_TONES[decline.declineClass]} className="ml-auto">
                    {decline.declineClass}
                  </Badge>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function PaymentOutcomes({ overview }: { overview: Overview }) {
  const { payments } = overview;
  const decided = payments.approved + payments.declined;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section
        aria-label="Approval rate"
        className="rounded-lg border border-(--line) bg-(--surface) px-5 py-4 shadow-(--shadow-card)"
      >
        <h2 className="text-sm font-medium text-(--fg-muted)">Approval rate</h2>
        <p className="mt-2 text-3xl font-semibold tracking-tight text-(--fg) tabular-nums" data-testid="approval-rate">
          {rate(payments.approvalRate)}
        </p>
        <p className="mt-1 text-xs text-(--fg-subtle)">
          Approved ÷ decided authorizations and pre-authorizations ({formatCount(decided)} decided)
        </p>
        <p className="mt-3 flex gap-4 text-sm">
          <OutcomeLink overview={overview} status="approved" outcome="approved" />
          <OutcomeLink overview={overview} status="denied" outcome="declined" />
        </p>
      </section>
      <DeclineList
        title="Top declines by acquirer"
        testId="top-declines-acquirer"
        items={payments.topDeclinesByAcquirer.map((d) => ({
          key: `${d.acquirerName}|${d.responseCode}`,
          who: acquirerLabel(d.acquirerName),
          decline: d,
          href: declinesLink(overview, d, { acquirer: d.acquirerName }),
        }))}
      />
      <DeclineList
        title="Top declines by merchant"
        testId="top-declines-merchant"
        items={payments.topDeclinesByMerchant.map((d) => ({
          key: `${d.merchantId}|${d.responseCode}`,
          who: d.merchantName ?? d.merchantId,
          decline: d,
          href: declinesLink(overview, d, { merchantId: d.merchantId }),
        }))}
      />
    </div>
  );
}
