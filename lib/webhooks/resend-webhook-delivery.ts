// POST /v1/webhook-deliveries/{id}/resend (operators and admins): the delivery is due again at
// once with the same webhook-id, and its retry schedule starts over. A pending delivery (due, in
// flight or waiting for a retry) is a 409: it will be attempted anyway.
import "server-only";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { conflict } from "@/lib/errors";
import type { DeliveryDetailDto } from "@/lib/webhooks/delivery-dto";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery-worker";
import { getWebhookDelivery } from "@/lib/webhooks/get-webhook-delivery";

export async function resendWebhookDelivery(options: { caller: Caller; id: string }): Promise<DeliveryDetailDto> {
  const scope = tenantScope(options.caller, "webhooks:write");
  const lookup = { ...options, permission: "webhooks:write" as const };
  const before = await getWebhookDelivery(lookup);
  const { count } = await db().webhookDelivery.updateMany({
    where: { id: before.id, status: { in: ["succeeded", "failed"] }, endpoint: merchantWhere(scope) },
    data: { status: "pending", nextAttemptAt: new Date(), attemptCount: 0 },
  });
  if (count === 0) throw conflict("delivery_pending", "The delivery is pending: it is due, in flight or waiting for a retry.");
  nudgeDeliveryWorker();
  return getWebhookDelivery(lookup);
}
