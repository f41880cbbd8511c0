"use client";

// A dashboard list in its three states: the load error (with a retry), the empty state once the
// list is known to be empty, and the table (skeleton rows while the first page loads).
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DataTable, InfiniteQueryFooter, SkeletonRows, TBody, THead, Th } from "@/components/ui/data-table";
import { ACTIONS_HEADER, type CardDeclaration } from "@/components/ui/list-card";
import { QueryLoadError } from "@/components/ui/load-error";

/** The header of the column holding a row's buttons: named for screen readers only. */
export const ACTIONS_COLUMN = { actions: true } as const;
/** A column, by its header: a label, or ACTIONS_COLUMN. */
export type Column = string | typeof ACTIONS_COLUMN;

type TableProps = {
  /** What the list is ("Merchants"): the table's caption for screen readers. */
  caption: string;
  testId: string;
  columns: Column[];
  /** On a phone, which columns (by header; ACTIONS_COLUMN is "Actions") make each row's card. */
  card: CardDeclaration;
  /** The rows (<Tr>), shown once the first page is in. */
  children: ReactNode;
};

/** The list's rows in words, one and many ("entry", "entries"): the footer's count. */
type Noun = [singular: string, plural: string];

/** A list's declaration beside its view: its words (caption and nouns), test id, columns and phone card. */
export type ListDeclaration = Pick<TableProps, "caption" | "testId" | "columns" | "card"> & { noun: Noun };

/** The table itself: its header, then skeleton rows while `pending`, then the rows. */
export function ListTable({
  caption,
  testId,
  columns,
  card,
  pending,
  footer,
  children,
}: TableProps & { pending: boolean; footer?: ReactNode }) {
  const headers = columns.map((column) => (typeof column === "string" ? column : ACTIONS_HEADER));
  return (
    <DataTable caption={caption} testId={testId} footer={footer} cards={{ columns: headers, card }}>
      <THead>
        {columns.map((column) =>
          typeof column === "string" ? (
            <Th key={column}>{column}</Th>
          ) : (
            <Th key="actions" className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          ),
        )}
      </THead>
      {pending ? <SkeletonRows columns={columns.length} /> : <TBody>{children}</TBody>}
    </DataTable>
  );
}

/**
 * A list fed by a TanStack infinite query: the load error only while nothing is shown (a failed
 * next page is the footer's to tell), the empty state, or the table with its load-more footer.
 * The load error names the list by its caption ("The merchants could not be loaded.").
 */
export function InfiniteListTable({
  query,
  noun,
  empty,
  ...table
}: TableProps & {
  query: UseInfiniteQueryResult<InfiniteData<{ data: unknown[] }>>;
  noun: Noun;
  empty: ReactNode;
}) {
  const shown = query.data?.pages.reduce((rows, page) => rows + page.data.length, 0) ?? 0;
  if (query.isError && shown === 0) {
    return <QueryLoadError query={query} what={table.caption.toLowerCase()} />;
  }
  if (!query.isPending && shown === 0) return empty;
  return (
    <ListTable {...table} pending={query.isPending} footer={<InfiniteQueryFooter query={query} shown={shown} noun={noun} />} />
  );
}
