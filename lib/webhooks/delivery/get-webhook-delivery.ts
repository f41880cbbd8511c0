// One webhook delivery with every attempt: GET /v1/webhook-deliveries/{id}.
import "server-only";
import type { Caller, Permission } from "@/lib/access/roles";
import { endpointWhere, tenantScope } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { type DeliveryDetailDto, toDeliveryAttemptDto, toDeliveryDto } from "@/lib/webhooks/delivery/delivery-dto";

/** `permission`: read, or webhooks:write for resend's lookups. */
export async function getWebhookDelivery(options: {
  caller: Caller;
  id: string;
  permission?: Permission;
}): Promise<DeliveryDetailDto> {
  const scope = tenantScope(options.caller, options.permission ?? "read");
  const row = XID_PATTERN.test(options.id)
    ? // findFirst: the key is (id, event_created_at) since deliveries are partitioned by the event's month.
      await db().webhookDelivery.findFirst({
        // A delivery is its endpoint's merchant's: another merchant's is not found (404).
        where: { id: options.id, endpoint: endpointWhere(scope) },
        include: {
          endpoint: { select: { merchantId: true, url: true } },
          event: { select: { body: true } },
          attempts: { orderBy: { startedAt: "asc" } },
        },
      })
    : null;
  if (!row) throw notFound("No webhook delivery has this id.");
  const bodyBytes = Buffer.byteLength(row.event.body);
  return {
    ...toDeliveryDto(row),
    requestBody: row.event.body,
    attempts: row.attempts.map((a) => toDeliveryAttemptDto(a, bodyBytes)),
  };
}
