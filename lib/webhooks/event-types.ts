// The event types a webhook endpoint can subscribe to, with what each means: the names the API
// accepts in an endpoint's eventTypes, and the choices the endpoint dialogs offer. Pure, so the
// browser reads it too; GET /v1/event-types adds each type's payload schema (lib/openapi/list-event-types.ts).
//
// webhook.test is not here: POST /v1/webhook-endpoints/{id}/test sends it to any endpoint on
// demand, whatever its types, and nothing else ever sends one, so subscribing to it would mean nothing.
import { ALERT_MESSAGE_TYPES } from "@/lib/alerts/alert-kinds";
import { PAYMENT_EVENT_TYPES } from "@/lib/vocabulary/event-types";

export const ENDPOINT_EVENT_TYPES = [...PAYMENT_EVENT_TYPES, ...ALERT_MESSAGE_TYPES] as const;
export type EndpointEventType = (typeof ENDPOINT_EVENT_TYPES)[number];

export const EVENT_TYPE_DESCRIPTIONS: Record<EndpointEventType, string> = {
  "payment.completed":
    "A payment notification matched one of the merchant's credentials and was processed: the event as " +
    "GET /v1/webhooks/events/{id} shows it, without its attempts and deliveries.",
  "alert.opened": "An alert about the merchant opened (about any merchant, for an admin's operations endpoint).",
  "alert.resolved": "An alert the endpoint could see no longer holds.",
};

export function isKnownEventType(type: string): type is EndpointEventType {
  return (ENDPOINT_EVENT_TYPES as readonly string[]).includes(type);
}

/** The names in `types` that are no event type (each once, in order). */
export function unknownEventTypes(types: readonly string[]): string[] {
  return [...new Set(types.filter((type) => !isKnownEventType(type)))];
}
