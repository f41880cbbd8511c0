"use client";

// The endpoints table of the webhooks page and of a merchant's page: a row per endpoint, with its
// health over 24 h and its actions, and below the table the deliveries of the one endpoint whose
// "Deliveries" is open.
import { useState } from "react";
import { useMerchantsById } from "@/components/merchants/merchant-queries";
import { ACTIONS_COLUMN, ListTable } from "@/components/ui/list-table";
import { EndpointDeliveries } from "@/components/webhooks/endpoint-deliveries";
import { EndpointRow } from "@/components/webhooks/endpoint-row";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";

const STAFF_COLUMNS = ["Endpoint", "Merchant", "Success (24 h)", "p50", "Last error", "Next retry", ACTIONS_COLUMN];
const ONE_MERCHANT_COLUMNS = STAFF_COLUMNS.filter((c) => c !== "Merchant");
// On a phone: the URL (with its state and event types), whose it is, its success and latency; then its buttons.
const STAFF_CARD = { title: "Endpoint", lines: ["Merchant"], badge: "Success (24 h)", time: "p50" };
const ONE_MERCHANT_CARD = { title: "Endpoint", badge: "Success (24 h)", time: "p50" };

export function EndpointsTable({
  endpoints,
  pending,
  canWrite,
  merchantColumn,
  portal,
}: {
  endpoints: WebhookEndpointDto[];
  pending: boolean;
  canWrite: boolean;
  /** Every merchant's endpoints (staff): a column names each one's merchant. */
  merchantColumn: boolean;
  /** A merchant's portal: the deliveries are its own. */
  portal: boolean;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const merchants = useMerchantsById(merchantColumn ? endpoints.map((e) => e.merchantId) : []);
  return (
    <>
      <ListTable
        caption="Webhook endpoints"
        testId="endpoints-table"
        pending={pending}
        columns={merchantColumn ? STAFF_COLUMNS : ONE_MERCHANT_COLUMNS}
        card={merchantColumn ? STAFF_CARD : ONE_MERCHANT_CARD}
      >
        {endpoints.map((endpoint) => (
          <EndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            merchantName={merchants.get(endpoint.merchantId)?.name}
            hideMerchant={!merchantColumn}
            canWrite={canWrite}
            deliveriesOpen={selected === endpoint.id}
            onToggleDeliveries={() => setSelected(selected === endpoint.id ? null : endpoint.id)}
          />
        ))}
      </ListTable>
      {selected ? <EndpointDeliveries endpointId={selected} canWrite={canWrite} portal={portal} /> : null}
    </>
  );
}
