"use client";

// The Alerts page: every alert, newest first, filtered by state and kind (in the URL); each row
// says what is wrong, links to the events behind it, and offers operators the acknowledgement.
import Link from "next/link";
import { useSession } from "next-auth/react";
import { AlertFilterBar } from "@/components/alerts/alert-filter-bar";
import { parseAlertFilters, useAcknowledgeAlert, useAlerts } from "@/components/alerts/alert-queries";
import { alertKindLabel, alertLink, alertMerchantIds, alertSummary } from "@/components/alerts/alert-summary";
import { useMerchantNames } from "@/components/merchants/merchant-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { activeCount, FilterFold } from "@/components/ui/filter-fold";
import { ACTIONS_COLUMN, InfiniteListTable, type ListDeclaration } from "@/components/ui/list-table";
import { LoadingStatus } from "@/components/ui/loading-status";
import { FilteredEmptyState } from "@/components/ui/no-matches";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { can } from "@/lib/access/roles";
import type { AlertDto } from "@/lib/alerts/alert-dto";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { noPageFilters, pageFiltersActive } from "@/lib/paging/list-filter-table";

const ALERTS_TABLE: ListDeclaration = {
  caption: "Alerts",
  testId: "alerts-table",
  noun: ["alert", "alerts"],
  columns: ["Opened", "Kind", "What", "State", ACTIONS_COLUMN],
  // On a phone: what is wrong, its kind, its state and when it opened; then its link and acknowledgement.
  card: { title: "What", lines: ["Kind"], badge: "State", time: "Opened" },
};

const STATE_TONES = { open: "accent", acknowledged: "neutral", resolved: "success" } as const;

function AlertRow({
  alert,
  mayAcknowledge,
  merchantNames,
}: {
  alert: AlertDto;
  mayAcknowledge: boolean;
  merchantNames: ReadonlyMap<string, string>;
}) {
  const acknowledge = useAcknowledgeAlert();
  const link = alertLink(alert);
  const summary = alertSummary(alert, merchantNames);
  return (
    <Tr data-testid="alert-row">
      <Td className="whitespace-nowrap text-(--fg-muted)">
        <DateTime iso={alert.openedAt} />
      </Td>
      <Td className="whitespace-nowrap font-medium">{alertKindLabel(alert)}</Td>
      <Td className="w-full max-w-0">
        <p className="truncate" title={summary}>
          {summary}
        </p>
      </Td>
      <Td className="whitespace-nowrap">
        <Badge tone={STATE_TONES[alert.state]}>{alert.state}</Badge>
        {alert.acknowledgedBy ? <span className="ml-1.5 text-xs text-(--fg-subtle)">by {alert.acknowledgedBy}</span> : null}
      </Td>
      <Td className="whitespace-nowrap">
        <div className="flex items-center gap-2">
          <Link href={link.href} className="text-sm text-(--accent-text) hover:underline">
            {link.label}
          </Link>
          {mayAcknowledge && alert.state === "open" ? (
            <Button variant="ghost" size="sm" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(alert.id)}>
              Acknowledge
            </Button>
          ) : null}
        </div>
      </Td>
    </Tr>
  );
}

export function AlertsView() {
  const [filters, setFilters] = useUrlFilters(parseAlertFilters);
  const { data: session } = useSession();
  const mayAcknowledge = session?.user.role ? can({ role: session.user.role }, "alerts:acknowledge") : false;
  const query = useAlerts(filters);
  const alerts = query.data?.pages.flatMap((page) => page.data) ?? [];
  const merchantNames = useMerchantNames(query.data?.pages.map((page) => alertMerchantIds(page.data)) ?? []);
  const filtered = pageFiltersActive(filters);
  const clear = () => setFilters(noPageFilters(ALERT_FILTER_TABLE));

  return (
    <>
      <FilterFold active={activeCount(filters)}>
        <AlertFilterBar filters={filters} setFilters={setFilters} />
      </FilterFold>
      <InfiniteListTable
        query={query}
        empty={
          <FilteredEmptyState filtered={filtered} plural="alerts" widen="Widen the state or the kind." onClear={clear}>
            <EmptyState icon="audit" title="No alerts yet">
              Failure rates, silent acquirers, merchants or terminals, failing endpoints and stalled queues open alerts here.
            </EmptyState>
          </FilteredEmptyState>
        }
        {...ALERTS_TABLE}
      >
        {alerts.map((alert) => (
          <AlertRow key={alert.id} alert={alert} mayAcknowledge={mayAcknowledge} merchantNames={merchantNames} />
        ))}
      </InfiniteListTable>
      {query.isPending ? <LoadingStatus>Loading the alerts…</LoadingStatus> : null}
    </>
  );
}
