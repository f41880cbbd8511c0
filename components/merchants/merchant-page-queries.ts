"use client";

// The reads of the staff merchant page (/merchants/{id}): its credentials, endpoints (with
// health: webhook-queries.ts), recent failed events and deliveries, its merchant accounts
// (admins: the users API is theirs), and its event counts over the last 24 hours. Each is one
// request to a list or count the API already scopes and indexes.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { EventDto } from "@/components/events/event-types";
import type { CredentialDto } from "@/lib/credentials/credential-dto";
import type { Page } from "@/lib/paging/page-params";
import type { UserDto } from "@/lib/users/user-dto";
import type { DeliveryDto } from "@/lib/webhooks/delivery/delivery-dto";

const key = (id: string, part: string) => ["merchant-page", id, part] as const;
type Count = { count: number; capped: boolean };

function useAuthedQuery<T>(queryKey: readonly unknown[], path: string | null, refetchInterval?: number) {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  return useQuery({
    queryKey,
    queryFn: () => apiFetch<T>(path ?? ""),
    enabled: status === "authenticated" && path !== null,
    refetchInterval,
  });
}

export function useMerchantCredentials(id: string) {
  return useAuthedQuery<Page<CredentialDto>>(key(id, "credentials"), `/v1/credentials?merchantId=${id}&limit=50`);
}

export function useMerchantFailedEvents(id: string) {
  return useAuthedQuery<Page<EventDto>>(
    key(id, "failed-events"),
    `/v1/webhooks/events?merchant_id=${id}&status=failed&limit=10`,
    30_000,
  );
}

export function useMerchantFailedDeliveries(id: string) {
  return useAuthedQuery<Page<DeliveryDto>>(
    key(id, "failed-deliveries"),
    `/v1/webhook-deliveries?merchantId=${id}&status=failed&limit=10`,
    30_000,
  );
}

/** Admins only (null path: not asked): other roles may not list users. */
export function useMerchantAccounts(id: string, admin: boolean) {
  return useAuthedQuery<Page<UserDto>>(key(id, "accounts"), admin ? `/v1/users?merchantId=${id}&limit=50` : null);
}

/**
 * Events of the last 24 hours: all, processed and failed (three counts, the page's period fixed
 * when it opens), and the three requests as one query state: failed if any failed (a retry asks
 * again for those).
 */
export function useMerchantCounts(id: string, since: string) {
  // The events naming the merchant (merchant_id), as the events page the figures link to filters
  // them: a number and its link count the same set.
  const base = `/v1/webhooks/events/count?merchant_id=${id}&created_at[gte]=${encodeURIComponent(since)}`;
  const all = useAuthedQuery<Count>(key(id, "count-all"), base, 60_000);
  const processed = useAuthedQuery<Count>(key(id, "count-processed"), `${base}&status=processed`, 60_000);
  const failed = useAuthedQuery<Count>(key(id, "count-failed"), `${base}&status=failed`, 60_000);
  const parts = [all, processed, failed];
  const failedPart = parts.find((part) => part.isError);
  return {
    all: all.data,
    processed: processed.data,
    failed: failed.data,
    query: {
      isError: failedPart !== undefined,
      error: failedPart?.error ?? null,
      refetch: () => Promise.all(parts.filter((part) => part.isError).map((part) => part.refetch())),
    },
  };
}
