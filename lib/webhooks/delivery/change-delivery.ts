// The one way an operator changes a delivery's queue state (resend, retry now): read it within
// the caller's scope, let the action refuse it by its state, update it guarded by its attempt
// count (a claim moves the count, so a delivery claimed since the read is not touched), audit
// the change in the same transaction (target: the endpoint; the entry names the delivery and its
// event), wake the delivery worker, and answer the delivery as it is now.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/access/roles";
import { endpointWhere, tenantScope } from "@/lib/access/tenant-scope";
import type { AuditAction } from "@/lib/audit/audit-actions";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import type { ApiError } from "@/lib/errors";
import type { DeliveryDetailDto } from "@/lib/webhooks/delivery/delivery-dto";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";
import { getWebhookDelivery } from "@/lib/webhooks/delivery/get-webhook-delivery";

export async function changeDeliveryAudited(options: {
  caller: Caller;
  id: string;
  action: AuditAction;
  /** Throws when the delivery's state refuses the action. */
  check?: (before: DeliveryDetailDto) => void;
  /** The states the update applies to, beyond the attempt count's guard. */
  where: Prisma.WebhookDeliveryWhereInput;
  data: (before: DeliveryDetailDto) => Prisma.WebhookDeliveryUpdateManyMutationInput;
  /** What the audit entry keeps of the delivery before and after, beside its id and event. */
  audit: (before: DeliveryDetailDto) => { before: Prisma.InputJsonObject; after: Prisma.InputJsonObject };
  /** The answer when the guarded update finds the delivery changed meanwhile. */
  refused: () => ApiError;
}): Promise<DeliveryDetailDto> {
  const { caller } = options;
  const scope = tenantScope(caller, "webhooks:write");
  const lookup = { caller, id: options.id, permission: "webhooks:write" as const };
  const before = await getWebhookDelivery(lookup);
  options.check?.(before);
  await db().$transaction(async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { ...options.where, id: before.id, attemptCount: before.attemptCount, endpoint: endpointWhere(scope) },
      data: options.data(before),
    });
    if (count === 0) throw options.refused();
    const named = { deliveryId: before.id, eventId: before.eventId };
    const audit = options.audit(before);
    await recordAuditEntry(tx, {
      caller,
      action: options.action,
      targetId: before.endpointId,
      before: { ...named, ...audit.before },
      after: { ...named, ...audit.after },
    });
  });
  nudgeDeliveryWorker();
  return getWebhookDelivery(lookup);
}
