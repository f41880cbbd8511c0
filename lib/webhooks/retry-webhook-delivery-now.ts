// POST /v1/webhook-deliveries/{id}/retry-now (operators and admins): a pending delivery waiting
// for its next retry becomes due now, instead of at next_attempt_at. Its schedule goes on where it
// was (this attempt counts as the next one). A delivery in flight is a 409 (delivery_in_flight:
// its outcome is coming), a finished one too (delivery_not_pending: resend it). Audited.
import "server-only";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { conflict } from "@/lib/errors";
import type { DeliveryDetailDto } from "@/lib/webhooks/delivery-dto";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery-worker";
import { getWebhookDelivery } from "@/lib/webhooks/get-webhook-delivery";

const inFlight = () => conflict("delivery_in_flight", "An attempt of this delivery is in flight: its outcome is coming.");

export async function retryWebhookDeliveryNow(options: { caller: Caller; id: string }): Promise<DeliveryDetailDto> {
  const { caller } = options;
  const scope = tenantScope(caller, "webhooks:write");
  const lookup = { ...options, permission: "webhooks:write" as const };
  const before = await getWebhookDelivery(lookup);
  if (before.status !== "pending")
    throw conflict("delivery_not_pending", `The delivery has ${before.status}: resend it to deliver it again.`);
  // A claim counts its attempt before making it (deliver-webhooks.ts), and the lease holds it
  // until next_attempt_at: an attempt counted but not listed, with its lease running, is in flight.
  const leased = before.nextAttemptAt !== null && new Date(before.nextAttemptAt) > new Date();
  if (leased && before.attemptCount > before.attempts.length) throw inFlight();
  await db().$transaction(async (tx) => {
    // Guarded by the count: a claim since the read moved it, and that attempt is in flight.
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: before.id, status: "pending", attemptCount: before.attemptCount, endpoint: merchantWhere(scope) },
      data: { nextAttemptAt: new Date() },
    });
    if (count === 0) throw inFlight();
    await recordAuditEntry(tx, {
      caller,
      action: "webhook_delivery.retry_now",
      targetId: before.endpointId,
      before: { deliveryId: before.id, eventId: before.eventId, nextAttemptAt: before.nextAttemptAt },
      after: { deliveryId: before.id, eventId: before.eventId, nextAttemptAt: "now" },
    });
  });
  nudgeDeliveryWorker();
  return getWebhookDelivery(lookup);
}
