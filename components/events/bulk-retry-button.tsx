"use client";

// "Retry 1,234 failed events": on the events view, for operators, when the filters hold failed
// events. A confirmation says what will happen, then the job's progress and outcome are shown.
import { useSession } from "next-auth/react";
import { useState } from "react";
import { formatCount } from "@/components/events/format";
import { RetryFilterList } from "@/components/events/retry-filter-list";
import { RetryJobProgress } from "@/components/events/retry-job-progress";
import { failedFilterParams, useFailedEventCount, useRetryJob, useStartBulkRetry } from "@/components/events/use-retry-jobs";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Icon } from "@/components/ui/icons";
import { can } from "@/lib/access/roles";
import { BULK_RETRY_CAP } from "@/lib/events/retry/bulk-retry-schemas";

export function BulkRetryButton({ apiQuery, includesFailed }: { apiQuery: string; includesFailed: boolean }) {
  const { data: session } = useSession();
  const mayRetry = session?.user.role ? can({ role: session.user.role }, "events:retry") : false;
  const filters = failedFilterParams(apiQuery);
  const count = useFailedEventCount(filters, mayRetry && includesFailed);
  const [open, setOpen] = useState(false);
  const start = useStartBulkRetry();
  const job = useRetryJob(start.data?.id);

  // Once open, the dialog stays until closed: the job's end reloads the count, which may be 0 then.
  if (!mayRetry || !includesFailed || (!open && !count.data?.count)) return null;
  const n = count.data?.count ?? 0;
  const capped = count.data?.capped ?? false;
  const label = `Retry ${formatCount(n)}${capped ? "+" : ""} failed ${n === 1 ? "event" : "events"}`;
  const running = start.isPending || job.data?.status === "running";

  function close() {
    if (running) return;
    setOpen(false);
    start.reset();
  }

  return (
    <>
      {n > 0 ? (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)} data-testid="bulk-retry">
          <Icon name="refresh" className="size-3.5" />
          {label}
        </Button>
      ) : null}
      <Dialog
        open={open}
        onClose={close}
        size="sm"
        testId="bulk-retry-dialog"
        title={start.data ? "Retrying failed events" : `${label}?`}
        description={
          start.data
            ? undefined
            : "Every failed event these filters match is processed again in the background, oldest first. Events whose credential exists now become processed; the others stay failed with their reason."
        }
        footer={
          <DialogActions
            onCancel={close}
            holdCancel
            onAction={() => start.mutate(filters)}
            label={`Retry ${formatCount(n)} ${n === 1 ? "event" : "events"}`}
            pendingLabel="Starting…"
            pending={start.isPending}
            autoFocus
            done={
              start.data ? { label: running ? "Working…" : "Close", onClick: close, autoFocus: true, disabled: running } : null
            }
          />
        }
      >
        <div className="space-y-3">
          {start.data ? null : <RetryFilterList filters={filters} />}
          {capped && !start.data ? (
            <Alert tone="info">
              More than {formatCount(BULK_RETRY_CAP)} failed events match: this retries the oldest {formatCount(BULK_RETRY_CAP)}.
              Run it again for the rest.
            </Alert>
          ) : null}
          {job.data ? <RetryJobProgress job={job.data} /> : start.data ? <RetryJobProgress job={start.data} /> : null}
          {start.isError ? <Alert title="Not started.">{start.error.message}</Alert> : null}
        </div>
      </Dialog>
    </>
  );
}
