"use client";

// What an operator can do about a failed event: create the credential it lacked (the form
// prefilled), and retry it, with the outcome announced.
import { useSession } from "next-auth/react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { newCredentialHref } from "@/components/credentials/credential-prefill";
import type { EventDetail as EventDetailData } from "@/components/events/event-types";
import { humanize } from "@/components/events/format";
import { useRetryEvent } from "@/components/events/use-event-detail";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { Icon } from "@/components/ui/icons";
import { LinkButton } from "@/components/ui/link-button";
import { can } from "@/lib/access/roles";

/** The New credential form, prefilled with the event's merchant, acquirer, MID and TID. */
export function CreateMissingCredential({ event }: { event: EventDetailData }) {
  const { data: session } = useSession();
  if (!session?.user.role || !can({ role: session.user.role }, "credentials:write")) return null;
  const href = newCredentialHref({
    merchantId: /^[0-9a-v]{20}$/.test(event.data.merchantId) ? event.data.merchantId : undefined,
    providerName: event.data.acquirerName,
    merchantIdentifier: event.data.acquirerMerchantIdentifier,
    terminalIdentifier: event.data.acquirerTerminalIdentifier,
    eventId: event.id,
  });
  return (
    <LinkButton href={href} size="sm" className="mt-3" data-testid="create-missing-credential">
      <ControlIcon name="plus" className="size-3.5" />
      Create the missing credential
    </LinkButton>
  );
}

export function RetryControl({ event }: { event: EventDetailData }) {
  const { data: session } = useSession();
  const retry = useRetryEvent(event.id);
  const mayRetry = session?.user.role ? can({ role: session.user.role }, "events:retry") : false;
  const result = retry.data;

  return (
    <div className="space-y-3">
      {event.status === "failed" ? (
        mayRetry ? (
          <Button onClick={() => retry.mutate()} disabled={retry.isPending} data-testid="retry-event">
            <Icon name="refresh" className={cx("size-4", retry.isPending && "motion-safe:animate-spin")} />
            {retry.isPending ? "Retrying…" : "Retry processing"}
          </Button>
        ) : (
          <p className="text-sm text-(--fg-muted)">Operators can retry failed events.</p>
        )
      ) : null}
      <div role="status" aria-live="polite" data-testid="retry-result">
        {result ? (
          <Alert tone={result.status === "processed" ? "info" : "danger"}>
            {result.status === "processed" ? (
              <span className="inline-flex items-center gap-2 text-(--success)">
                <Icon name="refresh" className="size-4" />
                Retried: the event is now <strong>processed</strong>.
              </span>
            ) : (
              <>
                Retried: still <strong>{result.status}</strong>
                {result.failureReason ? ` (${humanize(result.failureReason)})` : ""}.
              </>
            )}
          </Alert>
        ) : retry.isError ? (
          <Alert>
            {retry.error instanceof ApiRequestError && retry.error.code === "event_not_failed"
              ? "This event is no longer failed: someone retried it already. Reload to see its status."
              : `The retry could not be done: ${retry.error.message}`}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
