"use client";

// What happened to an event: every processing attempt, and every webhook delivery of it.
import Link from "next/link";
import { Mono, Time } from "@/components/events/detail/detail-parts";
import type { EventDetail as EventDetailData } from "@/components/events/event-types";
import { humanize } from "@/components/events/format";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/class-names";
import { Skeleton } from "@/components/ui/skeleton";
import { credentialsLink, webhooksLink } from "@/lib/links/list-links";

export function Attempts({ event, loading }: { event: EventDetailData; loading: boolean }) {
  if (loading)
    return (
      <div className="space-y-2 px-4 py-3">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  if (event.attempts.length === 0)
    return (
      <p className="px-4 py-3 text-sm text-(--fg-muted)">Not processed yet: the worker picks pending events up within seconds.</p>
    );
  return (
    <ol className="divide-y divide-(--line)" data-testid="event-attempts">
      {[...event.attempts].reverse().map((attempt, i) => (
        <li key={attempt.id} className="flex items-start gap-3 px-4 py-2.5 text-sm">
          <span
            aria-hidden="true"
            className={cx(
              "mt-1.5 size-2 shrink-0 rounded-full",
              attempt.outcome === "processed" ? "bg-(--success)" : "bg-(--danger)",
            )}
          />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-x-2 text-(--fg)">
              <span className="font-medium">{humanize(attempt.outcome)}</span>
              {attempt.failureReason ? <span className="text-(--fg-muted)">· {humanize(attempt.failureReason)}</span> : null}
              {i === 0 ? <Badge tone="neutral">Latest</Badge> : null}
            </p>
            <p className="mt-0.5 text-xs text-(--fg-muted)">
              <Time iso={attempt.startedAt} /> · {Math.max(0, Date.parse(attempt.finishedAt) - Date.parse(attempt.startedAt))} ms
              · {triggerLabel(attempt.trigger)}
              {attempt.credentialId ? (
                <>
                  {" "}
                  · credential{" "}
                  <Link href={credentialsLink({ id: attempt.credentialId })} className="underline">
                    <Mono>{attempt.credentialId}</Mono>
                  </Link>
                </>
              ) : null}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The event's webhook deliveries, one per endpoint (a link to the endpoints page for attempts). */
export function Deliveries({ event, loading }: { event: EventDetailData; loading: boolean }) {
  const deliveries = event.deliveries ?? [];
  if (loading) return null;
  if (deliveries.length === 0)
    return (
      <p className="px-4 py-3 text-sm text-(--fg-muted)">No webhook deliveries: no endpoint of the merchant takes this event.</p>
    );
  return (
    <ol className="divide-y divide-(--line)" data-testid="event-deliveries">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="flex items-start gap-3 px-4 py-2.5 text-sm">
          <Badge tone={delivery.status === "succeeded" ? "success" : delivery.status === "failed" ? "danger" : "warning"}>
            {humanize(delivery.status)}
          </Badge>
          <div className="min-w-0 flex-1">
            <p>
              <Mono>{delivery.webhookId}</Mono> · {delivery.attemptCount} attempt{delivery.attemptCount === 1 ? "" : "s"}
            </p>
            <p className="mt-0.5 text-xs text-(--fg-muted)">
              {delivery.lastAttemptAt ? (
                <>
                  Last attempt <Time iso={delivery.lastAttemptAt} />
                </>
              ) : (
                "Not attempted yet"
              )}
              {delivery.nextAttemptAt ? (
                <>
                  {" "}
                  · next <Time iso={delivery.nextAttemptAt} />
                </>
              ) : null}{" "}
              ·{" "}
              <a className="underline" href={webhooksLink({ merchantId: delivery.merchantId })}>
                endpoint <Mono>{delivery.endpointUrl}</Mono>
              </a>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * Who decided an attempt: the worker, an operator's retry, or the sender on arrival. A single
 * POST and a batch item carry the same ingest:<user> trigger, so the words claim no batch.
 */
function triggerLabel(trigger: string): string {
  if (trigger.startsWith("retry:")) return `Retry by ${trigger.slice("retry:".length)}`;
  if (trigger.startsWith("ingest:")) return `On arrival, sent by ${trigger.slice("ingest:".length)}`;
  return "Worker";
}
