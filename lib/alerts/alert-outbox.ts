// The operational webhooks' outbox: a change of an alert queues one alert_deliveries row per
// enabled endpoint that takes its message type (alert.opened, alert.resolved in the endpoint's
// event types) and may see the alert (its merchant's endpoints, and the endpoints an admin made
// for every alert: all_alerts), in the change's own transaction, so no change is lost or sent
// without having happened. lib/alert-delivery/deliver-alerts.ts sends them.
import "server-only";
import type { z } from "zod";
import type { Alert, Prisma } from "@/generated/prisma/client";
import { type alertMessageSchema, toAlertDto } from "@/lib/alerts/alert-dto";
import type { AlertMessageType } from "@/lib/alerts/alert-kinds";

/** The message's body: the Standard Webhooks payload shape (type, timestamp, data). */
export function alertMessage(type: AlertMessageType, alert: Alert, at: Date): string {
  const message: z.output<typeof alertMessageSchema> = { type, timestamp: at.toISOString(), data: toAlertDto(alert) };
  return JSON.stringify(message);
}

export async function queueAlertMessages(
  tx: Prisma.TransactionClient,
  alert: Alert,
  type: AlertMessageType,
  at: Date,
): Promise<number> {
  const body = alertMessage(type, alert, at);
  return tx.$executeRaw`
    INSERT INTO alert_deliveries (id, alert_id, endpoint_id, type, body, status, next_attempt_at, created_at)
    SELECT substr(md5(w.id || ${alert.id} || ${type}), 1, 20), ${alert.id}, w.id, ${type}, ${body}, 'pending',
      clock_timestamp(), clock_timestamp()
    FROM webhook_endpoints w
    WHERE w.enabled AND ${type} = ANY (w.event_types) AND (w.all_alerts OR w.merchant_id = ${alert.merchantId})
    ON CONFLICT (id) DO NOTHING`;
}
