// POST /v1/webhook-deliveries/{id}/resend (operators and admins): the delivery is due again at
// once with the same webhook-id, and its retry schedule starts over (schedule_offset: its attempt
// count stays, so it always agrees with the attempts listed). A pending delivery (due, in flight
// or waiting for a retry) is a 409: it will be attempted anyway ("Retry now" brings a waiting one
// forward). Audited, with the delivery and its event in the entry.
import "server-only";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { conflict } from "@/lib/errors";
import type { DeliveryDetailDto } from "@/lib/webhooks/delivery-dto";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery-worker";
import { getWebhookDelivery } from "@/lib/webhooks/get-webhook-delivery";

export async function resendWebhookDelivery(options: { caller: Caller; id: string }): Promise<DeliveryDetailDto> {
  const { caller } = options;
  const scope = tenantScope(caller, "webhooks:write");
  const lookup = { ...options, permission: "webhooks:write" as const };
  const before = await getWebhookDelivery(lookup);
  const resent = await db().$transaction(async (tx) => {
    // A finished delivery's count does not move: the guard on it only refuses a concurrent resend.
    const { count } = await tx.webhookDelivery.updateMany({
      where: {
        id: before.id,
        status: { in: ["succeeded", "failed"] },
        attemptCount: before.attemptCount,
        endpoint: merchantWhere(scope),
      },
      data: { status: "pending", nextAttemptAt: new Date(), scheduleOffset: before.attemptCount },
    });
    if (count === 0) return false;
    await recordAuditEntry(tx, {
      caller,
      action: "webhook_delivery.resend",
      targetId: before.endpointId,
      before: { deliveryId: before.id, eventId: before.eventId, status: before.status },
      after: { deliveryId: before.id, eventId: before.eventId, status: "pending" },
    });
    return true;
  });
  if (!resent) throw conflict("delivery_pending", "The delivery is pending: it is due, in flight or waiting for a retry.");
  nudgeDeliveryWorker();
  return getWebhookDelivery(lookup);
}
