// The alert rules driven deterministically: history rows written at the
// instants the test says, the evaluator called with a fixed clock. Each rule opens its alert once,
// keeps it while the condition holds and resolves it by itself; two evaluators at once open one
// alert; every change is audited. A database of its own: the rules read the whole tables.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PATCH as patchEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { openAlert } from "@/lib/alerts/alert-transitions";
import { evaluateAlerts } from "@/lib/alerts/evaluate-alerts";
import { rollSubjectHours } from "@/lib/alerts/roll-subject-hours";
import { db } from "@/lib/db/client";
import { type HistoryRow, insertHistory, spreadOverHour, testClock } from "../support/alert-history";
import { call, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";
import { drainQueue, insertPendingEvents } from "../support/events";
import { runOnOwnDatabase } from "../support/own-database";

vi.hoisted(() => {
  Object.assign(process.env, { WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1" });
});

runOnOwnDatabase("pic_alerts_rules");

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

let operator: string;
beforeAll(async () => {
  operator = (await userWithTokens("operator")).accessToken;
});

const alertsOf = (subjectId: string) =>
  db().alert.findMany({ where: { subjectId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

const auditOf = (alertId: string) =>
  db().auditLogEntry.findMany({ where: { targetType: "alert", targetId: alertId }, orderBy: { createdAt: "asc" } });

describe("failure rate", () => {
  it("opens per acquirer and merchant by failure reason above the threshold with the volume, keeps it, resolves it", async () => {
    const now = testClock(0);
    const merchant = `m-rate-${Date.now()}`;
    const quiet = `m-few-${Date.now()}`;
    // 30 decided in the last 15 minutes, 10 failed with one reason: 33% > 20%, 30 >= 20.
    /** `count` events, one every `everyMs` back from `from`. */
    const every = (count: number, everyMs: number, from: Date, row: Omit<HistoryRow, "at">) =>
      Array.from({ length: count }, (_, i) => ({ ...row, at: later(from, -(i + 1) * everyMs) }));
    const failed = (reason: string) => ({ status: "failed" as const, failureReason: reason });
    await insertHistory([
      ...every(20, 20_000, now, { acquirer: "rede", merchantId: merchant }),
      ...every(10, 30_000, now, { acquirer: "rede", merchantId: merchant, ...failed("credential_disabled") }),
      // Too few to judge: every one failed, 5 < 20.
      ...every(5, 30_000, now, { acquirer: "stone", merchantId: quiet, ...failed("no_matching_credential") }),
      // Outside the window: not counted.
      ...every(40, 1000, later(now, -20 * MINUTE), { acquirer: "rede", merchantId: merchant }),
    ]);

    const first = await evaluateAlerts(now);
    const [acquirerAlert] = await alertsOf("rede");
    const [merchantAlert] = await alertsOf(merchant);
    expect(acquirerAlert).toMatchObject({
      kind: "failure_rate",
      subjectType: "acquirer",
      reason: "credential_disabled",
      merchantId: null,
    });
    expect(acquirerAlert?.details).toMatchObject({ failed: 10, total: 30, threshold: 0.2, windowMinutes: 15 });
    expect(merchantAlert).toMatchObject({ kind: "failure_rate", subjectType: "merchant", merchantId: merchant });
    expect(first.opened).toEqual(expect.arrayContaining([acquirerAlert!.id, merchantAlert!.id]));
    expect(await alertsOf(quiet)).toEqual([]);

    // Still holding a minute later: the same alert, seen again.
    const again = await evaluateAlerts(later(now, MINUTE));
    expect(again.opened).not.toContain(acquirerAlert!.id);
    expect(await alertsOf("rede")).toHaveLength(1);
    expect((await db().alert.findUniqueOrThrow({ where: { id: acquirerAlert!.id } })).lastSeenAt).toEqual(later(now, MINUTE));

    // The window passes the failures: resolved by itself, audited by the system.
    const after = await evaluateAlerts(later(now, 16 * MINUTE));
    expect(after.resolved).toEqual(expect.arrayContaining([acquirerAlert!.id, merchantAlert!.id]));
    expect((await db().alert.findUniqueOrThrow({ where: { id: acquirerAlert!.id } })).resolvedAt).toEqual(
      later(now, 16 * MINUTE),
    );
    const audit = await auditOf(acquirerAlert!.id);
    expect(audit.map((entry) => [entry.action, entry.actorUsername])).toEqual([
      ["alert.open", "system"],
      ["alert.resolve", "system"],
    ]);
  });

  it("opens once when two evaluators run at the same time", async () => {
    const now = testClock(1);
    const merchant = `m-race-${Date.now()}`;
    await insertHistory(
      Array.from({ length: 25 }, (_, i) => ({
        at: later(now, -(i + 1) * 10_000),
        acquirer: "getnet",
        merchantId: merchant,
        status: "failed" as const,
        failureReason: "invalid_terminal",
      })),
    );
    const [a, b] = await Promise.all([evaluateAlerts(now), evaluateAlerts(now)]);
    const alerts = await alertsOf(merchant);
    expect(alerts).toHaveLength(1);
    expect([...a.opened, ...b.opened].filter((id) => id === alerts[0]!.id)).toHaveLength(1);
    expect((await auditOf(alerts[0]!.id)).map((e) => e.action)).toEqual(["alert.open"]);

    // And resolved once by two at the same time.
    const [c, d] = await Promise.all([evaluateAlerts(later(now, HOUR)), evaluateAlerts(later(now, HOUR))]);
    expect([...c.resolved, ...d.resolved].filter((id) => id === alerts[0]!.id)).toHaveLength(1);
    expect((await auditOf(alerts[0]!.id)).map((e) => e.action)).toEqual(["alert.open", "alert.resolve"]);
  });
  it("opens one alert of five concurrent openings of the same finding (the open-once index)", async () => {
    const now = testClock(1, 18);
    const finding = {
      kind: "failure_rate" as const,
      subjectType: "merchant" as const,
      subjectId: `m-five-${Date.now()}`,
      reason: "credential_disabled",
      merchantId: null,
      details: {},
    };
    const opened = await Promise.all(Array.from({ length: 5 }, () => openAlert(finding, now)));
    expect(opened.filter(Boolean)).toHaveLength(1);
    expect(await alertsOf(finding.subjectId)).toHaveLength(1);
  });
});

describe("silence", () => {
  it("learns a terminal's hours and pace, opens when it is quiet for its usual gaps, resolves when it sends", async () => {
    const now = testClock(2, 14, 30);
    const today13 = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 13));
    const terminal = `t-sil-${Date.now()}`;
    const morningOnly = `t-13h-${Date.now()}`;
    const rows = [];
    // Ten days of 12 an hour at 13:00 and 14:00 (a morning-only terminal: 13:00 only), then today's 13:00 hour.
    for (let day = 10; day >= 1; day--) {
      rows.push(...spreadOverHour(later(today13, -day * DAY), 12, { terminalId: terminal, acquirer: "safrapay" }));
      rows.push(...spreadOverHour(later(today13, -day * DAY + HOUR), 12, { terminalId: terminal, acquirer: "safrapay" }));
      rows.push(...spreadOverHour(later(today13, -day * DAY), 12, { terminalId: morningOnly }));
    }
    rows.push(...spreadOverHour(today13, 12, { terminalId: terminal, acquirer: "safrapay" }));
    rows.push(...spreadOverHour(today13, 12, { terminalId: morningOnly }));
    await insertHistory(rows);
    await rollSubjectHours(now, 14, 24 * 14);
    const lastAt = later(today13, 55 * MINUTE);

    // 20 minutes after its last one: under ALERT_SILENCE_MIN_MINUTES (30).
    await evaluateAlerts(later(lastAt, 20 * MINUTE));
    expect(await alertsOf(terminal)).toEqual([]);

    // At 14:30: 35 minutes, and some 5 events it would normally have sent (>= 4 usual gaps).
    await evaluateAlerts(now);
    const [alert] = await alertsOf(terminal);
    expect(alert).toMatchObject({ kind: "silence", subjectType: "terminal", resolvedAt: null });
    expect(alert?.details).toMatchObject({
      lastSeenAt: lastAt.toISOString(),
      activeDays: 10,
      usualGapMinutes: expect.any(Number),
    });
    // The morning-only terminal does not send at 14:00: not expected now.
    expect(await alertsOf(morningOnly)).toEqual([]);

    // Still quiet at 16:00, after its hours: the alert stays open until it sends.
    await evaluateAlerts(later(now, 90 * MINUTE));
    expect((await db().alert.findUniqueOrThrow({ where: { id: alert!.id } })).resolvedAt).toBeNull();

    await insertHistory([{ at: later(now, 95 * MINUTE), terminalId: terminal, acquirer: "safrapay" }]);
    const result = await evaluateAlerts(later(now, 96 * MINUTE));
    expect(result.resolved).toContain(alert!.id);
    expect((await auditOf(alert!.id)).map((e) => e.action)).toEqual(["alert.open", "alert.resolve"]);
  });
});

describe("silence: the events not rolled up yet", () => {
  // The last event of a subject comes from the hourly rollup for the hours rolled, and from the
  // events themselves after them: this hour's, and the last hour's until it is rolled (a minute
  // after it ends). Each kind of subject is read its own way (an index probe per merchant or
  // terminal, a grouped scan for the acquirers): all three are checked on both sides.
  it("counts the last hour's events before it is rolled and this hour's after, for acquirers, merchants and terminals", async () => {
    const today14 = testClock(3, 14);
    const today13 = later(today14, -HOUR);
    const tag = Date.now().toString(36);
    const quietSoon = { acquirer: `aq-${tag}`, merchantId: `mq-${tag}`, terminalId: `tq-${tag}` };
    const sendsOn = { acquirer: `as-${tag}`, merchantId: `ms-${tag}`, terminalId: `ts-${tag}` };
    const rows: HistoryRow[] = [];
    for (const subject of [quietSoon, sendsOn]) {
      // Ten days of 12 an hour at 13:00 and 14:00, then today's 13:00 hour (its last at 13:55).
      for (let day = 10; day >= 1; day--) {
        rows.push(...spreadOverHour(later(today13, -day * DAY), 12, subject));
        rows.push(...spreadOverHour(later(today14, -day * DAY), 12, subject));
      }
      rows.push(...spreadOverHour(today13, 12, subject));
    }
    // One of them goes on sending in this hour, until 14:20.
    rows.push(...[5, 10, 15, 20].map((minutes) => ({ ...sendsOn, at: later(today14, minutes * MINUTE) })));
    await insertHistory(rows);
    // The history's hours rolled, as a running server would have: up to 12:00 today.
    await rollSubjectHours(later(today14, 30_000), 14, 24 * 14);
    const silent = async () =>
      (await db().alert.findMany({ where: { kind: "silence", resolvedAt: null, subjectId: { endsWith: tag } } }))
        .map((alert) => `${alert.subjectType}:${alert.subjectId}`)
        .sort();

    // 14:00:30, before the 13:00 hour is rolled: everyone's last event (13:55) is read from the
    // events themselves. Read from the rollup alone it would be yesterday's 14:55: all silent.
    await evaluateAlerts(later(today14, 30_000));
    expect(await silent()).toEqual([]);

    // 14:40, the 13:00 hour rolled: quietSoon has sent nothing for 45 minutes (some 9 events it
    // would normally have sent), sendsOn's last (14:20) is read from this hour's events.
    await evaluateAlerts(later(today14, 40 * MINUTE));
    expect(await silent()).toEqual(
      [`acquirer:${quietSoon.acquirer}`, `merchant:${quietSoon.merchantId}`, `terminal:${quietSoon.terminalId}`].sort(),
    );
  });
});

describe("endpoints", () => {
  it("warns after an hour of failing, then when the endpoint is disabled, and resolves when it is enabled again", async () => {
    const now = testClock(3);
    const m = await insertCredential({ merchantName: "Alerting merchant" });
    const res = await call(createEndpoint, "/v1/webhook-endpoints", {
      token: operator,
      body: { merchantId: m.merchantId, url: "http://127.0.0.1:9/hooks" },
    });
    expect(res.status).toBe(201);
    const endpointId = res.json.id as string;

    await db().webhookEndpoint.update({ where: { id: endpointId }, data: { failingSince: later(now, -59 * MINUTE) } });
    await evaluateAlerts(now);
    expect(await alertsOf(endpointId)).toEqual([]);

    await evaluateAlerts(later(now, 2 * MINUTE));
    const [failing] = await alertsOf(endpointId);
    expect(failing).toMatchObject({ kind: "endpoint_failing", merchantId: m.merchantId, resolvedAt: null });

    // The delivery worker disables it (record-attempt.ts's reason).
    await db().webhookEndpoint.update({
      where: { id: endpointId },
      data: { enabled: false, disabledReason: `failing without a success since ${later(now, -59 * MINUTE).toISOString()}` },
    });
    await evaluateAlerts(later(now, 3 * MINUTE));
    const [, disabled] = await alertsOf(endpointId);
    expect(disabled).toMatchObject({ kind: "endpoint_disabled", resolvedAt: null });
    expect((await db().alert.findUniqueOrThrow({ where: { id: failing!.id } })).resolvedAt).not.toBeNull();

    const enable = await call(patchEndpoint, `/v1/webhook-endpoints/${endpointId}`, {
      method: "PATCH",
      token: operator,
      params: { id: endpointId },
      body: { enabled: true },
    });
    expect(enable.status).toBe(200);
    const result = await evaluateAlerts(later(now, 4 * MINUTE));
    expect(result.resolved).toContain(disabled!.id);
  });
});

describe("queues", () => {
  it("opens when the oldest pending event is older than a minute and resolves when the worker drains it", async () => {
    await insertPendingEvents(2);
    const [oldest] = await db().event.findMany({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, take: 1 });
    await evaluateAlerts(later(oldest!.createdAt, 30_000));
    expect(await db().alert.findMany({ where: { kind: "queue_stalled", subjectId: "events", resolvedAt: null } })).toEqual([]);

    await evaluateAlerts(later(oldest!.createdAt, 61_000));
    const [alert] = await db().alert.findMany({ where: { kind: "queue_stalled", subjectId: "events", resolvedAt: null } });
    expect(alert?.details).toMatchObject({ thresholdSeconds: 60, ageSeconds: 61 });

    await drainQueue();
    const result = await evaluateAlerts(later(oldest!.createdAt, 90_000));
    expect(result.resolved).toContain(alert!.id);
  });
});
