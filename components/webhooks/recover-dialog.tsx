"use client";

// "Recover": queue again every failed delivery of the endpoint since a time, and follow the job
// (found, requeued so far, done) until it finishes. Starting a second one while the first runs
// answers the running job, so its progress shows instead.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useDialogAction } from "@/components/ui/use-dialog-action";
import { useRecoverJob, webhookKeys } from "@/components/webhooks/webhook-queries";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";
import type { RecoverJobDto } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";

/** The datetime-local value of a day ago, in the browser's time zone. */
function aDayAgo(): string {
  const d = new Date(Date.now() - 24 * 3600_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function RecoverDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const [since, setSince] = useState(aDayAgo);
  const [jobId, setJobId] = useState<string | null>(null);
  const { pending, error, setError, run } = useDialogAction();
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const sinceId = useId();
  const job = useRecoverJob(jobId);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const at = new Date(since);
    if (Number.isNaN(at.getTime())) return setError("Since must be a date and time.");
    await run(async () => {
      const started = await submit<RecoverJobDto>(`/v1/webhook-endpoints/${endpoint.id}/recover`, {
        method: "POST",
        body: { since: at.toISOString() },
      });
      setJobId(started.id);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries });
    }, "The recovery did not start.");
  }

  return (
    <ActionDialog
      onClose={onClose}
      title="Recover failed deliveries"
      description={endpoint.url}
      action={{ form: "recover-form", label: "Recover", pendingLabel: "Starting…", pending }}
      result={jobId ? <RecoverProgress job={job.data} /> : null}
      closeLabel="Close"
    >
      <form id="recover-form" className="space-y-3" onSubmit={(e) => void onSubmit(e)} noValidate>
        <p className="text-sm">Every delivery that failed since this time is sent again, from its first attempt.</p>
        <TextField id={sinceId} label="Since" type="datetime-local" value={since} onChange={(e) => setSince(e.target.value)} />
        {error ? <Alert tone="danger">{error}</Alert> : null}
      </form>
    </ActionDialog>
  );
}

function RecoverProgress({ job }: { job: RecoverJobDto | undefined }) {
  if (!job) return <p className="text-sm">Starting…</p>;
  const done = job.status === "done";
  return (
    <div className="space-y-2 text-sm" role="status" data-testid="recover-progress">
      <progress
        className="w-full"
        max={Math.max(job.total, 1)}
        value={done ? Math.max(job.total, 1) : job.requeued}
        aria-label="Recovery progress"
      />
      <p>
        {done ? "Done: " : "Requeuing: "}
        {job.requeued} of {job.total} failed deliveries queued again.
      </p>
    </div>
  );
}
