// Endpoints: an enabled endpoint whose attempts have all failed for ALERT_ENDPOINT_FAILING_MINUTES
// (failing_since, the first failure since its last success: lib/webhooks/delivery/record-attempt.ts), a
// warning well before WEBHOOK_DISABLE_AFTER_SECONDS disables it; and an endpoint the delivery
// worker disabled for failing (its disabled_reason), open until someone enables it again. One scan
// of webhook_endpoints (a few rows per merchant).
import "server-only";
import { type AlertRule, type Finding, isoOf } from "@/lib/alerts/finding";
import { sql } from "@/lib/db/client";
import { env } from "@/lib/env";

const ENDPOINTS_SQL = `
SELECT id, merchant_id, enabled, failing_since, disabled_reason FROM webhook_endpoints
WHERE (enabled AND failing_since <= $1::timestamptz - $2::int * interval '1 minute')
   OR (NOT enabled AND disabled_reason LIKE 'failing without a success%')`;

export const endpointRules: AlertRule = {
  kinds: ["endpoint_failing", "endpoint_disabled"],
  async find(now) {
    const minutes = env().alerts.endpointFailingMinutes;
    const rows = await sql({ name: "alerts_endpoints", text: ENDPOINTS_SQL, values: [now, minutes] });
    return rows.map(
      (row): Finding => ({
        kind: row.enabled ? "endpoint_failing" : "endpoint_disabled",
        subjectType: "endpoint",
        subjectId: row.id as string,
        reason: "",
        merchantId: row.merchant_id as string,
        details: row.enabled
          ? { failingSince: isoOf(row.failing_since), thresholdMinutes: minutes }
          : { disabledReason: row.disabled_reason as string },
      }),
    );
  },
};
