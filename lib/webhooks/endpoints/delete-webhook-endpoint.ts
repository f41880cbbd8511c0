// DELETE /v1/webhook-endpoints/{id} (operators and admins): the endpoint goes, with its
// deliveries, their attempts and its recover jobs (the foreign keys cascade), so nothing is sent
// to it again. An attempt in flight meanwhile is not recorded. Audited with the endpoint as it was
// (secret never included) and how many deliveries went with it.
import "server-only";
import { z } from "zod";
import type { Caller } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { endpointAuditSnapshot } from "@/lib/webhooks/endpoints/endpoint-dto";
import { findEndpointToChange } from "@/lib/webhooks/endpoints/endpoint-write-scope";

export const deletedWebhookEndpointSchema = z.strictObject({
  id: z.string(),
  deleted: z.literal(true),
  deliveries: z.int().nonnegative().describe("How many deliveries (with their attempts) were deleted with it"),
});
export type DeletedWebhookEndpoint = z.output<typeof deletedWebhookEndpointSchema>;

export async function deleteWebhookEndpoint(options: { caller: Caller; id: string }): Promise<DeletedWebhookEndpoint> {
  const { caller } = options;
  const { before, where } = await findEndpointToChange(caller, options.id);
  return db().$transaction(async (tx) => {
    const deliveries = await tx.webhookDelivery.count({ where: { endpointId: before.id } });
    const { count } = await tx.webhookEndpoint.deleteMany({ where });
    // Deleted by a concurrent request: the same answer as an unknown id.
    if (count === 0) throw notFound("No webhook endpoint has this id.");
    await recordAuditEntry(tx, {
      caller,
      action: "webhook_endpoint.delete",
      targetId: before.id,
      before: { ...endpointAuditSnapshot(before), deliveries },
      after: null,
    });
    return { id: before.id, deleted: true as const, deliveries };
  });
}
