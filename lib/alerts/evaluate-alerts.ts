// One evaluation of every alert rule at `now` (the maintenance schedule's clock, or a test's
// fixed one): each rule's findings open the alerts not open yet and keep the open ones; the open
// alerts of a rule's kinds that it no longer finds are resolved. Every instance may run it at
// once: opening is once (alerts_open_once), resolving is a conditional UPDATE. A failing rule
// leaves its kinds' alerts as they are (none resolved for want of an answer) and the others run.
import "server-only";
import type { AlertKind, AlertSubjectType } from "@/lib/alerts/alert-kinds";
import { keepAlerts, openAlert, resolveAlert } from "@/lib/alerts/alert-transitions";
import { type AlertRule, type OpenAlert, subjectKey } from "@/lib/alerts/finding";
import { endpointRules } from "@/lib/alerts/rules/endpoint-rules";
import { failureRateRule } from "@/lib/alerts/rules/failure-rate-rule";
import { queueRule } from "@/lib/alerts/rules/queue-rule";
import { reconciliationRule } from "@/lib/alerts/rules/reconciliation-rule";
import { silenceRule } from "@/lib/alerts/rules/silence-rule";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log";

export const ALERT_RULES: AlertRule[] = [failureRateRule, silenceRule, endpointRules, queueRule, reconciliationRule];

export type EvaluationResult = { opened: string[]; resolved: string[]; kept: number };

async function openAlerts(): Promise<OpenAlert[]> {
  const rows = await db().alert.findMany({ where: { resolvedAt: null } });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as AlertKind,
    subjectType: row.subjectType as AlertSubjectType,
    subjectId: row.subjectId,
    reason: row.reason,
    merchantId: row.merchantId,
    openedAt: row.openedAt,
    details: (row.details ?? {}) as Record<string, unknown>,
  }));
}

async function applyRule(rule: AlertRule, open: OpenAlert[], now: Date, result: EvaluationResult): Promise<void> {
  const mine = open.filter((alert) => rule.kinds.includes(alert.kind));
  const findings = await rule.find(now, mine);
  const openByKey = new Map(mine.map((alert) => [subjectKey(alert), alert]));
  const found = new Set<string>();
  const kept: { id: string; details: Record<string, unknown> }[] = [];
  for (const finding of findings) {
    const key = subjectKey(finding);
    found.add(key);
    const already = openByKey.get(key);
    if (already) kept.push({ id: already.id, details: finding.details });
    else {
      const alert = await openAlert(finding, now);
      if (alert) result.opened.push(alert.id);
    }
  }
  await keepAlerts(kept, now);
  result.kept += kept.length;
  for (const [key, alert] of openByKey) {
    if (found.has(key)) continue;
    if (await resolveAlert(alert.id, now)) result.resolved.push(alert.id);
  }
}

export async function evaluateAlerts(now = new Date()): Promise<EvaluationResult> {
  const result: EvaluationResult = { opened: [], resolved: [], kept: 0 };
  const open = await openAlerts();
  for (const rule of ALERT_RULES) {
    try {
      await applyRule(rule, open, now, result);
    } catch (error) {
      logger().warn(
        { rule: rule.kinds.join(","), err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
        "alerts: rule failed, its alerts left as they are",
      );
    }
  }
  if (result.opened.length > 0 || result.resolved.length > 0)
    logger().info({ opened: result.opened.length, resolved: result.resolved.length }, "alerts evaluated");
  return result;
}
