"use client";

// After a credential is created, or enabled again: the failed events it would now match (same
// acquirer, MID and TID, failed for want of a credential, or while it was disabled), with the
// offer to retry them all and the outcome, "12 processed". Closes the loop a
// no_matching_credential or credential_disabled event opens.
import { useSession } from "next-auth/react";
import { formatCount } from "@/components/events/format";
import { RetryJobProgress } from "@/components/events/retry-job-progress";
import { useFailedEventCount, useRetryJob, useStartBulkRetry } from "@/components/events/use-retry-jobs";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icons";
import { LinkButton } from "@/components/ui/link-button";
import { can } from "@/lib/access/roles";
import { acquirerIdentifiers } from "@/lib/credentials/authentication-data";
import { parseEventFilters } from "@/lib/events/list/event-filters";
import { eventsLink } from "@/lib/links/list-links";
import type { ProviderDto } from "@/lib/providers/list-providers";

/** Why the events failed that the credential now matches: none existed, or it was disabled. */
export type MatchedFailure = "no_matching_credential" | "credential_disabled";

/** A stored credential's data is null when it cannot be decrypted: then nothing is offered. */
type MatchingCredential = { authenticationData: Record<string, string> | null };

const WORDS: Record<MatchedFailure, { retrying: string; refused: string; matches: string }> = {
  no_matching_credential: {
    retrying: "Retrying the events that failed for want of this credential",
    refused: "refused for want of a credential",
    matches: "This one matches",
  },
  credential_disabled: {
    retrying: "Retrying the events that failed while this credential was disabled",
    refused: "refused while this credential was disabled",
    matches: "It matches",
  },
};

/** The list's filters for the failed events a new (or newly enabled) credential matches. */
export function matchingFailedEventFilters(
  credential: MatchingCredential,
  provider: ProviderDto,
  reason: MatchedFailure = "no_matching_credential",
): Record<string, string> | undefined {
  if (!credential.authenticationData) return undefined;
  const ids = acquirerIdentifiers(provider.kind, credential.authenticationData);
  if (!ids.acquirerMerchantIdentifier) return undefined;
  return {
    status: "failed",
    failure_reason: reason,
    acquirer_name: provider.name,
    acquirer_merchant_id: ids.acquirerMerchantIdentifier,
    ...(ids.acquirerTerminalIdentifier ? { acquirer_terminal_id: ids.acquirerTerminalIdentifier } : {}),
  };
}

export function RetryMatchingEvents({
  credential,
  provider,
  reason = "no_matching_credential",
}: {
  credential: MatchingCredential;
  provider: ProviderDto;
  reason?: MatchedFailure;
}) {
  const { data: session } = useSession();
  const mayRetry = session?.user.role ? can({ role: session.user.role }, "events:retry") : false;
  const filters = matchingFailedEventFilters(credential, provider, reason);
  const words = WORDS[reason];
  const count = useFailedEventCount(filters ?? {}, mayRetry && Boolean(filters));
  const start = useStartBulkRetry();
  const job = useRetryJob(start.data?.id);
  const shown = job.data ?? start.data;

  if (!filters || !mayRetry) return null;
  // Nothing failed for want of this credential (and no job started here): nothing to offer.
  if (!shown && !count.data?.count) return null;
  const n = count.data?.count ?? 0;
  // The events page reads the API's filter names: the same filters, read by its own parser.
  const eventsHref = eventsLink(parseEventFilters(new URLSearchParams({ ...filters, status: "failed" })));

  return (
    <section
      aria-label="Failed events this credential matches"
      className="space-y-3 rounded-md border border-(--line) bg-(--surface-muted)/60 px-4 py-3 text-sm"
      data-testid="matching-failed-events"
    >
      {shown ? (
        <>
          <p className="font-medium">{words.retrying}</p>
          <RetryJobProgress job={shown} />
          {shown.status === "done" ? (
            <LinkButton variant="secondary" size="sm" href={eventsLink({ acquirerMerchantId: filters.acquirer_merchant_id })}>
              See the merchant account’s events
            </LinkButton>
          ) : null}
        </>
      ) : (
        <>
          <p>
            <strong>
              {formatCount(n)}
              {count.data?.capped ? "+" : ""} failed {n === 1 ? "event" : "events"}
            </strong>{" "}
            of this account {n === 1 ? "was" : "were"} {words.refused}. {words.matches} {n === 1 ? "it" : "them"} now.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => start.mutate(filters)} disabled={start.isPending} data-testid="retry-matching">
              <Icon name="refresh" className="size-3.5" />
              {start.isPending ? "Starting…" : `Retry ${n === 1 ? "it" : `all ${formatCount(n)}`}`}
            </Button>
            <LinkButton variant="ghost" size="sm" href={eventsHref}>
              Review them first
            </LinkButton>
          </div>
          {start.isError ? <Alert title="Not started.">{start.error.message}</Alert> : null}
        </>
      )}
    </section>
  );
}
