"use client";

// Upload an acquirer's statement (admins and operators): a file input that also takes a file
// dropped on it, the upload's progress, then the import's summary, or the refused file's faults
// line by line in the API's words (nothing of a refused file is stored).
import { useId, useRef, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { ImportSummary } from "@/components/reconciliation/import-summary";
import { StatementRefused, type UploadProgress, useUploadStatement } from "@/components/reconciliation/reconciliation-queries";
import { Alert } from "@/components/ui/alert";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/class-names";

const percentOf = (progress: UploadProgress) =>
  progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

export function StatementUpload() {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const upload = useUploadStatement(setProgress);

  function send(file: File | undefined) {
    if (!file || upload.isPending) return;
    setFileName(file.name);
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(file, {
      onSettled: () => {
        // The same file may be chosen again (after fixing it, say): the input must report a change.
        if (input.current) input.current.value = "";
      },
    });
  }

  const error = upload.error;
  return (
    <Card className="mb-6">
      <CardHeader
        title="Import a statement"
        description="Cielo's Extrato Eletrônico (sales or payments) or our CSV statement. Its sales are matched against the notifications."
      />
      <div className="space-y-4 px-5 py-4">
        <label
          htmlFor={inputId}
          data-testid="statement-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            send(event.dataTransfer.files[0]);
          }}
          className={cx(
            "flex cursor-pointer flex-col items-center gap-1 rounded-md border border-dashed px-4 py-6 text-center text-sm",
            dragging ? "border-(--accent) bg-(--accent-soft)" : "border-(--line-strong) bg-(--surface-muted)/50",
          )}
        >
          <span className="font-medium text-(--fg)">Choose a statement file, or drop it here</span>
          <span id={hintId} className="text-xs text-(--fg-muted)">
            Up to 100 MiB. A file with any bad line is refused whole.
          </span>
          <input
            ref={input}
            id={inputId}
            type="file"
            aria-describedby={hintId}
            disabled={upload.isPending}
            className="sr-only"
            onChange={(event) => send(event.target.files?.[0])}
          />
        </label>

        {upload.isPending && progress ? (
          <div role="status" data-testid="upload-progress" className="space-y-1 text-sm text-(--fg-muted)">
            <p>
              {percentOf(progress) < 100
                ? `Uploading ${fileName ?? "the file"}… ${percentOf(progress)}%`
                : `Matching ${fileName ?? "the file"} against the notifications…`}
            </p>
            <progress className="h-2 w-full" max={100} value={percentOf(progress)} aria-label="Upload progress" />
          </div>
        ) : null}

        {upload.isSuccess ? (
          <div data-testid="import-result" className="space-y-2">
            <p role="status" className="text-sm text-(--fg)">
              {fileName} imported: {upload.data.acquirerName}, {upload.data.periodStart ?? "?"} to {upload.data.periodEnd ?? "?"}.
            </p>
            {upload.data.summary ? <ImportSummary importId={upload.data.id} summary={upload.data.summary} /> : null}
          </div>
        ) : null}

        {error instanceof StatementRefused ? (
          <Alert title={`${fileName ?? "The file"} was refused: nothing was imported`}>
            <p>{error.message}</p>
            <ul data-testid="statement-faults" className="mt-2 list-disc space-y-0.5 pl-5">
              {error.faults.map((fault) => (
                <li key={`${fault.line}:${fault.field}:${fault.message}`}>
                  Line {fault.line}, {fault.field}: {fault.message}
                </li>
              ))}
            </ul>
          </Alert>
        ) : error ? (
          <Alert title="The statement was not imported">
            {error instanceof ApiRequestError ? error.message : "The service did not answer. Nothing was imported; try again."}
          </Alert>
        ) : null}
      </div>
    </Card>
  );
}
