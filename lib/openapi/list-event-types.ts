// GET /v1/event-types: the catalogue of what an endpoint can receive, each type with its payload's
// JSON Schema, converted from the very zod schemas the deliveries' bodies are held to (as Svix and
// Convoy publish theirs), so a receiver can generate its types or validate what arrives.
import { z } from "zod";
import { alertMessageSchema } from "@/lib/alerts/alert-dto";
import type { AlertMessageType } from "@/lib/alerts/alert-kinds";
import { eventSchema } from "@/lib/events/event-contract";
import { PAYMENT_COMPLETED } from "@/lib/vocabulary/event-types";
import { ENDPOINT_EVENT_TYPES, type EndpointEventType, EVENT_TYPE_DESCRIPTIONS } from "@/lib/webhooks/event-types";

export const eventTypeSchema = z.strictObject({
  name: z.enum(ENDPOINT_EVENT_TYPES).describe("What an endpoint's eventTypes names"),
  description: z.string(),
  schema: z.record(z.string(), z.unknown()).describe("JSON Schema (draft 2020-12) of the body delivered for this type"),
});
export type EventTypeDto = z.output<typeof eventTypeSchema>;

// Only processed events are delivered (lib/webhooks/delivery/outbox-sql.ts).
const alertMessage = (type: AlertMessageType) => alertMessageSchema.extend({ type: z.literal(type) });
const PAYLOADS: Record<EndpointEventType, z.ZodType> = {
  [PAYMENT_COMPLETED]: eventSchema.extend({ type: z.literal(PAYMENT_COMPLETED), status: z.literal("processed") }),
  "alert.opened": alertMessage("alert.opened"),
  "alert.resolved": alertMessage("alert.resolved"),
};

let catalogue: EventTypeDto[] | undefined;

/** The same for every caller: any authenticated role reads it, merchant accounts and ingest included. */
export function listEventTypes(): EventTypeDto[] {
  catalogue ??= ENDPOINT_EVENT_TYPES.map((name) => ({
    name,
    description: EVENT_TYPE_DESCRIPTIONS[name],
    schema: z.toJSONSchema(PAYLOADS[name], { target: "draft-2020-12", io: "output", unrepresentable: "any" }) as Record<
      string,
      unknown
    >,
  }));
  return catalogue;
}
