// One webhook delivery with every attempt: GET /v1/webhook-deliveries/{id}.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { type DeliveryDetailDto, toDeliveryAttemptDto, toDeliveryDto } from "@/lib/webhooks/delivery-dto";

export async function getWebhookDelivery(options: { caller: Caller; id: string }): Promise<DeliveryDetailDto> {
  requirePermission(options.caller, "read");
  const row = XID_PATTERN.test(options.id)
    ? // findFirst: the key is (id, event_created_at) since deliveries are partitioned by the event's month.
      await db().webhookDelivery.findFirst({
        where: { id: options.id },
        include: { endpoint: { select: { merchantId: true } }, attempts: { orderBy: { startedAt: "asc" } } },
      })
    : null;
  if (!row) throw notFound("No webhook delivery has this id.");
  return { ...toDeliveryDto(row), attempts: row.attempts.map(toDeliveryAttemptDto) };
}
