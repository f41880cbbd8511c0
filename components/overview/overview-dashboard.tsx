"use client";

// The overview: counts by status for the chosen period, events per hour or day, the top
// failure reasons, and the payments' approval rate and top declines (payment-outcomes.tsx), all
// from GET /v1/stats/overview (hourly rollups: its cost does not grow with the number of events).
// Every figure links to the events behind it (overview-links.ts). The period lives in the URL
// (?period=7d; the default 24 h leaves it out).
import Link from "next/link";
import { formatCount, formatDateTime, humanize } from "@/components/events/format";
import { useHydrated } from "@/components/events/use-hydrated";
import { CHART_COLORS, ChartLegendDot, EventsChart } from "@/components/overview/events-chart";
import { countedEventsLink } from "@/components/overview/overview-links";
import { OVERVIEW_PERIODS, type OverviewPeriod, overviewSearch, parseOverviewUrl } from "@/components/overview/overview-period";
import { type Counts, type Overview, useOverview } from "@/components/overview/overview-queries";
import { PaymentOutcomes } from "@/components/overview/payment-outcomes";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryLoadError } from "@/components/ui/load-error";
import { LoadingStatus } from "@/components/ui/loading-status";
import { Skeleton, SkeletonCards } from "@/components/ui/skeleton";
import { useUrlFilters } from "@/components/ui/use-url-filters";

const PERIODS = OVERVIEW_PERIODS;
type Period = OverviewPeriod;

const percent = (part: number, whole: number) =>
  whole === 0 ? "0%" : `${(Math.round((part / whole) * 1000) / 10).toLocaleString("en-US")}%`;

/** The four counts atop the overview, each linking to its events (the total to every status). */
const STAT_CARDS: { key: keyof Counts; label: string; detail: (totals: Counts, period: string) => string }[] = [
  { key: "total", label: "All events", detail: (_, period) => `Received in ${period}` },
  { key: "processed", label: "Processed", detail: (t) => `${percent(t.processed, t.total)} of all` },
  { key: "failed", label: "Failed", detail: (t) => `${percent(t.failed, t.total)} failure rate` },
  { key: "pending", label: "Pending", detail: () => "Waiting for the worker" },
];

function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return (
    <fieldset>
      <legend className="sr-only">Period</legend>
      <div className="flex overflow-hidden rounded-md border border-(--line-strong) bg-(--surface) shadow-(--shadow-card)">
        {PERIODS.map((p, i) => (
          <label key={p.value} className={cx("relative", i > 0 && "border-l border-(--line-strong)")}>
            <input
              type="radio"
              name="overview-period"
              className="peer sr-only"
              checked={value === p.value}
              onChange={() => onChange(p.value)}
            />
            <span
              className={cx(
                "inline-flex h-9 cursor-pointer items-center px-3.5 text-sm font-medium select-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-(--accent)",
                value === p.value
                  ? "bg-(--accent-soft) text-(--accent-text)"
                  : "text-(--fg-muted) hover:bg-(--surface-muted) hover:text-(--fg)",
              )}
            >
              {p.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function StatCard({
  label,
  count,
  detail,
  href,
  status,
  testId,
}: {
  label: string;
  count: number;
  detail: string;
  href: string;
  status?: "processed" | "failed" | "pending";
  testId: string;
}) {
  return (
    <Link
      href={href}
      data-testid={testId}
      data-count={count}
      className="group rounded-lg border border-(--line) bg-(--surface) px-5 py-4 shadow-(--shadow-card) transition-colors hover:border-(--line-strong) hover:bg-(--surface-muted)/50"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-(--fg-muted)">
        {status ? <ChartLegendDot status={status} /> : null}
        {label}
        <ControlIcon
          name="chevronRight"
          className="ml-auto size-4 text-(--fg-subtle) opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
        />
      </p>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-(--fg) tabular-nums" data-testid={`${testId}-value`}>
        {formatCount(count)}
      </p>
      <p className="mt-1 text-xs text-(--fg-subtle)">{detail}</p>
    </Link>
  );
}

function Loading() {
  return (
    <div className="space-y-6">
      <LoadingStatus>Loading the overview…</LoadingStatus>
      <SkeletonCards
        grid="grid grid-cols-2 gap-4 lg:grid-cols-4"
        card="space-y-3 px-5 py-4"
        lines={["h-4 w-24", "h-8 w-28", "h-3 w-32"]}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

function FailureReasons({ overview, period }: { overview: Overview; period: Period }) {
  const { topFailureReasons: reasons, totals } = overview;
  if (reasons.length === 0)
    return (
      <p className="px-5 py-8 text-center text-sm text-(--fg-muted)">
        No event failed in {PERIODS.find((p) => p.value === period)?.long}.
      </p>
    );
  const top = reasons[0]?.count ?? 1;
  return (
    <ol className="divide-y divide-(--line)" data-testid="failure-reasons">
      {reasons.map((r) => (
        <li key={r.reason}>
          <Link
            href={countedEventsLink(overview, { status: ["failed"], failureReason: r.reason })}
            className="block px-5 py-3 transition-colors hover:bg-(--surface-muted)/60 focus-visible:-outline-offset-2"
          >
            <span className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-(--fg)">{humanize(r.reason)}</span>
              <span className="text-(--fg-muted) tabular-nums">
                {formatCount(r.count)} <span className="text-xs text-(--fg-subtle)">· {percent(r.count, totals.failed)}</span>
              </span>
            </span>
            <span aria-hidden="true" className="mt-2 block h-1.5 overflow-hidden rounded-full bg-(--surface-muted)">
              <span className="block h-full rounded-full bg-(--chart-failed)" style={{ width: `${(r.count / top) * 100}%` }} />
            </span>
            <span className="mt-1 block font-mono text-xs text-(--fg-subtle)">{r.reason}</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

export function OverviewDashboard({ initial }: { initial?: Overview }) {
  const [{ period }, setUrl] = useUrlFilters(parseOverviewUrl, overviewSearch);
  const hydrated = useHydrated();
  const query = useOverview(period, initial);

  const overview = query.data;
  const stale = query.isPlaceholderData;
  const label = PERIODS.find((p) => p.value === period)!.long;

  return (
    <div className={cx("space-y-6", CHART_COLORS)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodPicker value={period} onChange={(next) => setUrl({ period: next })} />
        {overview && hydrated ? (
          <p className="text-xs text-(--fg-subtle)" aria-live="polite">
            {stale
              ? "Updating…"
              : `Updated ${formatDateTime(new Date(query.dataUpdatedAt).toISOString())} · refreshes every 30 s`}
          </p>
        ) : null}
      </div>

      {query.isPending ? (
        <Loading />
      ) : query.isError && !overview ? (
        <QueryLoadError query={query} what="overview" />
      ) : overview ? (
        <div
          className={cx("space-y-6 transition-opacity", stale && "opacity-60")}
          data-testid="overview"
          data-period={overview.period}
        >
          <section aria-label="Counts" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {STAT_CARDS.map((card) => {
              const status = card.key === "total" ? undefined : card.key;
              return (
                <StatCard
                  key={card.key}
                  label={card.label}
                  status={status}
                  count={overview.totals[card.key]}
                  detail={card.detail(overview.totals, label)}
                  href={countedEventsLink(overview, { status: status ? [status] : [] })}
                  testId={`overview-${card.key}`}
                />
              );
            })}
          </section>

          {overview.totals.total === 0 ? (
            <EmptyState icon="inbox" title={`No events in ${label}`}>
              Choose a longer period above, or check that the acquirers are sending notifications to{" "}
              <code>POST /v1/webhooks/events</code>.
            </EmptyState>
          ) : (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <section
                aria-labelledby="overview-chart-title"
                className="rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card) lg:col-span-2"
              >
                <div className="flex items-baseline justify-between gap-3 border-b border-(--line) px-5 py-3.5">
                  <h2 id="overview-chart-title" className="text-base font-semibold text-(--fg)">
                    Events per {overview.bucket}
                  </h2>
                  <p className="text-xs text-(--fg-subtle)">By processing status</p>
                </div>
                <div className="px-4 pt-4 pb-4">
                  <EventsChart series={overview.series} bucket={overview.bucket} />
                </div>
              </section>
              <section
                aria-labelledby="overview-failures-title"
                className="flex flex-col rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card)"
              >
                <div className="flex items-baseline justify-between gap-3 border-b border-(--line) px-5 py-3.5">
                  <h2 id="overview-failures-title" className="text-base font-semibold text-(--fg)">
                    Top failure reasons
                  </h2>
                  <p className="text-xs text-(--fg-subtle) tabular-nums">{formatCount(overview.totals.failed)} failed</p>
                </div>
                <div className="flex-1">
                  <FailureReasons overview={overview} period={period} />
                </div>
                {overview.totals.failed > 0 ? (
                  <div className="border-t border-(--line) px-5 py-3">
                    <Link
                      href={countedEventsLink(overview, { status: ["failed"] })}
                      className="inline-flex items-center gap-1 text-sm font-medium text-(--accent-text) hover:underline"
                    >
                      See the failed events
                      <ControlIcon name="chevronRight" className="size-4" />
                    </Link>
                  </div>
                ) : null}
              </section>
            </div>
          )}
          {overview.totals.total === 0 ? null : <PaymentOutcomes overview={overview} />}
        </div>
      ) : null}
    </div>
  );
}
