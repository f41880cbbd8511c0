// An alert's changes by the evaluator: opened (once: the partial unique index alerts_open_once on
// open alerts' subject_key makes a second INSERT do nothing, whichever instance runs it), kept
// (last seen, details), resolved (a conditional UPDATE: of two resolvers one changes the row).
// Opening and resolving are audited by the system and queue the operational webhooks in the same
// transaction. Acknowledging is a person's: acknowledge-alert.ts.
import "server-only";
import type { Alert, Prisma } from "@/generated/prisma/client";
import { alertAuditSnapshot } from "@/lib/alerts/alert-dto";
import { queueAlertMessages } from "@/lib/alerts/alert-outbox";
import { type Finding, subjectKey } from "@/lib/alerts/finding";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db, sql } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** Opens the finding's alert unless one is open; returns the new alert, or null. */
export async function openAlert(finding: Finding, now: Date): Promise<Alert | null> {
  return db().$transaction(async (tx) => {
    const id = newId();
    const details = JSON.stringify(finding.details);
    const inserted = await tx.$executeRaw`
      INSERT INTO alerts (id, kind, subject_type, subject_id, reason, subject_key, merchant_id, details, opened_at, last_seen_at, created_at)
      VALUES (${id}, ${finding.kind}, ${finding.subjectType}, ${finding.subjectId}, ${finding.reason}, ${subjectKey(finding)},
        ${finding.merchantId}, ${details}::jsonb, ${now}, ${now}, ${now})
      ON CONFLICT (subject_key) WHERE resolved_at IS NULL DO NOTHING`;
    if (inserted === 0) return null;
    const alert = await tx.alert.findUniqueOrThrow({ where: { id } });
    await recordAuditEntry(tx, { caller: null, action: "alert.open", targetId: id, after: alertAuditSnapshot(alert) });
    await queueAlertMessages(tx, alert, "alert.opened", now);
    return alert;
  });
}

/** The open alerts still found: last seen now, with what the rule measured. One statement. */
export async function keepAlerts(kept: { id: string; details: Record<string, unknown> }[], now: Date): Promise<void> {
  if (kept.length === 0) return;
  await sql({
    name: "alerts_keep",
    text: `UPDATE alerts a SET last_seen_at = $1, details = k.details
      FROM unnest($2::text[], $3::jsonb[]) AS k(id, details) WHERE a.id = k.id AND a.resolved_at IS NULL`,
    values: [now, kept.map((k) => k.id), kept.map((k) => JSON.stringify(k.details))],
  });
}

/** Resolves an open alert whose condition no longer holds; returns it, or null if it was not open. */
export async function resolveAlert(id: string, now: Date): Promise<Alert | null> {
  return db().$transaction(async (tx: Prisma.TransactionClient) => {
    const before = await tx.alert.findUnique({ where: { id } });
    const changed = await tx.alert.updateMany({ where: { id, resolvedAt: null }, data: { resolvedAt: now } });
    if (!before || changed.count === 0) return null;
    const alert = await tx.alert.findUniqueOrThrow({ where: { id } });
    await recordAuditEntry(tx, {
      caller: null,
      action: "alert.resolve",
      targetId: id,
      before: alertAuditSnapshot(before),
      after: alertAuditSnapshot(alert),
    });
    await queueAlertMessages(tx, alert, "alert.resolved", now);
    return alert;
  });
}
