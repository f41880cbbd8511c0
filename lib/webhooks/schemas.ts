// Webhook endpoint and delivery request shapes, shared by the API, the dashboard forms and the
// OpenAPI document.
import { z } from "zod";
import { listQuerySchema } from "@/lib/paging/list-filter-table";
import { boundedDateTime } from "@/lib/validation/created-at-range";
import { DELIVERY_FILTER_TABLE } from "@/lib/webhooks/delivery/delivery-filter-table";
import { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";
import { ENDPOINT_EVENT_TYPES, unknownEventTypes } from "@/lib/webhooks/event-types";

// Checked against the catalogue (event-types.ts): a misspelt or invented type would save and then
// match nothing, and the endpoint would silently never receive a thing.
const eventTypes = z
  .array(z.string({ error: "must be an array of event types" }).max(64, "must be at most 64 characters"), {
    error: "must be an array of event types",
  })
  .max(50)
  .superRefine((types, ctx) => {
    const unknown = unknownEventTypes(types);
    if (unknown.length === 0) return;
    ctx.addIssue({
      code: "custom",
      input: types,
      message: `has ${unknown.length === 1 ? "an unknown event type" : "unknown event types"}: ${unknown.join(", ")} (GET /v1/event-types lists them)`,
    });
  })
  .describe(`Event types (GET /v1/event-types): ${ENDPOINT_EVENT_TYPES.join(", ")}; empty: every payment event type, no alerts`);

const urlField = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .min(1, "is required")
  .max(2048, "must be at most 2048 characters");

const rateLimit = z
  .int({ error: "must be an integer from 1 to 10000, or null" })
  .min(1, "must be an integer from 1 to 10000, or null")
  .max(10_000, "must be an integer from 1 to 10000, or null");

export const createWebhookEndpointBody = z.strictObject({
  merchantId: z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .min(1, "is required")
    .max(64),
  url: urlField,
  description: z.string({ error: "must be a string" }).max(500, "must be at most 500 characters").default(""),
  eventTypes: eventTypes.default([]),
  enabled: z.boolean({ error: "must be true or false" }).default(true),
  rateLimit: rateLimit.nullable().default(null),
  allAlerts: z
    .boolean({ error: "must be true or false" })
    .describe("Admins only: receive every alert (alert.* types), not only the endpoint's merchant's")
    .default(false),
});
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointBody>;

export const updateWebhookEndpointBody = z
  .strictObject({
    url: urlField.optional(),
    description: z.string({ error: "must be a string" }).max(500, "must be at most 500 characters").optional(),
    eventTypes: eventTypes.optional(),
    enabled: z.boolean({ error: "must be true or false" }).optional(),
    rateLimit: rateLimit.nullable().optional(),
    allAlerts: z
      .boolean({ error: "must be true or false" })
      .describe("Admins only: receive every alert (alert.* types), not only the endpoint's merchant's")
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: "must change at least one of url, description, eventTypes, enabled, rateLimit, allAlerts",
  });
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointBody>;

/** GET /v1/webhook-endpoints: its filter comes from the filter table. */
export const listWebhookEndpointsQuery = listQuerySchema(ENDPOINT_FILTER_TABLE);
export type ListWebhookEndpointsQuery = z.infer<typeof listWebhookEndpointsQuery>;

export { DELIVERY_STATUSES } from "@/lib/webhooks/delivery/delivery-filter-table";

/** GET /v1/webhook-deliveries: its filters come from the filter table. */
export const listWebhookDeliveriesQuery = listQuerySchema(DELIVERY_FILTER_TABLE);
export type ListWebhookDeliveriesQuery = z.infer<typeof listWebhookDeliveriesQuery>;

export const recoverWebhookEndpointBody = z.strictObject({
  since: boundedDateTime,
});
