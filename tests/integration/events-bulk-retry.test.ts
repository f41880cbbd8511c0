import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as getJob } from "@/app/v1/event-retry-jobs/[id]/route";
import { GET as count } from "@/app/v1/webhooks/events/count/route";
import { POST as retryMany } from "@/app/v1/webhooks/events/retry/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { authenticateBearer } from "@/lib/auth/bearer";
import { db } from "@/lib/db/client";
import { settledRetryJob, startBulkRetry } from "@/lib/events/retry/bulk-retry";
import { newId } from "@/lib/ids";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { drainQueue } from "../support/events";

const tokens = tokensOf("ingest", "operator", "viewer");

/** n events of one acquirer MID and TID that failed for want of a credential. */
async function failedEvents(n: number, mid = `MB${randomBytes(5).toString("hex")}`, tid = "TIDBULK1") {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await call(ingest, "/v1/webhooks/events", {
      token: tokens.ingest,
      body: cardEventData({ acquirerName: "rede", acquirerMerchantIdentifier: mid, acquirerTerminalIdentifier: tid }),
    });
    ids.push(res.json.id);
  }
  await drainQueue();
  return { ids, mid, tid };
}

const statusesOf = async (ids: string[]) =>
  (await db().event.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: "asc" } })).map((e) => e.status);

describe("GET /v1/webhooks/events/count", () => {
  it("counts the events the list's filters match", async () => {
    const { mid } = await failedEvents(3);
    const res = await call(count, `/v1/webhooks/events/count?acquirer_merchant_id=${mid}&status=FAILED`, {
      token: tokens.viewer,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ count: 3, capped: false });
    const none = await call(count, `/v1/webhooks/events/count?acquirer_merchant_id=${mid}&status=processed`, {
      token: tokens.viewer,
    });
    expect(none.json).toEqual({ count: 0, capped: false });
    const bad = await call(count, "/v1/webhooks/events/count?limit=5", { token: tokens.viewer });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe("limit");
  });
});

describe("POST /v1/webhooks/events/retry", () => {
  it("retries every failed event of a filter in the background, reports progress and audits it", async () => {
    const { ids, mid, tid } = await failedEvents(4);
    const other = await failedEvents(1);
    await insertCredential({ acquirer: "rede", mid, tid });
    await insertCredential({ acquirer: "rede", mid: other.mid, tid: other.tid });

    const res = await call(retryMany, "/v1/webhooks/events/retry", {
      token: tokens.operator,
      body: { filters: { acquirer_merchant_id: mid, failure_reason: "no_matching_credential" } },
    });
    expect(res.status).toBe(202);
    expect(res.headers.get("location")).toBe(`/v1/event-retry-jobs/${res.json.id}`);
    expect(res.json).toMatchObject({ status: "running", total: 4, capped: false, filters: { acquirer_merchant_id: mid } });
    await settledRetryJob(res.json.id);

    const job = await call(getJob, `/v1/event-retry-jobs/${res.json.id}`, { token: tokens.viewer, params: { id: res.json.id } });
    expect(job.json).toMatchObject({ status: "done", total: 4, retried: 4, processed: 4, failed: 0 });
    expect(job.json.finishedAt).not.toBeNull();
    expect(await statusesOf(ids)).toEqual(["processed", "processed", "processed", "processed"]);
    // Outside the filter: untouched, though its credential exists now too.
    expect(await statusesOf(other.ids)).toEqual(["failed"]);
    const attempts = await db().eventAttempt.findMany({ where: { eventId: ids[0] }, orderBy: { startedAt: "asc" } });
    expect(attempts.map((a) => [a.outcome, a.trigger.split("-")[0]])).toEqual([
      // Decided on arrival by the ingestion (docs/api.md, "Single ingestion").
      ["failed", expect.stringMatching(/^ingest:/)],
      ["processed", "retry:operator"],
    ]);

    const audit = await db().auditLogEntry.findFirstOrThrow({ where: { action: "event.bulk_retry", targetId: res.json.id } });
    expect(audit.actorUsername).toMatch(/^operator-/);
    expect(audit.after).toMatchObject({ total: 4, capped: false, filters: { acquirer_merchant_id: mid } });
  });

  it("counts events that fail again, and takes only failed ones", async () => {
    const { ids, mid } = await failedEvents(2);
    const res = await call(retryMany, "/v1/webhooks/events/retry", {
      token: tokens.operator,
      body: { filters: { acquirer_merchant_id: mid, status: "failed" } },
    });
    await settledRetryJob(res.json.id);
    const job = await call(getJob, `/v1/event-retry-jobs/${res.json.id}`, {
      token: tokens.operator,
      params: { id: res.json.id },
    });
    expect(job.json).toMatchObject({ status: "done", total: 2, retried: 2, processed: 0, failed: 2 });
    const events = await db().event.findMany({ where: { id: { in: ids } } });
    expect(events.map((e) => [e.status, e.attemptCount])).toEqual([
      ["failed", 2],
      ["failed", 2],
    ]);
  });

  it("takes at most the cap, oldest first, and a second run takes the rest", async () => {
    const { ids, mid, tid } = await failedEvents(5);
    await insertCredential({ acquirer: "rede", mid, tid });
    const caller = await authenticateBearer(
      new Request("http://localhost/", { headers: { authorization: `Bearer ${tokens.operator}` } }),
    );
    const first = await startBulkRetry({ caller, filters: { acquirer_merchant_id: mid }, cap: 3 });
    expect(first.job).toMatchObject({ total: 3, capped: true });
    await settledRetryJob(first.job.id);
    expect(await statusesOf(ids)).toEqual(["processed", "processed", "processed", "failed", "failed"]);
    const second = await startBulkRetry({ caller, filters: { acquirer_merchant_id: mid }, cap: 3 });
    expect(second.job).toMatchObject({ total: 2, capped: false });
    await settledRetryJob(second.job.id);
    expect(await statusesOf(ids)).toEqual(Array(5).fill("processed"));
  });

  it("answers the running job for the same filters, and never processes an event twice under concurrent requests", async () => {
    const { ids, mid, tid } = await failedEvents(3);
    const running = await db().eventRetryJob.create({
      data: {
        id: newId(),
        filters: { acquirer_merchant_id: "ELSEWHERE" },
        filterKey: JSON.stringify({ acquirer_merchant_id: "ELSEWHERE" }),
        total: 0,
        capped: false,
        createdBy: "someone",
      },
    });
    const same = await call(retryMany, "/v1/webhooks/events/retry", {
      token: tokens.operator,
      body: { filters: { acquirer_merchant_id: "ELSEWHERE" } },
    });
    expect(same.status).toBe(200);
    expect(same.json.id).toBe(running.id);
    await settledRetryJob(running.id);

    await insertCredential({ acquirer: "rede", mid, tid });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(retryMany, "/v1/webhooks/events/retry", {
          token: tokens.operator,
          body: { filters: { acquirer_merchant_id: mid } },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 202)).toBe(true);
    await Promise.all(answers.map((a) => settledRetryJob(a.json.id)));
    const events = await db().event.findMany({ where: { id: { in: ids } } });
    expect(events.map((e) => [e.status, e.attemptCount])).toEqual(Array(3).fill(["processed", 2]));
  });

  it("is for operators and admins, and validates the filters by name", async () => {
    const denied = await call(retryMany, "/v1/webhooks/events/retry", { token: tokens.viewer, body: { filters: {} } });
    expect(denied.status).toBe(403);
    const cases: [unknown, string][] = [
      [{ filters: { status: "processed" } }, "filters.status"],
      [{ filters: { colour: "red" } }, "filters.colour"],
      [{ filters: { acquirer_merchant_id: 42 } }, "filters.acquirer_merchant_id"],
      [{ filters: { "created_at[gte]": "2026-11-20", "created_at[lt]": "2026-11-19" } }, "filters.created_at[gte]"],
      [{}, "filters"],
    ];
    for (const [body, field] of cases) {
      const res = await call(retryMany, "/v1/webhooks/events/retry", { token: tokens.operator, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.json.errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const unknown = await call(getJob, "/v1/event-retry-jobs/0000000000000000000a", {
      token: tokens.viewer,
      params: { id: "0000000000000000000a" },
    });
    expect(unknown.status).toBe(404);
  });
});
