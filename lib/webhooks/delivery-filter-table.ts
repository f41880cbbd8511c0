// The webhook deliveries list's filters, each declared once (lib/paging/list-filter-table.ts
// derives the query schema, the where, the OpenAPI words and the page's URL state): status,
// endpoint, merchant, event and creation time.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { filterOf } from "@/lib/paging/list-filter-table";
import { boundedDateTime } from "@/lib/validation/created-at-range";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

const filter = filterOf<Prisma.WebhookDeliveryWhereInput>();
const identifier = z.string().min(1).max(64);

export const DELIVERY_FILTER_TABLE = [
  filter({
    name: "status",
    schema: z.enum(DELIVERY_STATUSES, { error: () => `must be one of ${DELIVERY_STATUSES.join(", ")}` }),
    where: (status) => ({ status }),
    description: "pending, succeeded or failed.",
  }),
  filter({
    name: "endpointId",
    schema: identifier,
    where: (endpointId) => ({ endpointId }),
    description: "Only this endpoint's deliveries.",
    page: (text) => (/^[0-9a-v]{20}$/.test(text) ? text : undefined),
  }),
  filter({
    name: "merchantId",
    schema: identifier,
    where: (merchantId) => ({ endpoint: { merchantId } }),
    description: "Only deliveries to this merchant's endpoints.",
  }),
  filter({
    name: "eventId",
    schema: identifier,
    where: (eventId) => ({ eventId }),
    description: "Only this event's deliveries.",
  }),
  // Instants only (no day form): each bound is its own condition.
  filter({
    name: "created_at[gte]",
    schema: boundedDateTime,
    where: (from) => ({ createdAt: { gte: new Date(from) } }),
    description: "Written at or after this instant (ISO 8601 with offset).",
  }),
  filter({
    name: "created_at[lt]",
    schema: boundedDateTime,
    where: (before) => ({ createdAt: { lt: new Date(before) } }),
    description: "Written before this instant.",
  }),
] as const;
