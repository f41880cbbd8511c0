// A timestamp in the viewer's time zone: short in the cell, in full (with the zone) on hover.
const SHORT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const SHORT_WITH_YEAR = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const FULL = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "long" });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return (date.getFullYear() === new Date().getFullYear() ? SHORT : SHORT_WITH_YEAR).format(date);
}

export function DateTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={FULL.format(new Date(iso))} className={className}>
      {formatDateTime(iso)}
    </time>
  );
}
