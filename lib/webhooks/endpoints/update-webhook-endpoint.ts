// Changes a webhook endpoint (operators and admins): PATCH /v1/webhook-endpoints/{id}.
// Enabling clears the disabled reason and the failing streak; disabling by hand records why.
// A new URL records who set it (urlSetByStaff): one a merchant account sets is checked, and
// later delivered, without the allow-list.
import "server-only";
import type { ChangeById } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { endpointPolicy } from "@/lib/webhooks/egress/address-policy";
import { endpointAuditSnapshot, toWebhookEndpointDto, type WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";
import { checkEndpointUrl } from "@/lib/webhooks/endpoints/endpoint-url";
import { findEndpointToChange, staffCaller } from "@/lib/webhooks/endpoints/endpoint-write-scope";
import type { UpdateWebhookEndpointInput } from "@/lib/webhooks/schemas";

export async function updateWebhookEndpoint(options: ChangeById<UpdateWebhookEndpointInput>): Promise<WebhookEndpointDto> {
  const { caller, input } = options;
  const { before, where } = await findEndpointToChange(caller, options.id, input);
  const staff = staffCaller(caller);
  const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url, endpointPolicy(staff));
  const enabling = input.enabled === true && !before.enabled;
  const disabling = input.enabled === false && before.enabled;
  const row = await db().$transaction(async (tx) => {
    const updated = await tx.webhookEndpoint.update({
      where,
      data: {
        url,
        urlSetByStaff: url === undefined ? undefined : staff,
        description: input.description,
        eventTypes: input.eventTypes && [...new Set(input.eventTypes)],
        enabled: input.enabled,
        rateLimit: input.rateLimit,
        allAlerts: input.allAlerts,
        ...(enabling ? { disabledReason: null, failingSince: null } : {}),
        ...(disabling ? { disabledReason: `disabled by ${caller.username}` } : {}),
      },
    });
    await recordAuditEntry(tx, {
      caller,
      action: "webhook_endpoint.update",
      targetId: before.id,
      before: endpointAuditSnapshot(before),
      after: endpointAuditSnapshot(updated),
    });
    return updated;
  });
  return toWebhookEndpointDto(row);
}
