// The edit form's values (what the inputs hold) and the PATCH body they make: event types as the
// ticked names, the rate limit as digits or empty for none, every merchant's alerts
// (allAlerts: admins only, the API refuses it to others). The API's schema
// (updateWebhookEndpointBody) checks the result and names the field it refuses.
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";
import type { UpdateWebhookEndpointInput } from "@/lib/webhooks/schemas";

export type EndpointFormValues = {
  url: string;
  description: string;
  eventTypes: string[];
  rateLimit: string;
  enabled: boolean;
  allAlerts: boolean;
};

export function endpointFormValues(endpoint: WebhookEndpointDto): EndpointFormValues {
  return {
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    rateLimit: endpoint.rateLimit === null ? "" : String(endpoint.rateLimit),
    enabled: endpoint.enabled,
    allAlerts: endpoint.allAlerts,
  };
}

/** Only what changed: an unchanged URL is not sent (and not checked again). */
export function endpointChanges(endpoint: WebhookEndpointDto, values: EndpointFormValues): UpdateWebhookEndpointInput {
  const before = endpointFormValues(endpoint);
  const changes: UpdateWebhookEndpointInput = {};
  if (values.url.trim() !== before.url) changes.url = values.url.trim();
  if (values.description !== before.description) changes.description = values.description;
  // Sent only when the ticks changed: an endpoint saved with a name that is no event type keeps it
  // through other changes (the API refuses such names in eventTypes).
  if ([...values.eventTypes].sort().join() !== [...before.eventTypes].sort().join()) changes.eventTypes = values.eventTypes;
  if (values.rateLimit.trim() !== before.rateLimit) {
    // Not a number: sent as given, for the API to name the field ("must be an integer ...").
    changes.rateLimit = values.rateLimit.trim() === "" ? null : (Number(values.rateLimit) as number);
  }
  if (values.enabled !== before.enabled) changes.enabled = values.enabled;
  if (values.allAlerts !== before.allAlerts) changes.allAlerts = values.allAlerts;
  return changes;
}
