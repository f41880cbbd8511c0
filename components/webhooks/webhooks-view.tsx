"use client";

// The webhook endpoints page: every endpoint (or one merchant's, ?merchantId= in the URL) with
// its health over 24 h; "New endpoint" registers one; "Deliveries" opens an endpoint's
// deliveries below the table. The same page is a merchant's portal page for its own endpoints
// (no merchant filter or column there: the API answers only its endpoints).
import { useId } from "react";
import { MerchantFilter } from "@/components/merchants/merchant-picker";
import { usePortalMerchant } from "@/components/shell/use-portal-merchant";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterFold } from "@/components/ui/filter-fold";
import { Label } from "@/components/ui/label";
import { ListOrState } from "@/components/ui/list-or-state";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toast";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { EndpointsTable } from "@/components/webhooks/endpoints-table";
import { NewEndpointButton } from "@/components/webhooks/new-endpoint-button";
import { useWebhookEndpoints } from "@/components/webhooks/webhook-queries";
import { parseWebhookFilters } from "@/lib/links/list-links";
import { filterLabel } from "@/lib/paging/list-filter-table";
import { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";

export function WebhooksView({ canWrite }: { canWrite: boolean }) {
  const [filters, setFilters] = useUrlFilters(parseWebhookFilters);
  const filterId = useId();
  const portalMerchant = usePortalMerchant();
  const query = useWebhookEndpoints(portalMerchant ? undefined : filters.merchantId);

  return (
    <>
      <PageHeader
        title="Webhook endpoints"
        description="Where each merchant hears of its processed events: signed deliveries, retried on failure."
        actions={
          canWrite ? (
            <NewEndpointButton defaultMerchantId={portalMerchant ?? filters.merchantId} fixedMerchant={Boolean(portalMerchant)} />
          ) : undefined
        }
      />
      <Toaster />
      {portalMerchant ? null : (
        <FilterFold active={filters.merchantId ? 1 : 0}>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <Label htmlFor={filterId}>{filterLabel(ENDPOINT_FILTER_TABLE, "merchantId")}</Label>
            <div className="w-full sm:w-72">
              <MerchantFilter id={filterId} value={filters.merchantId} onChange={(merchantId) => setFilters({ merchantId })} />
            </div>
          </div>
        </FilterFold>
      )}
      <ListOrState
        query={query}
        what="endpoints"
        empty={
          <EmptyState icon="inbox" title="No webhook endpoints">
            {canWrite ? "Register one with “New endpoint”." : "Endpoints appear here once an operator registers them."}
          </EmptyState>
        }
      >
        <EndpointsTable
          endpoints={query.data?.data ?? []}
          pending={query.isPending}
          canWrite={canWrite}
          merchantColumn={!portalMerchant}
          portal={Boolean(portalMerchant)}
        />
      </ListOrState>
    </>
  );
}
