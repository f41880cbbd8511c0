"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
// The events table: a <table> with the grid role, virtualised (only the rows in view, plus a few, are in the
// DOM), scrolled inside its own box so that its position can be kept per view. Arrow keys,
// Page Up/Down, Home and End move the active row; Enter opens it. The next page is asked for
// while the user is still PREFETCH_ROWS rows away from the end.
import Link from "next/link";
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { EventIcon } from "@/components/events/event-icons";
import type { EventDto } from "@/components/events/event-types";
import {
  acquirerLabel,
  brandLabel,
  formatAmount,
  formatShortDateTime,
  formatUtc,
  humanize,
  viewerTimeZone,
} from "@/components/events/format";
import { ResponseCodeNote } from "@/components/events/response-code";
import { EventStatusBadge, TransactionStatusLabel } from "@/components/events/status-badge";
import { useHydrated } from "@/components/events/use-hydrated";
import { usePortalMerchant } from "@/components/shell/use-portal-merchant";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { Icon } from "@/components/ui/icons";
import { cardScope, cardStyleSheet } from "@/components/ui/list-card";
import { useCardLayout } from "@/components/ui/use-card-layout";
import type { SortOrder } from "@/lib/events/list/event-filters";

export const ROW_HEIGHT = 44;
/** A row's height as a card, on a phone (two lines). */
const CARD_ROW_HEIGHT = 72;
const HEADER_HEIGHT = 40;
const PREFETCH_ROWS = 60;
const OVERSCAN = 6;

/** The header cells after the sortable "Created" one, in the rows' order (amounts align right). */
const COLUMNS_AFTER_CREATED = ["Status", "Amount", "Merchant", "Payment", "Transaction", "Acquirer", "Event"];
/** On a phone each row is a card of these columns (by header): who, how much, its state and when. */
const EVENT_CARD = { title: "Merchant", aside: "Amount", badge: "Status", time: "Created" };
const CARD_STYLE_HEADERS = ["Created", ...COLUMNS_AFTER_CREATED];
const COLUMNS =
  "grid grid-cols-[7.25rem_5.5rem_6.5rem_minmax(6rem,1fr)_minmax(6rem,1fr)_5.75rem_5.25rem_7rem] items-center gap-x-2 px-3 sm:grid-cols-[7.75rem_5.75rem_6.75rem_minmax(6rem,1fr)_minmax(6rem,1fr)_5.75rem_5.25rem_7rem] sm:gap-x-3 sm:px-4";

/** The cells' text, computed once per event (Intl formatting is the costly part of a row). */
type RowView = { utc: string; amount: string; payment: string };
const views = new WeakMap<EventDto, RowView>();
const createdTimes = new WeakMap<EventDto, string>();

/** The creation time in the viewer's zone: in the browser only (the server does not know the zone). */
function createdOf(event: EventDto): string {
  let text = createdTimes.get(event);
  if (text === undefined) {
    text = formatShortDateTime(event.createdAt);
    createdTimes.set(event, text);
  }
  return text;
}

function viewOf(event: EventDto): RowView {
  let view = views.get(event);
  if (!view) {
    const { data } = event;
    const card = data.cardData;
    view = {
      utc: formatUtc(event.createdAt),
      amount: formatAmount(data.amount, data.currency),
      payment: data.paymentMethod === "pix" ? "Pix" : `${brandLabel(card?.cardBrand)}${card?.last4 ? ` •••• ${card.last4}` : ""}`,
    };
    views.set(event, view);
  }
  return view;
}

export const rowDomId = (id: string) => `event-row-${id}`;

type RowProps = {
  event: EventDto;
  /** The registered merchant's name; undefined while it loads or when nobody registered the id. */
  merchantName: string | undefined;
  /** Staff: the merchant links to its page (not in a merchant's portal, which has no such page). */
  linkMerchant: boolean;
  index: number;
  start: number;
  height: number;
  active: boolean;
  selected: boolean;
  onOpen: (event: EventDto, mouse?: MouseEvent) => void;
  onPoint: (index: number) => void;
};

const EventRow = memo(function EventRow({
  event,
  merchantName,
  linkMerchant,
  index,
  start,
  height,
  active,
  selected,
  onOpen,
  onPoint,
}: RowProps) {
  const view = viewOf(event);
  const hydrated = useHydrated();
  const { data } = event;
  return (
    <tr
      id={rowDomId(event.id)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="event-row"
      data-event-id={event.id}
      data-status={event.status}
      onClick={(e) => {
        onPoint(index);
        onOpen(event, e);
      }}
      className={cx(
        COLUMNS,
        "absolute inset-x-0 top-0 cursor-pointer border-b border-(--line) text-sm [contain:layout_style_paint]",
        selected ? "bg-(--accent-soft)" : active ? "bg-(--surface-muted)" : "hover:bg-(--surface-muted)/70",
        active && "shadow-[inset_3px_0_0_var(--accent)]",
      )}
      style={{ height, transform: `translateY(${start}px)` }}
    >
      <td className="truncate text-(--fg-muted) tabular-nums">
        <time dateTime={event.createdAt} title={view.utc}>
          {hydrated ? createdOf(event) : <span className="inline-block h-3 w-24 rounded bg-(--surface-muted) align-middle" />}
        </time>
      </td>
      <td>
        <EventStatusBadge status={event.status} />
      </td>
      <td className="text-right font-medium text-(--fg) tabular-nums">{view.amount}</td>
      <td className="truncate text-(--fg)" title={merchantName ?? data.merchantId} data-testid="event-merchant">
        {linkMerchant && merchantName ? (
          // Its own click: opening the merchant, not the event's detail. Only a registered
          // merchant has a page: a notification may name an id nobody registered.
          <Link href={`/merchants/${data.merchantId}`} onClick={(e) => e.stopPropagation()} className="hover:underline">
            {merchantName ?? <span className="font-mono text-xs text-(--fg-subtle)">{data.merchantId}</span>}
          </Link>
        ) : (
          (merchantName ?? <span className="font-mono text-xs text-(--fg-subtle)">{data.merchantId}</span>)
        )}
      </td>
      <td className="truncate text-(--fg)">
        {view.payment}
        {data.installments ? <span className="text-xs text-(--fg-subtle)"> · {data.installments}×</span> : null}
      </td>
      <td className="min-w-0">
        <TransactionStatusLabel status={data.transactionStatus} />
        {data.transactionStatus === "denied" && data.acquirerResponseCode ? (
          <ResponseCodeNote code={data.acquirerResponseCode} />
        ) : null}
      </td>
      <td className="truncate text-(--fg-muted)">{acquirerLabel(data.acquirerName)}</td>
      <td className="min-w-0">
        <a
          href={`/events/${event.id}`}
          tabIndex={-1}
          className="block truncate font-mono text-xs text-(--fg-muted) hover:text-(--accent-text) hover:underline"
          title={`${humanize(data.transactionType)} · ${event.type}`}
        >
          {event.id}
        </a>
      </td>
    </tr>
  );
});

function FooterRow({
  start,
  height,
  hasNextPage,
  loading,
  failed,
  onRetry,
  count,
}: {
  start: number;
  height: number;
  hasNextPage: boolean;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  count: number;
}) {
  return (
    <tr
      aria-rowindex={count + 2}
      className="absolute inset-x-0 top-0 flex items-center justify-center px-4 text-sm text-(--fg-subtle)"
      style={{ height, transform: `translateY(${start}px)` }}
    >
      <td colSpan={8} className="flex items-center gap-3" data-testid="events-footer">
        {failed ? (
          <>
            <span className="text-(--danger)">The next events could not be loaded.</span>
            <Button size="sm" variant="secondary" onClick={onRetry}>
              <Icon name="refresh" className="size-3.5" />
              Retry
            </Button>
          </>
        ) : hasNextPage || loading ? (
          <span className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3 animate-spin rounded-full border-2 border-(--line-strong) border-t-(--accent)"
            />
            Loading more events…
          </span>
        ) : (
          <span>No more events · {count.toLocaleString("en-US")} in this view</span>
        )}
      </td>
    </tr>
  );
}

/** What a key does to the grid's active row: the row to move to, "open" it, or nothing (undefined). */
function gridKeyStep(key: string, current: number, page: number, last: number): number | "open" | undefined {
  switch (key) {
    case "ArrowDown":
      return current + 1;
    case "ArrowUp":
      return current <= 0 ? 0 : current - 1;
    case "PageDown":
      return current + page;
    case "PageUp":
      return current - page;
    case "Home":
      return 0;
    case "End":
      return last;
    case "Enter":
      return "open";
    default:
      return undefined;
  }
}

/** The header row: "Created" sorts (click to reverse), the other columns are labels. */
function EventsTableHead({ sort, onSortChange }: { sort: SortOrder; onSortChange: (sort: SortOrder) => void }) {
  const hydrated = useHydrated();
  const sortLabel = sort === "desc" ? "newest first" : "oldest first";
  return (
    <thead className="sticky top-0 z-10 block">
      <tr
        aria-rowindex={1}
        className={cx(
          COLUMNS,
          "border-b border-(--line) bg-(--surface-muted) text-left text-xs font-medium tracking-wide text-(--fg-muted) uppercase",
        )}
        style={{ height: HEADER_HEIGHT }}
      >
        <th scope="col" aria-sort={sort === "desc" ? "descending" : "ascending"} className="font-medium">
          <button
            type="button"
            tabIndex={-1}
            onClick={() => onSortChange(sort === "desc" ? "asc" : "desc")}
            className="-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 uppercase hover:bg-(--line) hover:text-(--fg)"
            title={`Sorted ${sortLabel}; click to reverse.${hydrated ? ` Times in ${viewerTimeZone()}.` : ""}`}
          >
            Created
            <EventIcon name={sort === "desc" ? "arrowDown" : "arrowUp"} className="size-3.5" />
            <span className="sr-only">, sorted {sortLabel}; activate to reverse</span>
          </button>
        </th>
        {COLUMNS_AFTER_CREATED.map((column) => (
          <th key={column} scope="col" className={column === "Amount" ? "text-right font-medium" : "font-medium"}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

type EventsTableProps = {
  rows: EventDto[];
  merchantNames: Map<string, string>;
  sort: SortOrder;
  onSortChange: (sort: SortOrder) => void;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
  selectedId: string | undefined;
  onOpen: (event: EventDto, mouse?: MouseEvent) => void;
  initialOffset: number;
  onScrollOffset: (offset: number) => void;
};

/**
 * Back to where this view was left, and where it is left kept for when it is shown again. Restored
 * after the first render, not in it (the pages come from the cache, so the height is there; the
 * server cannot know the offset, and hydration must match). The offset is the virtualiser's (no
 * layout read per frame), handed over when the table goes away.
 */
function useRememberedScroll(
  scrollRef: RefObject<HTMLDivElement | null>,
  initialOffset: number,
  currentOffset: number,
  onScrollOffset: (offset: number) => void,
) {
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || !scrollRef.current) return;
    restored.current = true;
    if (initialOffset > 0) scrollRef.current.scrollTop = initialOffset;
  }, [initialOffset, scrollRef]);

  const offset = useRef(0);
  offset.current = currentOffset;
  const onScrollOffsetRef = useRef(onScrollOffset);
  onScrollOffsetRef.current = onScrollOffset;
  useEffect(() => () => onScrollOffsetRef.current(offset.current), []);
}

export function EventsTable({
  rows,
  sort,
  onSortChange,
  hasNextPage,
  fetchingNextPage,
  nextPageFailed,
  fetchNextPage,
  selectedId,
  onOpen,
  initialOffset,
  onScrollOffset,
  merchantNames,
}: EventsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const linkMerchant = !usePortalMerchant();
  const [active, setActive] = useState<number | undefined>(undefined);
  const count = rows.length + 1;
  const cards = useCardLayout();
  const rowHeight = cards ? CARD_ROW_HEIGHT : ROW_HEIGHT;
  const cardsScope = cardScope(useId());

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // Before the box is measured (and on the server): a typical table, so the first rows render at once.
    initialRect: { width: 1000, height: 560 },
  });
  const items = virtualizer.getVirtualItems();
  // Crossing the breakpoint (a phone turned, a window narrowed) changes every row's height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sizes come from rowHeight, through estimateSize
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);

  useRememberedScroll(scrollRef, initialOffset, virtualizer.scrollOffset ?? 0, onScrollOffset);

  // Ask for the next page before the end comes into view.
  const lastIndex = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (hasNextPage && !fetchingNextPage && !nextPageFailed && lastIndex >= rows.length - PREFETCH_ROWS) fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, fetchingNextPage, nextPageFailed, fetchNextPage]);

  // The selected event (open in the panel) becomes the active row, so that arrows continue from it.
  useEffect(() => {
    if (!selectedId) return;
    const index = rows.findIndex((r) => r.id === selectedId);
    if (index >= 0) setActive(index);
  }, [selectedId, rows]);

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    if (rows.length === 0 || event.target !== event.currentTarget) return;
    const current = active ?? -1;
    const page = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 400) - HEADER_HEIGHT) / rowHeight) - 1);
    const step = gridKeyStep(event.key, current, page, rows.length - 1);
    if (step === undefined) return;
    if (step === "open") {
      const row = rows[current];
      if (row) onOpen(row);
    } else moveTo(step);
    event.preventDefault();
  }

  const activeRow = active !== undefined ? rows[active] : undefined;
  const sortLabel = sort === "desc" ? "newest first" : "oldest first";

  return (
    <div
      ref={scrollRef}
      data-testid="events-scroller"
      // While it scrolls, rows ignore the pointer: no hover restyling and hit testing per frame.
      data-scrolling={virtualizer.isScrolling || undefined}
      // Contained, so that what changes inside (rows in and out) never makes the rest of the page restyle or relayout.
      className="relative h-[max(26rem,calc(100dvh-20rem))] overflow-auto rounded-b-lg [contain:strict]"
    >
      <style>{cardStyleSheet(cardsScope, CARD_STYLE_HEADERS, EVENT_CARD)}</style>
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows role=grid on a table: the interactive data grid pattern (arrows, Enter)
        role="grid"
        aria-label={`Events, ${sortLabel}`}
        aria-rowcount={hasNextPage ? -1 : count}
        aria-colcount={8}
        aria-activedescendant={activeRow ? rowDomId(activeRow.id) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          if (event.target === event.currentTarget && active === undefined && rows.length > 0) setActive(0);
        }}
        data-testid="events-grid"
        data-cards={cardsScope}
        className="block md:min-w-[57.5rem] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-(--accent)"
      >
        <EventsTableHead sort={sort} onSortChange={onSortChange} />
        <tbody className="relative block in-data-scrolling:pointer-events-none" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const start = item.start - HEADER_HEIGHT;
            const event = rows[item.index];
            if (!event)
              return (
                <FooterRow
                  key="footer"
                  start={start}
                  height={rowHeight}
                  count={rows.length}
                  hasNextPage={hasNextPage}
                  loading={fetchingNextPage}
                  failed={nextPageFailed}
                  onRetry={fetchNextPage}
                />
              );
            return (
              <EventRow
                key={event.id}
                event={event}
                merchantName={merchantNames.get(event.data.merchantId)}
                linkMerchant={linkMerchant}
                index={item.index}
                start={start}
                height={rowHeight}
                active={item.index === active}
                selected={event.id === selectedId}
                onOpen={onOpen}
                onPoint={setActive}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
