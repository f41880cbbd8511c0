"use client";

// Webhook reads shared by the endpoints page: the endpoints (one merchant's or all, with their
// health), an endpoint's deliveries, one delivery with its attempts, and a recover job's
// progress. Each polls while shown, since deliveries change on their own as the worker sends them.
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import { pageFiltersQuery } from "@/lib/paging/list-filter-table";
import type { Page } from "@/lib/paging/page-params";
import type { DeliveryDetailDto, DeliveryDto } from "@/lib/webhooks/delivery/delivery-dto";
import { DELIVERY_FILTER_TABLE } from "@/lib/webhooks/delivery/delivery-filter-table";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";
import { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";
import type { RecoverJobDto } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";

export const webhookKeys = {
  endpoints: ["webhook-endpoints"] as const,
  endpointList: (merchantId: string | undefined) => ["webhook-endpoints", { merchantId }] as const,
  deliveries: ["webhook-deliveries"] as const,
  endpointDeliveries: (endpointId: string) => ["webhook-deliveries", endpointId] as const,
  delivery: (id: string) => ["webhook-delivery", id] as const,
  recoverJob: (id: string | null) => ["webhook-recover-job", id] as const,
};

/**
 * A read of one /v1 path, once the session is in and while `enabled`, polled every
 * `refetchInterval` (deliveries change on their own as the worker sends them).
 */
function usePolledRead<T>(
  queryKey: QueryKey,
  path: string,
  { enabled = true, refetchInterval }: { enabled?: boolean; refetchInterval: UseQueryOptions<T>["refetchInterval"] },
) {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  return useQuery({
    queryKey,
    queryFn: () => apiFetch<T>(path),
    enabled: enabled && status === "authenticated",
    refetchInterval,
  });
}

export function useWebhookEndpoints(merchantId: string | undefined) {
  const path = `/v1/webhook-endpoints?${pageFiltersQuery(ENDPOINT_FILTER_TABLE, { merchantId }, { limit: 100 })}`;
  return usePolledRead<Page<WebhookEndpointDto>>(webhookKeys.endpointList(merchantId), path, { refetchInterval: 10_000 });
}

export function useEndpointDeliveries(endpointId: string) {
  const path = `/v1/webhook-deliveries?${pageFiltersQuery(DELIVERY_FILTER_TABLE, { endpointId }, { limit: 50 })}`;
  return usePolledRead<Page<DeliveryDto>>(webhookKeys.endpointDeliveries(endpointId), path, { refetchInterval: 5_000 });
}

/** One delivery with its attempts, fetched (and polled) only while `open`. */
export function useDeliveryDetail(id: string, open: boolean) {
  return usePolledRead<DeliveryDetailDto>(webhookKeys.delivery(id), `/v1/webhook-deliveries/${id}`, {
    enabled: open,
    refetchInterval: open ? 3_000 : false,
  });
}

/** A recover job's progress, polled until it is done. */
export function useRecoverJob(id: string | null) {
  return usePolledRead<RecoverJobDto>(webhookKeys.recoverJob(id), `/v1/webhook-recover-jobs/${id}`, {
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "done" ? false : 1_000),
  });
}
