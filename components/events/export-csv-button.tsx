"use client";

// "Export CSV": downloads GET /v1/webhooks/events/export for the current filter. The response is
// read as a stream so that the user sees how far it got (events and megabytes so far) on a large
// export, and can cancel it; the file is handed to the browser when the stream ends.
import { useSession } from "next-auth/react";
import { useEffect, useRef, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { renewAccessToken } from "@/components/api/renew-access-token";
import { EventIcon } from "@/components/events/event-icons";
import { formatCount } from "@/components/events/format";
import { Button } from "@/components/ui/button";

type State =
  | { phase: "idle" }
  | { phase: "running"; rows: number; bytes: number }
  | { phase: "done"; rows: number }
  | { phase: "failed"; message: string };

const NEWLINE = 10;
const PROGRESS_EVERY_MS = 150;

function filenameOf(response: Response): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? "events.csv";
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 1 : 0)} MB`;

export function ExportCsvButton({ apiQuery }: { apiQuery: string }) {
  const { data: session } = useSession();
  const [state, setState] = useState<State>({ phase: "idle" });
  const abort = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (state.phase !== "done") return;
    const timer = setTimeout(() => setState({ phase: "idle" }), 6000);
    return () => clearTimeout(timer);
  }, [state.phase]);

  async function request(signal: AbortSignal): Promise<Response> {
    const send = (token: string | undefined) =>
      fetch(`/v1/webhooks/events/export?${apiQuery}`, {
        headers: { authorization: `Bearer ${token ?? ""}`, accept: "text/csv" },
        cache: "no-store",
        signal,
      });
    let response = await send(session?.accessToken ?? (await renewAccessToken()));
    if (response.status === 401) response = await send(await renewAccessToken());
    if (!response.ok) throw await ApiRequestError.from(response);
    return response;
  }

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: "running", rows: 0, bytes: 0 });
    try {
      const response = await request(controller.signal);
      const reader = response.body?.getReader();
      if (!reader) throw new Error("The browser cannot read the export.");
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let lines = 0;
      let bytes = 0;
      let shownAt = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        for (let i = 0; i < value.length; i++) if (value[i] === NEWLINE) lines++;
        if (performance.now() - shownAt > PROGRESS_EVERY_MS) {
          shownAt = performance.now();
          setState({ phase: "running", rows: Math.max(0, lines - 1), bytes });
        }
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = filenameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ phase: "done", rows: Math.max(0, lines - 1) });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: "idle" });
      else setState({ phase: "failed", message: error instanceof Error ? error.message : "The export failed." });
    } finally {
      if (abort.current === controller) abort.current = undefined;
    }
  }

  const running = state.phase === "running";
  return (
    <div className="flex items-center gap-3">
      <p role="status" className="text-xs text-(--fg-muted)" data-testid="export-status">
        {state.phase === "running" ? (
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="relative h-1.5 w-20 overflow-hidden rounded-full bg-(--surface-muted)">
              <span className="absolute inset-y-0 left-0 w-1/3 rounded-full bg-(--accent) motion-safe:animate-[export-progress_1.2s_ease-in-out_infinite]" />
            </span>
            Exporting… {formatCount(state.rows)} events · {megabytes(state.bytes)}
          </span>
        ) : state.phase === "done" ? (
          <span className="text-(--success)">Exported {formatCount(state.rows)} events.</span>
        ) : state.phase === "failed" ? (
          <span className="text-(--danger)">Export failed: {state.message}</span>
        ) : null}
      </p>
      {running ? (
        <Button variant="secondary" size="sm" onClick={() => abort.current?.abort()}>
          Cancel export
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => void run()}>
          <EventIcon name="download" className="size-4" />
          Export CSV
        </Button>
      )}
      <style>{"@keyframes export-progress{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}"}</style>
    </div>
  );
}
