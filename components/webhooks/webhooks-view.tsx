"use client";

// The webhook endpoints page: every endpoint (or one merchant's, ?merchantId= in the URL) with
// its health over 24 h; "New endpoint" registers one; "Deliveries" opens an endpoint's
// deliveries below the table. The same page is a merchant's portal page for its own endpoints
// (no merchant filter or column there: the API answers only its endpoints).
import { useId, useState } from "react";
import { MerchantFilter } from "@/components/merchants/merchant-picker";
import { useMerchantsById } from "@/components/merchants/merchant-queries";
import { usePortalMerchant } from "@/components/shell/use-portal-merchant";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterFold } from "@/components/ui/filter-fold";
import { Label } from "@/components/ui/label";
import { ACTIONS_COLUMN, ListTable } from "@/components/ui/list-table";
import { QueryLoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toast";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { EndpointDeliveries } from "@/components/webhooks/endpoint-deliveries";
import { EndpointRow } from "@/components/webhooks/endpoint-row";
import { NewEndpointButton } from "@/components/webhooks/new-endpoint-button";
import { useWebhookEndpoints } from "@/components/webhooks/webhook-queries";
import { parseWebhookFilters } from "@/lib/links/list-links";
import { filterLabel } from "@/lib/paging/list-filter-table";
import { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";

const STAFF_COLUMNS = ["Endpoint", "Merchant", "Success (24 h)", "p50", "Last error", "Next retry", ACTIONS_COLUMN];
const PORTAL_COLUMNS = STAFF_COLUMNS.filter((c) => c !== "Merchant");
// On a phone: the URL (with its state and event types), whose it is, its success and latency; then its buttons.
const STAFF_CARD = { title: "Endpoint", lines: ["Merchant"], badge: "Success (24 h)", time: "p50" };
const PORTAL_CARD = { title: "Endpoint", badge: "Success (24 h)", time: "p50" };

export function WebhooksView({ canWrite }: { canWrite: boolean }) {
  const [filters, setFilters] = useUrlFilters(parseWebhookFilters);
  const [selected, setSelected] = useState<string | null>(null);
  const filterId = useId();
  const portalMerchant = usePortalMerchant();
  const query = useWebhookEndpoints(portalMerchant ? undefined : filters.merchantId);
  const endpoints = query.data?.data ?? [];
  const merchants = useMerchantsById(endpoints.map((e) => e.merchantId));

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
      {query.isError ? (
        <QueryLoadError query={query} what="endpoints" />
      ) : !query.isPending && endpoints.length === 0 ? (
        <EmptyState icon="inbox" title="No webhook endpoints">
          {canWrite ? "Register one with “New endpoint”." : "Endpoints appear here once an operator registers them."}
        </EmptyState>
      ) : (
        <ListTable
          caption="Webhook endpoints"
          testId="endpoints-table"
          pending={query.isPending}
          columns={portalMerchant ? PORTAL_COLUMNS : STAFF_COLUMNS}
          card={portalMerchant ? PORTAL_CARD : STAFF_CARD}
        >
          {endpoints.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              merchantName={merchants.get(endpoint.merchantId)?.name}
              hideMerchant={Boolean(portalMerchant)}
              canWrite={canWrite}
              deliveriesOpen={selected === endpoint.id}
              onToggleDeliveries={() => setSelected(selected === endpoint.id ? null : endpoint.id)}
            />
          ))}
        </ListTable>
      )}
      {selected ? <EndpointDeliveries endpointId={selected} canWrite={canWrite} portal={Boolean(portalMerchant)} /> : null}
    </>
  );
}
