"use client";

// Events per hour (24 h) or per day (7 and 30 days), stacked by status, drawn as SVG: no chart
// library on the console's pages. Hovering a bar shows its counts; clicking it opens the events
// of that hour or day. The numbers are also in a table for screen readers.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { formatCount } from "@/components/events/format";
import { useHydrated } from "@/components/events/use-hydrated";
import { cx } from "@/components/ui/class-names";
import { eventsLink } from "@/lib/links/list-links";

export type SeriesPoint = { start: string; processed: number; failed: number; pending: number; total: number };

const STATUSES = [
  { key: "processed", label: "Processed", color: "var(--chart-processed)" },
  { key: "failed", label: "Failed", color: "var(--chart-failed)" },
  { key: "pending", label: "Pending", color: "var(--chart-pending)" },
] as const;

/** The status colours, for an ancestor of the chart and of anything using ChartLegendDot. */
export const CHART_COLORS =
  "[--chart-failed:#e5484d] [--chart-pending:#f5a524] [--chart-processed:var(--accent)] dark:[--chart-failed:#ff6369] dark:[--chart-pending:#ffc53d]";

const WIDTH = 600;
const HEIGHT = 250;
const PAD = { top: 10, right: 4, bottom: 24, left: 40 };

/** A round step for four grid lines above zero: 1, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten. */
function niceStep(max: number): number {
  const raw = Math.max(1, max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const step of [1, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    if (step * magnitude >= raw && Number.isInteger(step * magnitude)) return step * magnitude;
  }
  return 10 * magnitude;
}

const hourLabel = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const hourTitle = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayTitle = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * The chart's numbers as a table, for screen readers. A table ignores height and overflow: sr-only
 * on the table itself let its rows stretch the page (about 440 px of blank space at 1440x900); a
 * block wrapper clips them.
 */
function ChartTable({
  series,
  bucket,
  title,
}: {
  series: SeriesPoint[];
  bucket: "hour" | "day";
  title: (iso: string) => string;
}) {
  return (
    <div className="sr-only">
      <table>
        <caption>Events per {bucket} by status</caption>
        <thead>
          <tr>
            <th scope="col">{bucket === "hour" ? "Hour" : "Day"}</th>
            {STATUSES.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.start}>
              <th scope="row">{title(point.start)}</th>
              {STATUSES.map((s) => (
                <td key={s.key}>{point[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EventsChart({ series, bucket }: { series: SeriesPoint[]; bucket: "hour" | "day" }) {
  const router = useRouter();
  // Hours are labelled in the viewer's zone, which the server does not know: after hydration.
  const hydrated = useHydrated();
  const [hover, setHover] = useState<number | undefined>(undefined);
  const step = niceStep(Math.max(0, ...series.map((p) => p.total)));
  const max = step * 4;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, series.length);
  const barWidth = Math.max(2, slot * 0.68);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const ticks = [0, 1, 2, 3, 4].map((i) => i * step);
  const labelEvery = Math.ceil(series.length / 8);
  const label = (iso: string) =>
    bucket === "hour" ? (hydrated ? hourLabel.format(new Date(iso)) : "") : dayLabel.format(new Date(iso));
  const title = (iso: string) =>
    bucket === "hour" ? (hydrated ? hourTitle.format(new Date(iso)) : iso.slice(11, 16)) : dayTitle.format(new Date(iso));
  const size = bucket === "hour" ? 3_600_000 : 86_400_000;
  const hovered = hover !== undefined ? series[hover] : undefined;

  function open(point: SeriesPoint) {
    const from = new Date(point.start).toISOString();
    const to = new Date(Date.parse(point.start) + size).toISOString();
    router.push(eventsLink({ from, to }));
  }

  return (
    <figure className="relative">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Events per ${bucket} by status; the busiest ${bucket} had ${formatCount(Math.max(0, ...series.map((p) => p.total)))} events.`}
        onMouseLeave={() => setHover(undefined)}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--line)"
              strokeDasharray={tick === 0 ? undefined : "3 4"}
            />
            <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="11" fill="var(--fg-subtle)">
              {tick >= 10_000 ? `${Math.round(tick / 1000)}k` : formatCount(tick)}
            </text>
          </g>
        ))}
        {series.map((point, i) => {
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          let base = 0;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; the same lists are linked from the cards
            <g
              key={point.start}
              onMouseEnter={() => setHover(i)}
              onClick={() => open(point)}
              className="cursor-pointer"
              opacity={hover === undefined || hover === i ? 1 : 0.55}
            >
              <rect x={PAD.left + i * slot} y={PAD.top} width={slot} height={plotHeight} fill="transparent" />
              {STATUSES.map((status) => {
                const value = point[status.key];
                if (value === 0) return null;
                const top = y(base + value);
                const height = Math.max(1, y(base) - top);
                base += value;
                return (
                  <rect
                    key={status.key}
                    x={x}
                    y={top}
                    width={barWidth}
                    height={height}
                    rx={barWidth > 6 ? 1.5 : 0}
                    fill={status.color}
                  />
                );
              })}
              {i % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="var(--fg-subtle)">
                  {label(point.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {hovered && hover !== undefined ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-2 z-10 min-w-40 rounded-md border border-(--line) bg-(--surface) px-3 py-2 text-xs shadow-lg"
          style={{
            left: `${((PAD.left + (hover + 0.5) * slot) / WIDTH) * 100}%`,
            transform: `translateX(${hover > series.length / 2 ? "-105%" : "5%"})`,
          }}
        >
          <p className="mb-1 font-medium text-(--fg)">{title(hovered.start)}</p>
          {STATUSES.map((status) => (
            <p key={status.key} className="flex items-center justify-between gap-4 text-(--fg-muted)">
              <span className="inline-flex items-center gap-1.5">
                <span className="size-2 rounded-sm" style={{ background: status.color }} />
                {status.label}
              </span>
              <span className="font-medium text-(--fg) tabular-nums">{formatCount(hovered[status.key])}</span>
            </p>
          ))}
          <p className="mt-1 border-t border-(--line) pt-1 text-(--fg-subtle)">Click to see these events</p>
        </div>
      ) : null}
      <figcaption className="mt-3 flex flex-wrap items-center gap-4 text-xs text-(--fg-muted)">
        {STATUSES.map((status) => (
          <span key={status.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: status.color }} />
            {status.label}
          </span>
        ))}
        <span className="ml-auto text-(--fg-subtle)">{bucket === "hour" ? "Hours in your time zone" : "Days in UTC"}</span>
      </figcaption>
      <ChartTable series={series} bucket={bucket} title={title} />
    </figure>
  );
}

export function ChartLegendDot({ status, className }: { status: "processed" | "failed" | "pending"; className?: string }) {
  const color = STATUSES.find((s) => s.key === status)?.color;
  return <span aria-hidden="true" className={cx("inline-block size-2.5 rounded-sm", className)} style={{ background: color }} />;
}
