"use client";

// The audit log's reads: its filters as they stand in the URL (?targetType=&action=&targetId=),
// parsed once for the page and the request, and the log itself, page by page.
import { useInfiniteList } from "@/components/api/use-infinite-list";
import { AUDIT_TARGET_TYPES, type AuditTargetType } from "@/lib/audit/audit-actions";
import type { AuditEntryDto } from "@/lib/audit/audit-entry-dto";

const PAGE_SIZE = 30;

export type AuditFilters = { targetType?: AuditTargetType; action?: string; targetId?: string };

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const targetType = params.get("targetType");
  const action = params.get("action") ?? "";
  const targetId = params.get("targetId")?.trim() ?? "";
  return {
    targetType: AUDIT_TARGET_TYPES.find((t) => t === targetType),
    action: /^[a-z_]+\.[a-z_]+$/.test(action) && action.length <= 64 ? action : undefined,
    targetId: targetId && targetId.length <= 64 ? targetId : undefined,
  };
}

function auditPath(filters: AuditFilters, cursor: string | undefined): string {
  const params = new URLSearchParams();
  if (filters.targetType) params.set("targetType", filters.targetType);
  if (filters.action) params.set("action", filters.action);
  if (filters.targetId) params.set("targetId", filters.targetId);
  params.set("limit", String(PAGE_SIZE));
  if (cursor) params.set("cursor", cursor);
  return `/v1/audit-log?${params}`;
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteList<AuditEntryDto>({
    queryKey: ["audit-log", "list", filters],
    path: (cursor) => auditPath(filters, cursor),
  });
}
