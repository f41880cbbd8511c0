// POST /v1/webhook-deliveries/{id}/resend (operators and admins): the delivery is due again at
// once with the same webhook-id, and its retry schedule starts over (schedule_offset: its attempt
// count stays, so it always agrees with the attempts listed). A pending delivery (due, in flight
// or waiting for a retry) is a 409: it will be attempted anyway ("Retry now" brings a waiting one
// forward). Audited (change-delivery.ts).
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { conflict } from "@/lib/errors";
import { changeDeliveryAudited } from "@/lib/webhooks/delivery/change-delivery";
import type { DeliveryDetailDto } from "@/lib/webhooks/delivery/delivery-dto";

export function resendWebhookDelivery(options: { caller: Caller; id: string }): Promise<DeliveryDetailDto> {
  return changeDeliveryAudited({
    ...options,
    action: "webhook_delivery.resend",
    where: { status: { in: ["succeeded", "failed"] } },
    data: (before) => ({ status: "pending", nextAttemptAt: new Date(), scheduleOffset: before.attemptCount }),
    audit: (before) => ({ before: { status: before.status }, after: { status: "pending" } }),
    refused: () => conflict("delivery_pending", "The delivery is pending: it is due, in flight or waiting for a retry."),
  });
}
