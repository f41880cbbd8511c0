"use client";

// The staff merchant page (/merchants/{id}): who the merchant is, its last 24 hours, its
// credentials, its webhook endpoints with health (the endpoints page's rows and actions, so they
// are maintained here too), recent failures, its merchant accounts, its reconciliation, and "Open the portal as this
// merchant" for operators and admins.
import { useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import {
  MerchantAccounts,
  MerchantCounts,
  MerchantCredentials,
  MerchantFailures,
  Section,
} from "@/components/merchants/merchant-page-sections";
import { useMerchant } from "@/components/merchants/merchant-queries";
import { OpenPortalButton } from "@/components/merchants/open-portal-button";
import { MerchantReconciliation } from "@/components/reconciliation/merchant-reconciliation";
import { EmptyState } from "@/components/ui/empty-state";
import { ListOrState } from "@/components/ui/list-or-state";
import { QueryLoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toast";
import { EndpointsTable } from "@/components/webhooks/endpoints-table";
import { NewEndpointButton } from "@/components/webhooks/new-endpoint-button";
import { useWebhookEndpoints } from "@/components/webhooks/webhook-queries";
import { formatCnpj } from "@/lib/merchants/cnpj";

export function MerchantPage({ id, admin, canWrite }: { id: string; admin: boolean; canWrite: boolean }) {
  const merchant = useMerchant(id);
  // The 24 hours end when the page opens: the counts do not creep while it is read.
  const [since] = useState(() => new Date(Date.now() - 24 * 3600_000).toISOString());
  if (merchant.isError) {
    return merchant.error instanceof ApiRequestError && merchant.error.status === 404 ? (
      <EmptyState icon="merchants" title="No merchant has this id">
        It may have been mistyped; the Merchants page lists every merchant.
      </EmptyState>
    ) : (
      <QueryLoadError query={merchant} what="merchant" />
    );
  }
  return (
    <>
      <PageHeader
        title={merchant.data?.name ?? "Merchant"}
        description={merchant.data ? `CNPJ ${formatCnpj(merchant.data.taxId)} · ${id}` : id}
        actions={canWrite ? <OpenPortalButton merchantId={id} /> : undefined}
      />
      <Toaster />
      <div className="space-y-6">
        <MerchantCounts id={id} since={since} />
        <MerchantEndpoints id={id} canWrite={canWrite} />
        <div className="grid gap-6 lg:grid-cols-2">
          <MerchantFailures id={id} />
          <MerchantCredentials id={id} />
          <MerchantAccounts id={id} admin={admin} />
          <MerchantReconciliation id={id} />
        </div>
      </div>
    </>
  );
}

function MerchantEndpoints({ id, canWrite }: { id: string; canWrite: boolean }) {
  const query = useWebhookEndpoints(id);
  return (
    <Section
      title="Webhook endpoints"
      testId="merchant-endpoints"
      action={canWrite ? <NewEndpointButton defaultMerchantId={id} fixedMerchant /> : undefined}
    >
      <ListOrState query={query} what="webhook endpoints" empty={<p className="text-(--fg-muted)">No webhook endpoints.</p>}>
        <EndpointsTable
          endpoints={query.data?.data ?? []}
          pending={query.isPending}
          canWrite={canWrite}
          merchantColumn={false}
          portal={false}
        />
      </ListOrState>
    </Section>
  );
}
