"use client";

// The reconciliation page's reads and writes: the exceptions' filters as they stand in the URL
// (as exception-filter-table.ts declares), the imports and the exceptions page by page, one
// import's per merchant and day counts, the upload (with its progress) and the resolution; and
// the reconciliation state an event's page and a merchant's page show.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { renewAccessToken } from "@/components/api/renew-access-token";
import { useApiFetch } from "@/components/api/use-api-fetch";
import { useApiRead } from "@/components/api/use-api-read";
import { useInfiniteList } from "@/components/api/use-infinite-list";
import { noPageFilters, type PageFilters, pageFiltersQuery, parsePageFilters } from "@/lib/paging/list-filter-table";
import type { Page } from "@/lib/paging/page-params";
import type { DailyCountsDto } from "@/lib/reconciliation/daily-counts-dto";
import type { EventReconciliationDto } from "@/lib/reconciliation/event-reconciliation-dto";
import type { ExceptionDto } from "@/lib/reconciliation/exception-dto";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import type { ImportDto } from "@/lib/reconciliation/import-dto";
import type { MerchantReconciliationDto } from "@/lib/reconciliation/merchant-reconciliation-dto";

const PAGE_SIZE = 30;
const IMPORTS_PAGE_SIZE = 10;

export type ExceptionFilters = PageFilters<typeof EXCEPTION_FILTER_TABLE>;

export const parseExceptionFilters = (params: URLSearchParams) => parsePageFilters(EXCEPTION_FILTER_TABLE, params);

export const NO_EXCEPTION_FILTERS = noPageFilters(EXCEPTION_FILTER_TABLE);

export const reconciliationKeys = {
  all: ["reconciliation"] as const,
  imports: ["reconciliation", "imports"] as const,
  exceptions: (filters: ExceptionFilters) => ["reconciliation", "exceptions", filters] as const,
  daily: (importId: string) => ["reconciliation", "daily", importId] as const,
};

/** The imports, newest first (staff only: an import spans every merchant of its establishments). */
export function useImports(enabled: boolean) {
  const list = useInfiniteList<ImportDto>({
    queryKey: reconciliationKeys.imports,
    path: (cursor) => `/v1/reconciliation/imports?${pageFiltersQuery([], {}, { limit: IMPORTS_PAGE_SIZE, cursor })}`,
    enabled,
  });
  return enabled ? list : null;
}

export function useExceptions(filters: ExceptionFilters) {
  return useInfiniteList<ExceptionDto>({
    queryKey: reconciliationKeys.exceptions(filters),
    path: (cursor) =>
      `/v1/reconciliation/exceptions?${pageFiltersQuery(EXCEPTION_FILTER_TABLE, filters, { limit: PAGE_SIZE, cursor })}`,
  });
}

/** One import's matched sales and exceptions per merchant and sale day. */
export function useDailyCounts(importId: string | undefined) {
  return useApiRead<DailyCountsDto>(
    reconciliationKeys.daily(importId ?? ""),
    `/v1/reconciliation/imports/${encodeURIComponent(importId ?? "")}/daily-counts`,
    Boolean(importId),
  );
}

export function useResolveException() {
  const apiFetch = useApiFetch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      apiFetch<ExceptionDto>(`/v1/reconciliation/exceptions/${encodeURIComponent(id)}/resolve`, {
        method: "POST",
        body: JSON.stringify({ note }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

/** A refused statement's faults, each with its line (422 statement_refused). */
export type StatementFault = { line: number; field: string; message: string };

export class StatementRefused extends Error {
  constructor(
    message: string,
    readonly faults: StatementFault[],
  ) {
    super(message);
    this.name = "StatementRefused";
  }
}

export type UploadProgress = { loaded: number; total: number };

type XhrAnswer = { status: number; body: unknown; requestId: string | null };

/** fetch() reports no upload progress: XMLHttpRequest does (upload.onprogress). */
function sendFile(file: File, token: string, onProgress: (progress: UploadProgress) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/v1/reconciliation/imports");
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("content-type", "text/plain");
    xhr.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      resolve({ status: xhr.status, body, requestId: xhr.getResponseHeader("x-request-id") });
    };
    xhr.onerror = () => reject(new Error("The upload was cut off. Nothing was imported; try again."));
    xhr.send(file);
  });
}

/** POST the file as text/plain (renewing the access token once on a 401), answering the import. */
export function useUploadStatement(onProgress: (progress: UploadProgress) => void) {
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<ImportDto> => {
      let token = session?.accessToken ?? (await renewAccessToken());
      if (!token) throw new ApiRequestError({ status: 401, code: "unauthenticated", detail: "You are signed out." });
      let answer = await sendFile(file, token, onProgress);
      if (answer.status === 401) {
        token = await renewAccessToken();
        if (token) answer = await sendFile(file, token, onProgress);
      }
      const body = (answer.body ?? {}) as { detail?: string; code?: string; errors?: unknown };
      if (answer.status === 422 && body.code === "statement_refused") {
        const faults = Array.isArray(body.errors) ? (body.errors as StatementFault[]) : [];
        throw new StatementRefused(body.detail ?? "The statement was refused.", faults);
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw new ApiRequestError({
          status: answer.status,
          code: body.code,
          detail: body.detail,
          requestId: answer.requestId ?? undefined,
        });
      }
      return answer.body as ImportDto;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

export type { ExceptionDto, ImportDto, Page };

/** Whether an event's payment was reconciled (GET /v1/webhooks/events/{id}/reconciliation). */
export function useEventReconciliation(eventId: string) {
  return useApiRead<EventReconciliationDto>(
    [...reconciliationKeys.all, "event", eventId],
    `/v1/webhooks/events/${encodeURIComponent(eventId)}/reconciliation`,
  );
}

/** A merchant's matched sales and open exceptions (GET /v1/reconciliation/merchants/{id}). */
export function useMerchantReconciliation(merchantId: string) {
  return useApiRead<MerchantReconciliationDto>(
    [...reconciliationKeys.all, "merchant", merchantId],
    `/v1/reconciliation/merchants/${encodeURIComponent(merchantId)}`,
  );
}
