"use client";

// The audit log's reads: its filters as they stand in the URL (as audit-filter-table.ts declares),
// parsed once for the page and the request, and the log itself, page by page.
import { useInfiniteList } from "@/components/api/use-infinite-list";
import type { AuditEntryDto } from "@/lib/audit/audit-entry-dto";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import { type PageFilters, pageFiltersQuery, parsePageFilters } from "@/lib/paging/list-filter-table";

const PAGE_SIZE = 30;

export type AuditFilters = PageFilters<typeof AUDIT_FILTER_TABLE>;

export const parseAuditFilters = (params: URLSearchParams) => parsePageFilters(AUDIT_FILTER_TABLE, params);

function auditPath(filters: AuditFilters, cursor: string | undefined): string {
  return `/v1/audit-log?${pageFiltersQuery(AUDIT_FILTER_TABLE, filters, { limit: PAGE_SIZE, cursor })}`;
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteList<AuditEntryDto>({
    queryKey: ["audit-log", "list", filters],
    path: (cursor) => auditPath(filters, cursor),
  });
}
