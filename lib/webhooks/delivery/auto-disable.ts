// An endpoint that has failed without one success for WEBHOOK_DISABLE_AFTER_SECONDS is disabled
// (audited, by the system), judged after each failed attempt from the endpoint's state that the
// attempt's record returned (record-attempt.ts).
import "server-only";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import type { SentAttempt } from "@/lib/webhooks/delivery/attempt-delivery";

/** The endpoint's state after the attempt was recorded. */
type EndpointAfterAttempt = { enabled?: unknown; failingSince?: unknown } | undefined;

export async function disableIfFailingTooLong(
  endpointId: string,
  outcome: Pick<SentAttempt, "ok">,
  endpoint: EndpointAfterAttempt,
): Promise<void> {
  const failingSince = endpoint?.failingSince ? new Date(endpoint.failingSince as string) : null;
  if (
    !outcome.ok &&
    endpoint?.enabled &&
    failingSince &&
    Date.now() - failingSince.getTime() >= env().webhooks.disableAfterSeconds * 1000
  )
    await disableFailingEndpoint(endpointId, failingSince);
}

/** Disables an endpoint that has failed without one success since failingSince (audited). */
async function disableFailingEndpoint(endpointId: string, failingSince: Date): Promise<void> {
  const reason = `failing without a success since ${failingSince.toISOString()}`;
  await db().$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id: endpointId } });
    if (!before?.enabled) return;
    await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false, disabledReason: reason } });
    await recordAuditEntry(tx, {
      caller: null,
      action: "webhook_endpoint.disable",
      targetId: endpointId,
      before: { enabled: true, disabledReason: null },
      after: { enabled: false, disabledReason: reason },
    });
  });
  logger().warn({ endpointId }, "webhook endpoint disabled: failing too long");
}
