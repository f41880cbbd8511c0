"use client";

// The events page's client part: the filter bar (state in the URL), the "new events" indicator,
// the export, and the virtualised table with its loading, empty and error states. Opening a row
// navigates to /events/{id}; the events layout shows that as a side panel over this table.
import { usePathname, useRouter } from "next/navigation";
import { type MouseEvent, type ReactNode, useCallback, useMemo } from "react";
import { BulkRetryButton } from "@/components/events/bulk-retry-button";
import { markPanelOpenedFromTable } from "@/components/events/event-detail-panel";
import { EventFilterBar } from "@/components/events/event-filter-bar";
import { EventIcon } from "@/components/events/event-icons";
import type { EventDto } from "@/components/events/event-types";
import { EventsTable, ROW_HEIGHT } from "@/components/events/events-table";
import { ExportCsvButton } from "@/components/events/export-csv-button";
import { formatCount, viewerTimeZone } from "@/components/events/format";
import { RetentionNote } from "@/components/events/retention-note";
import { type InitialEvents, savedScrollOffset, saveScrollOffset, useEventList } from "@/components/events/use-event-list";
import { useHydrated } from "@/components/events/use-hydrated";
import { useMerchantNames } from "@/components/merchants/merchant-queries";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterFold } from "@/components/ui/filter-fold";
import { Icon } from "@/components/ui/icons";
import { QueryLoadError } from "@/components/ui/load-error";
import { LoadingStatus } from "@/components/ui/loading-status";
import { NoMatches } from "@/components/ui/no-matches";
import { Skeleton } from "@/components/ui/skeleton";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import {
  activeFilterCount,
  EMPTY_FILTERS,
  type EventFilters,
  eventFiltersSearch,
  PERIOD_LABELS,
  parseEventFilters,
} from "@/lib/events/list/event-filters";

const EVENT_PATH = /^\/events\/([^/]+)$/;

function LoadingRows() {
  return (
    <div className="h-[max(26rem,calc(100dvh-20rem))] overflow-hidden">
      <LoadingStatus>Loading events…</LoadingStatus>
      <div className="h-10 border-b border-(--line) bg-(--surface-muted)" />
      {Array.from({ length: 10 }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={i}
          className="grid grid-cols-[7.75rem_5.75rem_6.75rem_1fr_1fr_5.75rem_5.25rem] gap-x-3 items-center border-b border-(--line) px-4"
          style={{ height: ROW_HEIGHT }}
        >
          <Skeleton className="h-3.5 w-32" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="ml-auto h-3.5 w-20" />
          <Skeleton className="h-3.5 w-28" />
          <Skeleton className="h-3.5 w-28" />
          <Skeleton className="h-3.5 w-20" />
          <Skeleton className="h-3.5 w-14" />
        </div>
      ))}
    </div>
  );
}

/** What to change when nothing matches: the narrowing filters, named. */
function NoMatchingEvents({ filters, onChange }: { filters: EventFilters; onChange: (next: EventFilters) => void }) {
  const active = activeFilterCount(filters);
  if (active === 0)
    return (
      <div className="p-5">
        <EmptyState icon="inbox" title="No events yet">
          Payment notifications appear here as soon as the acquirers send them to <code>POST /v1/webhooks/events</code>.
        </EmptyState>
      </div>
    );
  const hints: string[] = [];
  if (filters.q)
    hints.push(
      `the search matches an exact event id or last 4, or the beginning of an authorization code, RRN/NSU, MID, TID or serial number (“${filters.q}”)`,
    );
  if (filters.period) hints.push(`the period is only the ${PERIOD_LABELS[filters.period].toLowerCase()}: try a longer one`);
  if (filters.from || filters.to) hints.push("the custom range may be too narrow");
  if (filters.status.length) hints.push(`only ${filters.status.join(" and ")} events are shown`);
  if (filters.merchantId || filters.terminalId) hints.push("merchant and terminal ids must match exactly");
  if (filters.acquirer || filters.paymentMethod || filters.transactionStatus || filters.type)
    hints.push("acquirer, payment method, transaction status and type narrow the list further");
  return (
    <div className="p-5">
      <NoMatches
        narrowedBy="filters"
        title="No events match these filters"
        clearLabel="Clear all filters"
        onClear={() => onChange({ ...EMPTY_FILTERS, sort: filters.sort })}
      >
        <p>Widen the view: {hints.length ? `${hints.join("; ")}.` : "remove a filter."}</p>
      </NoMatches>
    </div>
  );
}

export function EventsExplorer({ initial }: { initial?: InitialEvents }) {
  const router = useRouter();
  const pathname = usePathname();
  const hydrated = useHydrated();
  const [filters, setFilters, search] = useUrlFilters(parseEventFilters, eventFiltersSearch);
  const { list, rows, apiQuery, anchor, newer, reload } = useEventList(filters, search, initial);
  const selectedId = EVENT_PATH.exec(pathname)?.[1];
  const merchantNames = useMerchantNames(list.data?.pages.map((page) => page.data.map((e) => e.data.merchantId)) ?? []);

  const open = useCallback(
    (event: EventDto, mouse?: MouseEvent) => {
      const href = `/events/${event.id}`;
      if (mouse) {
        const onLink = (mouse.target as HTMLElement).closest("a");
        if (mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.button === 1) {
          // A new tab (or window): the link does it itself; elsewhere on the row, we do.
          if (!onLink) window.open(href, "_blank", "noopener");
          return;
        }
        if (onLink) mouse.preventDefault();
      }
      const target = `${href}${window.location.search}`;
      if (EVENT_PATH.test(window.location.pathname)) router.replace(target, { scroll: false });
      else {
        markPanelOpenedFromTable();
        router.push(target, { scroll: false });
      }
    },
    [router],
  );

  const tableKey = `${search}|${anchor}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per view (the table's key)
  const initialOffset = useMemo(() => savedScrollOffset(search), [tableKey]);
  const onScrollOffset = useCallback((offset: number) => saveScrollOffset(search, offset), [search]);
  const fetchNext = useCallback(() => void list.fetchNextPage(), [list.fetchNextPage]);

  const hasNextPage = list.hasNextPage;
  const sortLabel = filters.sort === "desc" ? "Newest first" : "Oldest first";
  const newCount = newer && newer.count > 0 ? (newer.more ? `${newer.count}+` : String(newer.count)) : undefined;

  let body: ReactNode;
  if (list.isPending) body = <LoadingRows />;
  else if (list.isError && rows.length === 0)
    body = (
      <div className="p-5">
        <QueryLoadError query={list} what="events" />
      </div>
    );
  else if (rows.length === 0) body = <NoMatchingEvents filters={filters} onChange={setFilters} />;
  else
    body = (
      <EventsTable
        key={tableKey}
        rows={rows}
        merchantNames={merchantNames}
        sort={filters.sort}
        onSortChange={(sort) => setFilters({ ...filters, sort })}
        hasNextPage={hasNextPage}
        fetchingNextPage={list.isFetchingNextPage}
        nextPageFailed={list.isFetchNextPageError}
        fetchNextPage={fetchNext}
        selectedId={selectedId}
        onOpen={open}
        initialOffset={initialOffset}
        onScrollOffset={onScrollOffset}
      />
    );

  return (
    <div className="space-y-4">
      <FilterFold active={activeFilterCount(filters)}>
        <EventFilterBar filters={filters} onChange={setFilters} />
      </FilterFold>
      <section
        aria-label="Results"
        className="rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card)"
        data-testid="events-results"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-(--line) px-4 py-2.5">
          <div className="flex min-h-8 flex-wrap items-center gap-3">
            <p className="text-sm text-(--fg-muted)" aria-live="polite" data-testid="events-summary">
              {list.isPending ? (
                "Loading…"
              ) : (
                <>
                  <span className="font-medium text-(--fg)">{formatCount(rows.length)}</span>{" "}
                  {rows.length === 1 ? "event" : "events"}
                  {hasNextPage ? " loaded, more as you scroll" : ""} · {sortLabel}
                  {hydrated ? ` · times in ${viewerTimeZone()}` : ""}
                </>
              )}
            </p>
            {newCount ? (
              <button
                type="button"
                onClick={reload}
                data-testid="new-events"
                className="inline-flex h-7 items-center gap-1.5 rounded-full bg-(--accent) px-3 text-xs font-medium text-(--accent-fg) shadow-(--shadow-card) hover:bg-(--accent-hover)"
              >
                <EventIcon name="arrowUp" className="size-3.5" />
                {newCount} new {newCount === "1" ? "event" : "events"} · Show
              </button>
            ) : (
              <Button variant="ghost" size="sm" onClick={reload} title="Load the newest events again">
                <Icon name="refresh" className="size-3.5" />
                Refresh
              </Button>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <BulkRetryButton
              apiQuery={apiQuery}
              includesFailed={filters.status.length === 0 || filters.status.includes("failed")}
            />
            <ExportCsvButton apiQuery={apiQuery} />
          </div>
        </div>
        {body}
      </section>
      <RetentionNote />
    </div>
  );
}
