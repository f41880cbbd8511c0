"use client";

// The sections of the staff merchant page: counts over 24 h, credentials, recent failed events
// and deliveries, merchant accounts. Each is small and links to the full list it summarises.
import Link from "next/link";
import type { ComponentProps, ReactNode } from "react";
import { formatCount } from "@/components/events/format";
import {
  useMerchantAccounts,
  useMerchantCounts,
  useMerchantCredentials,
  useMerchantFailedDeliveries,
  useMerchantFailedEvents,
} from "@/components/merchants/merchant-page-queries";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { QueryLoadError } from "@/components/ui/load-error";
import { credentialsLink, eventsLink } from "@/lib/links/list-links";

export function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader title={title} actions={action} />
      <div className="px-5 py-4 text-sm">{children}</div>
    </Card>
  );
}

const more = (href: string, label: string) => (
  <Link href={href} className="text-sm text-(--accent-text) hover:underline">
    {label}
  </Link>
);

function None({ children }: { children: ReactNode }) {
  return <p className="text-(--fg-muted)">{children}</p>;
}

type SectionQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  data?: { data: T[] };
};

/** A section's state before its rows: loading, its failed load (with a retry), or empty. */
function SectionState({ query, what, empty }: { query: SectionQuery<unknown>; what: string; empty: string }) {
  if (query.isError) return <QueryLoadError query={query} what={what} />;
  if (query.isPending) return <None>Loading the {what}…</None>;
  return query.data?.data.length === 0 ? <None>{empty}</None> : null;
}

/** A section listing a few of the merchant's `what` (its state first), one line each. */
function ListSection<T extends { id: string }>({
  query,
  what,
  empty = `No ${what}.`,
  row,
  ...section
}: Omit<ComponentProps<typeof Section>, "children"> & {
  query: SectionQuery<T>;
  what: string;
  empty?: string;
  row: (item: T) => ReactNode;
}) {
  return (
    <Section {...section}>
      <SectionState query={query} what={what} empty={empty} />
      <ul className="divide-y divide-(--line)">
        {(query.data?.data ?? []).map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-3 py-2">
            {row(item)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function MerchantCounts({ id, since }: { id: string; since: string }) {
  const counts = useMerchantCounts(id, since);
  if (counts.query.isError) return <QueryLoadError query={counts.query} what="event counts" />;
  const figure = (c: { count: number; capped: boolean } | undefined) =>
    c ? `${formatCount(c.count)}${c.capped ? "+" : ""}` : "…";
  const cells: [string, string, string][] = [
    // Each figure links to the very set it counts: the merchant's events since `since`.
    ["Events", figure(counts.all), eventsLink({ merchantId: id, from: since })],
    ["Processed", figure(counts.processed), eventsLink({ merchantId: id, from: since, status: ["processed"] })],
    ["Failed", figure(counts.failed), eventsLink({ merchantId: id, from: since, status: ["failed"] })],
  ];
  return (
    <dl className="grid grid-cols-3 gap-4" data-testid="merchant-counts">
      {cells.map(([label, value, href]) => (
        <div key={label} className="rounded-lg border border-(--line) bg-(--surface) p-4">
          <dt className="text-sm text-(--fg-muted)">{label} (24 h)</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">
            <Link href={href} className="hover:underline" data-testid={`count-${label.toLowerCase()}`}>
              {value}
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function MerchantCredentials({ id }: { id: string }) {
  return (
    <ListSection
      title="Credentials"
      testId="merchant-credentials"
      action={more(credentialsLink({ merchantId: id }), "All credentials")}
      query={useMerchantCredentials(id)}
      what="credentials"
      row={(c) => (
        <>
          <span className="font-mono text-xs">{c.id}</span>
          <span className="flex gap-2">
            {c.testMode ? <Badge>test</Badge> : null}
            <Badge tone={c.enabled ? "success" : "danger"}>{c.enabled ? "enabled" : "disabled"}</Badge>
          </span>
        </>
      )}
    />
  );
}

/** The merchant's recent failures: the events that failed, and the deliveries that did. */
export function MerchantFailures({ id }: { id: string }) {
  return (
    <>
      <ListSection
        title="Recent failed events"
        testId="merchant-failed-events"
        action={more(eventsLink({ merchantId: id, status: ["failed"] }), "All failed events")}
        query={useMerchantFailedEvents(id)}
        what="failed events"
        row={(e) => (
          <>
            <Link href={`/events/${e.id}`} className="font-mono text-xs text-(--accent-text) hover:underline">
              {e.id}
            </Link>
            <span className="text-(--fg-muted)">{e.type}</span>
            <DateTime iso={e.createdAt} />
          </>
        )}
      />
      <ListSection
        title="Recent failed deliveries"
        testId="merchant-failed-deliveries"
        query={useMerchantFailedDeliveries(id)}
        what="failed deliveries"
        row={(d) => (
          <>
            <span className="font-mono text-xs">{d.webhookId}</span>
            <Link href={`/events/${d.eventId}`} className="font-mono text-xs text-(--accent-text) hover:underline">
              event {d.eventId}
            </Link>
            <span>{d.attemptCount} attempts</span>
          </>
        )}
      />
    </>
  );
}

/** Admins only: the users API is theirs. */
export function MerchantAccounts({ id, admin }: { id: string; admin: boolean }) {
  const query = useMerchantAccounts(id, admin);
  if (!admin) {
    return (
      <Section title="Merchant accounts" testId="merchant-accounts">
        <None>Only administrators see and manage accounts.</None>
      </Section>
    );
  }
  return (
    <ListSection
      title="Merchant accounts"
      testId="merchant-accounts"
      action={more("/users", "Users")}
      query={query}
      what="merchant accounts"
      empty="No merchant accounts. An administrator can create one in Users."
      row={(u) => (
        <>
          <span className="font-medium">{u.username}</span>
          {u.disabled ? <Badge tone="danger">disabled</Badge> : <Badge tone="success">active</Badge>}
        </>
      )}
    />
  );
}
