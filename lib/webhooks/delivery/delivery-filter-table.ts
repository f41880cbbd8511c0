// The webhook deliveries list's filters, each declared once (lib/paging/list-filter-table.ts
// derives the query schema, the OpenAPI words, docs/api.md's table and the page's URL state; the
// conditions are delivery-filter-where.ts's, server-only): status, endpoint, merchant, event and
// creation time.
import { z } from "zod";
import { listFilter as filter } from "@/lib/paging/list-filter-table";
import { boundedDateTime } from "@/lib/validation/created-at-range";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

const identifier = z.string().min(1).max(64);

export const DELIVERY_FILTER_TABLE = [
  filter({
    name: "status",
    label: "Status",
    schema: z.enum(DELIVERY_STATUSES, { error: () => `must be one of ${DELIVERY_STATUSES.join(", ")}` }),
    description: "pending, succeeded or failed.",
  }),
  filter({
    name: "endpointId",
    label: "Endpoint",
    schema: identifier,
    description: "Only this endpoint's deliveries.",
    page: (text) => (/^[0-9a-v]{20}$/.test(text) ? text : undefined),
  }),
  filter({
    name: "merchantId",
    label: "Merchant",
    schema: identifier,
    description: "Only deliveries to this merchant's endpoints.",
  }),
  filter({
    name: "eventId",
    label: "Event",
    schema: identifier,
    description: "Only this event's deliveries.",
  }),
  // Instants only (no day form): each bound is its own condition (delivery-filter-where.ts).
  filter({
    name: "created_at[gte]",
    label: "From",
    schema: boundedDateTime,
    description: "Written at or after this instant (ISO 8601 with offset).",
  }),
  filter({
    name: "created_at[lt]",
    label: "Before",
    schema: boundedDateTime,
    description: "Written before this instant.",
  }),
] as const;
