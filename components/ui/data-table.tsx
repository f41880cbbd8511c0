"use client";

// Table pieces for the dashboard's lists: a bordered card with a dense, readable table, skeleton
// rows while the first page loads, and a footer that loads the next page when it scrolls into
// view (and on its button, for keyboards and for anyone who prefers to ask).
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ComponentProps, type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { type CardDeclaration, cardScope, cardStyleSheet } from "@/components/ui/list-card";
import { Skeleton } from "@/components/ui/skeleton";

export function DataTable({
  caption,
  children,
  footer,
  className,
  testId,
  cards,
}: {
  caption: string;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  testId?: string;
  /** On a phone, each row as a card: the table's headers, in order, and which of them make the card. */
  cards?: { columns: readonly string[]; card: CardDeclaration };
}) {
  const scope = cardScope(useId());
  return (
    <div className={cx("overflow-hidden rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card)", className)}>
      {cards ? <style>{cardStyleSheet(scope, cards.columns, cards.card)}</style> : null}
      {/* relative: the containing block of screen-reader-only text in the cells, which would otherwise widen the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm" data-testid={testId} data-cards={cards ? scope : undefined}>
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
      {footer}
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-(--line) bg-(--surface-muted)/70">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className, children, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cx(
        "h-9 px-3 text-xs font-medium tracking-wide whitespace-nowrap text-(--fg-subtle) uppercase first:pl-4 last:pr-4",
        className,
      )}
      {...props}
    >
      {children}
    </th>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-(--line)">{children}</tbody>;
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cx("transition-colors hover:bg-(--surface-muted)/50", className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={cx("h-12 px-3 py-2 align-middle text-(--fg) first:pl-4 last:pr-4", className)} {...props} />;
}

/** Placeholder rows in the real table's columns while its first page loads. */
export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <TBody>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
            <td key={column} className="h-12 px-4">
              <Skeleton className={cx("h-3.5", column === 0 ? "w-36" : column % 2 ? "w-24" : "w-16")} />
            </td>
          ))}
        </tr>
      ))}
    </TBody>
  );
}

/**
 * The table's footer: how many rows are shown, and the next page, fetched when the footer comes
 * within 300 px of the viewport or on the button.
 */
export function LoadMoreFooter({
  shown,
  noun,
  hasMore,
  loading,
  onLoadMore,
  error,
}: {
  shown: number;
  noun: [singular: string, plural: string];
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  error?: string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, error, onLoadMore });
  latest.current = { hasMore, loading, error, onLoadMore };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` re-arms the observer after each page (see below)
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const state = latest.current;
        // After a failure, only the button retries: scrolling must not hammer a failing API.
        if (entries.some((e) => e.isIntersecting) && state.hasMore && !state.loading && !state.error) state.onLoadMore();
      },
      { rootMargin: "300px 0px" },
    );
    // Observing again after each page reports the footer's position anew: a short page leaves the
    // footer in view, and an observer that stays "intersecting" would not fire a second time.
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <div
      ref={ref}
      className="flex min-h-12 items-center justify-between gap-4 border-t border-(--line) px-4 py-2.5 text-sm text-(--fg-muted)"
      data-testid="table-footer"
    >
      <p role="status">
        {loading
          ? `Loading more ${noun[1]}…`
          : error
            ? error
            : `${shown.toLocaleString("en-US")} ${shown === 1 ? noun[0] : noun[1]}${hasMore ? " shown" : ""}`}
      </p>
      {hasMore ? (
        <Button variant="secondary" size="sm" onClick={onLoadMore} disabled={loading}>
          {error ? "Try again" : loading ? "Loading…" : "Load more"}
        </Button>
      ) : shown > 0 ? (
        <span className="text-xs text-(--fg-subtle)">End of list</span>
      ) : null}
    </div>
  );
}

type InfinitePages = Pick<
  UseInfiniteQueryResult,
  "isPending" | "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "fetchNextPage"
>;

/** The footer of a table fed by a TanStack infinite query (none while its first page loads). */
export function InfiniteQueryFooter({
  query,
  shown,
  noun,
}: {
  query: InfinitePages;
  shown: number;
  noun: [singular: string, plural: string];
}) {
  if (query.isPending) return null;
  return (
    <LoadMoreFooter
      shown={shown}
      noun={noun}
      hasMore={query.hasNextPage}
      loading={query.isFetchingNextPage}
      error={query.isFetchNextPageError ? "The next page could not be loaded." : null}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}

/** A row's details, under it across every column; the row's button controls it by `id`. */
export function DetailsRow({ id, columns, children }: { id: string; columns: number; children: ReactNode }) {
  return (
    <tr id={id} className="bg-(--surface-muted)/50">
      <td colSpan={columns} className="px-4 pt-1 pb-4">
        {children}
      </td>
    </tr>
  );
}
