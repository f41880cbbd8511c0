// The reconciliation alert: an imported statement with more sales missing their notification
// than ALERT_RECONCILIATION_MISSING_THRESHOLD (10 by default) opens one alert of the import, kept
// while it holds and resolved by itself once enough of them are resolved; a statement at the
// threshold opens none. Statements imported through the real route; the evaluator called with a
// fixed clock. A database of its own: the rules read the whole tables.
import { describe, expect, it } from "vitest";
import { POST as resolve } from "@/app/v1/reconciliation/exceptions/[id]/resolve/route";
import { POST as importFile } from "@/app/v1/reconciliation/imports/route";
import { evaluateAlerts } from "@/lib/alerts/evaluate-alerts";
import { db } from "@/lib/db/client";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { digits } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { cieloCv, cieloFile, cieloRo, saoPauloDay } from "../support/statement-files";

runOnOwnDatabase("pic_reconciliation_alert");

const tokens = tokensOf("operator");

/** A Cielo statement of today with `missing` sales that no notification describes. */
async function importMissing(missing: number): Promise<string> {
  const today = saoPauloDay();
  const { mid, tid } = await insertCredential({ acquirer: "cielo", mid: digits(10), tid: digits(8) });
  const cv = { establishment: mid, roNumber: "0000001", saleDate: today, terminal: tid };
  const sales = Array.from({ length: missing }, (_, i) =>
    cieloCv({ ...cv, amount: 1_000 + i, nsu: String(100 + i).padStart(6, "0"), authorizationCode: `MS${1000 + i}` }),
  );
  const res = await call(importFile, "/v1/reconciliation/imports", {
    method: "POST",
    token: tokens.operator,
    rawBody: cieloFile({ establishment: mid, periodStart: today, periodEnd: today }, [
      cieloRo({ establishment: mid, roNumber: "0000001", terminal: tid }),
      ...sales,
    ]),
    headers: { "content-type": "text/plain" },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.json.summary).toMatchObject({ sales: missing, missingNotification: missing });
  return res.json.id as string;
}

const alertsOf = (importId: string) =>
  db().alert.findMany({ where: { kind: "reconciliation_missing", subjectId: importId }, orderBy: { createdAt: "asc" } });

describe("the reconciliation alert", () => {
  it("opens for a statement with more missing notifications than the threshold, and resolves as they are resolved", async () => {
    const over = await importMissing(11);
    const at = await importMissing(10);
    const now = new Date();

    const first = await evaluateAlerts(now);
    const [alert] = await alertsOf(over);
    expect(alert).toMatchObject({ subjectType: "import", merchantId: null, resolvedAt: null });
    expect(alert!.details).toMatchObject({
      acquirerName: "cielo",
      missing: 11,
      sales: 11,
      threshold: 10,
      periodStart: saoPauloDay(),
    });
    expect(first.opened).toContain(alert!.id);
    expect(await alertsOf(at)).toEqual([]);

    // Still 11: the same alert, kept.
    await evaluateAlerts(new Date(now.getTime() + 60_000));
    expect(await alertsOf(over)).toHaveLength(1);

    // One settled by an operator: 10 left, at the threshold, so the alert resolves by itself.
    const [one] = await db().reconciliationException.findMany({ where: { importId: over }, take: 1 });
    const resolved = await call(resolve, `/v1/reconciliation/exceptions/${one!.id}/resolve`, {
      token: tokens.operator,
      params: { id: one!.id },
      body: { note: "Paid in cash, keyed by mistake." },
    });
    expect(resolved.status, resolved.text).toBe(200);
    const after = await evaluateAlerts(new Date(now.getTime() + 120_000));
    expect(after.resolved).toContain(alert!.id);
    expect((await alertsOf(over))[0]!.resolvedAt).not.toBeNull();
  });
});
