"use client";

// The sections of the staff merchant page: counts over 24 h, credentials, recent failed events
// and deliveries, merchant accounts. Each is small and links to the full list it summarises.
import Link from "next/link";
import type { ReactNode } from "react";
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

export function MerchantCounts({ id, since }: { id: string; since: string }) {
  const counts = useMerchantCounts(id, since);
  const figure = (c: { count: number; capped: boolean } | undefined) =>
    c ? `${formatCount(c.count)}${c.capped ? "+" : ""}` : "…";
  const cells: [string, string, string][] = [
    ["Events", figure(counts.all), `/events?merchant_id=${id}`],
    ["Processed", figure(counts.processed), `/events?merchant_id=${id}&status=processed`],
    ["Failed", figure(counts.failed), `/events?merchant_id=${id}&status=failed`],
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
  const { data } = useMerchantCredentials(id);
  const rows = data?.data ?? [];
  return (
    <Section title="Credentials" testId="merchant-credentials" action={more(`/credentials?merchantId=${id}`, "All credentials")}>
      {data && rows.length === 0 ? <None>No credentials.</None> : null}
      <ul className="divide-y divide-(--line)">
        {rows.map((c) => (
          <li key={c.id} className="flex items-center justify-between gap-3 py-2">
            <span className="font-mono text-xs">{c.id}</span>
            <span className="flex gap-2">
              {c.testMode ? <Badge>test</Badge> : null}
              <Badge tone={c.enabled ? "success" : "danger"}>{c.enabled ? "enabled" : "disabled"}</Badge>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function MerchantFailedEvents({ id }: { id: string }) {
  const { data } = useMerchantFailedEvents(id);
  const rows = data?.data ?? [];
  return (
    <Section
      title="Recent failed events"
      testId="merchant-failed-events"
      action={more(`/events?merchant_id=${id}&status=failed`, "All failed events")}
    >
      {data && rows.length === 0 ? <None>No failed events.</None> : null}
      <ul className="divide-y divide-(--line)">
        {rows.map((e) => (
          <li key={e.id} className="flex items-center justify-between gap-3 py-2">
            <Link href={`/events/${e.id}`} className="font-mono text-xs text-(--accent-text) hover:underline">
              {e.id}
            </Link>
            <span className="text-(--fg-muted)">{e.type}</span>
            <DateTime iso={e.createdAt} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function MerchantFailedDeliveries({ id }: { id: string }) {
  const { data } = useMerchantFailedDeliveries(id);
  const rows = data?.data ?? [];
  return (
    <Section title="Recent failed deliveries" testId="merchant-failed-deliveries">
      {data && rows.length === 0 ? <None>No failed deliveries.</None> : null}
      <ul className="divide-y divide-(--line)">
        {rows.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-3 py-2">
            <span className="font-mono text-xs">{d.webhookId}</span>
            <Link href={`/events/${d.eventId}`} className="font-mono text-xs text-(--accent-text) hover:underline">
              event {d.eventId}
            </Link>
            <span>{d.attemptCount} attempts</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function MerchantAccounts({ id, admin }: { id: string; admin: boolean }) {
  const { data } = useMerchantAccounts(id, admin);
  const rows = data?.data ?? [];
  return (
    <Section title="Merchant accounts" testId="merchant-accounts" action={admin ? more("/users", "Users") : undefined}>
      {!admin ? <None>Only administrators see and manage accounts.</None> : null}
      {admin && data && rows.length === 0 ? <None>No merchant accounts. An administrator can create one in Users.</None> : null}
      <ul className="divide-y divide-(--line)">
        {rows.map((u) => (
          <li key={u.id} className="flex items-center justify-between gap-3 py-2">
            <span className="font-medium">{u.username}</span>
            {u.disabled ? <Badge tone="danger">disabled</Badge> : <Badge tone="success">active</Badge>}
          </li>
        ))}
      </ul>
    </Section>
  );
}
