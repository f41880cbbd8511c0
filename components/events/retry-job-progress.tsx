"use client";

// A bulk retry's progress and outcome: a bar while it runs, then how many events became
// processed and how many failed again. Announced to screen readers as it changes.
import { formatCount } from "@/components/events/format";
import type { RetryJobDto } from "@/lib/events/retry/bulk-retry-schemas";

export function RetryJobProgress({ job }: { job: RetryJobDto }) {
  const done = job.status === "done";
  const share = job.total === 0 ? 1 : job.retried / job.total;
  return (
    <div className="space-y-2" data-testid="retry-job-progress">
      <div
        role="progressbar"
        aria-label="Retry progress"
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.retried}
        className="h-2 overflow-hidden rounded-full bg-(--surface-muted)"
      >
        <div className="h-full bg-(--accent) motion-safe:transition-[width]" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p role="status" aria-live="polite" className="text-sm" data-testid="retry-job-status">
        {done ? (
          <>
            Done: <strong className="text-(--success)">{formatCount(job.processed)} processed</strong>
            {job.failed > 0 ? (
              <>
                , <strong className="text-(--danger)">{formatCount(job.failed)} still failed</strong>
              </>
            ) : null}
            {job.retried < job.total ? ` (${formatCount(job.total - job.retried)} were retried by someone else meanwhile)` : ""}.
          </>
        ) : (
          `Retrying… ${formatCount(job.retried)} of ${formatCount(job.total)}`
        )}
      </p>
    </div>
  );
}
