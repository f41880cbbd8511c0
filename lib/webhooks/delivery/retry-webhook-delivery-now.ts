// POST /v1/webhook-deliveries/{id}/retry-now (operators and admins): a pending delivery waiting
// for its next retry becomes due now, instead of at next_attempt_at. Its schedule goes on where it
// was (this attempt counts as the next one). A delivery in flight is a 409 (delivery_in_flight:
// its outcome is coming), a finished one too (delivery_not_pending: resend it). Audited
// (change-delivery.ts).
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { conflict } from "@/lib/errors";
import { changeDeliveryAudited } from "@/lib/webhooks/delivery/change-delivery";
import type { DeliveryDetailDto } from "@/lib/webhooks/delivery/delivery-dto";

const inFlight = () => conflict("delivery_in_flight", "An attempt of this delivery is in flight: its outcome is coming.");

export function retryWebhookDeliveryNow(options: { caller: Caller; id: string }): Promise<DeliveryDetailDto> {
  return changeDeliveryAudited({
    ...options,
    action: "webhook_delivery.retry_now",
    check: (before) => {
      if (before.status !== "pending")
        throw conflict("delivery_not_pending", `The delivery has ${before.status}: resend it to deliver it again.`);
      // A claim counts its attempt before making it (claim-deliveries.ts), and its lease holds
      // it until next_attempt_at: an attempt counted but not listed, lease running, is in flight.
      const leased = before.nextAttemptAt !== null && new Date(before.nextAttemptAt) > new Date();
      if (leased && before.attemptCount > before.attempts.length) throw inFlight();
    },
    // A claim since the read moved the count (the guard): that attempt is in flight.
    where: { status: "pending" },
    data: () => ({ nextAttemptAt: new Date() }),
    audit: (before) => ({ before: { nextAttemptAt: before.nextAttemptAt }, after: { nextAttemptAt: "now" } }),
    refused: inFlight,
  });
}
