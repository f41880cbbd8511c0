"use client";

// A delivery's attempts, oldest first: when, the receiver's status (or why none came), the error
// class, how long it took, the response's first characters, and what was sent (the headers of
// each attempt, the body once: every attempt sends the same body).
import { DateTime } from "@/components/ui/date-time";
import type { DeliveryDetailDto } from "@/lib/webhooks/delivery/delivery-dto";

export function DeliveryAttempts({ detail }: { detail: DeliveryDetailDto | undefined }) {
  if (!detail) return <p className="text-sm text-(--fg-muted)">Loading the attempts…</p>;
  return (
    <div className="space-y-3 text-sm">
      {detail.attempts.length === 0 ? <p className="text-(--fg-muted)">No attempt yet.</p> : null}
      <ol className="space-y-3" data-testid="attempts">
        {detail.attempts.map((a, index) => (
          <li key={a.id} data-testid="attempt" className="rounded-md border border-(--line) p-3">
            <p className="font-medium">
              Attempt {index + 1} · <DateTime iso={a.startedAt} /> ·{" "}
              {a.statusCode !== null ? `HTTP ${a.statusCode}` : "no response"} ·{" "}
              <span data-testid="attempt-error-class">{a.errorClass ?? "delivered"}</span> · {a.durationMs} ms
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer text-(--fg-muted)">Request headers</summary>
              <dl
                className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 font-mono text-xs"
                data-testid="attempt-request-headers"
              >
                {Object.entries(a.requestHeaders).map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="text-(--fg-subtle)">{name}</dt>
                    <dd className="break-all">{value}</dd>
                  </div>
                ))}
              </dl>
            </details>
            {a.responseBody ? (
              <details className="mt-1" open>
                <summary className="cursor-pointer text-(--fg-muted)">Response (first characters)</summary>
                <pre className="mt-1 max-h-32 overflow-auto font-mono text-xs whitespace-pre-wrap" data-testid="attempt-response">
                  {a.responseBody}
                </pre>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      <details>
        <summary className="cursor-pointer text-(--fg-muted)">Request body</summary>
        <pre
          className="mt-1 max-h-64 overflow-auto rounded-md bg-(--surface-muted) p-3 font-mono text-xs whitespace-pre-wrap"
          data-testid="delivery-request-body"
        >
          {detail.requestBody}
        </pre>
      </details>
    </div>
  );
}
