"use client";

// One import per merchant and sale day (staff): the sales matched, the exceptions found and how
// many are open; a merchant's exceptions are one click away.
import Link from "next/link";
import { useDailyCounts } from "@/components/reconciliation/reconciliation-queries";
import { DataTable, TBody, Td, THead, Th, Tr } from "@/components/ui/data-table";
import { LoadingStatus } from "@/components/ui/loading-status";
import { reconciliationLink } from "@/lib/links/list-links";

// On a phone: the merchant and the day, how many sales matched and how many exceptions are open.
const DAILY_COUNTS_CARDS = {
  columns: ["Day", "Merchant", "Matched", "Exceptions", "Open"],
  card: { title: "Merchant", aside: "Day", lines: ["Matched", "Open"], labelled: ["Matched", "Open"] },
};

export function DailyCountsTable({ importId }: { importId: string }) {
  const query = useDailyCounts(importId);
  if (query.isPending) return <LoadingStatus>Counting the import's days…</LoadingStatus>;
  if (query.isError) return <p className="text-sm text-(--danger)">The counts per merchant and day could not be loaded.</p>;
  const rows = query.data.data;
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="daily-counts-title" className="mb-6">
      <h2 id="daily-counts-title" className="mb-2 text-sm font-semibold text-(--fg)">
        Per merchant and day <span className="font-normal text-(--fg-muted)">· import {importId}</span>
      </h2>
      <DataTable caption="Matches and exceptions per merchant and day" testId="daily-counts-table" cards={DAILY_COUNTS_CARDS}>
        <THead>
          <Th>Day</Th>
          <Th>Merchant</Th>
          <Th className="text-right">Matched</Th>
          <Th className="text-right">Exceptions</Th>
          <Th className="text-right">Open</Th>
        </THead>
        <TBody>
          {rows.map((row) => (
            <Tr key={`${row.day}|${row.merchantId}`} data-testid="daily-counts-row">
              <Td className="whitespace-nowrap">{row.day ?? "—"}</Td>
              <Td>
                {row.merchantId ? (
                  <Link
                    href={reconciliationLink({ import_id: importId, merchant_id: row.merchantId })}
                    className="text-(--accent-text) hover:underline"
                  >
                    {row.merchantName ?? row.merchantId}
                  </Link>
                ) : (
                  <span className="text-(--fg-muted)">No merchant (no credential for the MID and TID)</span>
                )}
              </Td>
              <Td className="text-right tabular-nums">{row.matched}</Td>
              <Td className="text-right tabular-nums">{row.exceptions}</Td>
              <Td className="text-right tabular-nums">{row.open}</Td>
            </Tr>
          ))}
        </TBody>
      </DataTable>
      {query.data.truncated ? (
        <p className="mt-1 text-xs text-(--fg-subtle)">The first {rows.length} merchant days are shown.</p>
      ) : null}
    </section>
  );
}
