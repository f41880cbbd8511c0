"use client";

// A merchant's reconciliation on its page: its payments the newest imports matched and its
// exceptions still open, each linking to the Reconciliation page filtered to the merchant.
import Link from "next/link";
import { formatCount } from "@/components/events/format";
import { useMerchantReconciliation } from "@/components/reconciliation/reconciliation-queries";
import { Card, CardHeader } from "@/components/ui/card";
import { QueryLoadError } from "@/components/ui/load-error";
import { reconciliationLink } from "@/lib/links/list-links";

export function MerchantReconciliation({ id }: { id: string }) {
  const query = useMerchantReconciliation(id);
  const r = query.data;
  const figure = (n: number | undefined) => (n === undefined ? "…" : formatCount(n));
  const cells: [label: string, value: string, href: string, testId: string][] = [
    [
      r ? `Matched (last ${r.imports} import${r.imports === 1 ? "" : "s"})` : "Matched",
      figure(r?.matched),
      reconciliationLink({ merchant_id: id }),
      "reconciliation-matched",
    ],
    // The open figure counts what its link lists: the merchant's open exceptions.
    ["Open exceptions", figure(r?.open), reconciliationLink({ merchant_id: id, status: "open" }), "reconciliation-open"],
  ];
  return (
    <Card data-testid="merchant-reconciliation">
      <CardHeader
        title="Reconciliation"
        actions={
          <Link href={reconciliationLink({ merchant_id: id })} className="text-sm text-(--accent-text) hover:underline">
            All exceptions
          </Link>
        }
      />
      <div className="px-5 py-4 text-sm">
        {query.isError ? (
          <QueryLoadError query={query} what="reconciliation" />
        ) : r && r.imports === 0 ? (
          <p className="text-(--fg-muted)">No statement has been imported yet.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-4">
            {cells.map(([label, value, href, testId]) => (
              <div key={testId}>
                <dt className="text-(--fg-muted)">{label}</dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums">
                  <Link href={href} className="hover:underline" data-testid={testId}>
                    {value}
                  </Link>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </Card>
  );
}
