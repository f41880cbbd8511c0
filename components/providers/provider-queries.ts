"use client";

// The acquirers (GET /v1/providers): reference data, read once and kept for ten minutes; the
// Providers page and the credential forms share it, in one order: by name, as the events page's
// acquirer filter lists them (ACQUIRER_OPTIONS).
import { useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { ProviderDto } from "@/lib/providers/list-providers";

export function useProviders() {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  return useQuery({
    queryKey: ["providers"],
    queryFn: () => apiFetch<{ data: ProviderDto[] }>("/v1/providers"),
    enabled: status === "authenticated",
    staleTime: 10 * 60_000,
    select: (body) => [...body.data].sort((a, b) => a.name.localeCompare(b.name)),
  });
}
