// GET /v1/reconciliation/imports/{id}/daily-counts: one import's matched sales and exceptions per
// merchant and sale day, through the real routes. A matched sale counts for its credential's
// merchant, an exception for its own; a resolved exception is no longer open; staff only.
import { describe, expect, it } from "vitest";
import { POST as resolve } from "@/app/v1/reconciliation/exceptions/[id]/resolve/route";
import { GET as dailyCounts } from "@/app/v1/reconciliation/imports/[id]/daily-counts/route";
import { POST as importFile } from "@/app/v1/reconciliation/imports/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { card, cardEventData, digits } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { cieloCv, cieloFile, cieloRo, saoPauloDay } from "../support/statement-files";
import { merchantAccount } from "../support/tenants";

runOnOwnDatabase("pic_reconciliation_daily");

const tokens = tokensOf("operator", "viewer", "ingest");

describe("the counts per merchant and day", () => {
  it("count each merchant's matched sales and exceptions of each sale day", async () => {
    const today = saoPauloDay();
    const yesterday = saoPauloDay(new Date(Date.now() - 24 * 3600_000));
    const mid = digits(10);
    // Two terminals of one establishment, each another merchant's.
    const a = await insertCredential({ acquirer: "cielo", mid, tid: digits(8), merchantName: "Padaria A" });
    const b = await insertCredential({ acquirer: "cielo", mid, tid: digits(8), merchantName: "Oficina B" });
    const notification = (t: typeof a, rrn: string, code: string, amount: number) =>
      cardEventData({
        acquirerName: "cielo",
        acquirerMerchantIdentifier: mid,
        acquirerTerminalIdentifier: t.tid,
        merchantId: t.merchantId,
        retrievalReferenceNumber: rrn,
        authorizationCode: code,
        amount,
        cardData: card("1111"),
      });
    const ingested = await call(ingestBatch, "/v1/webhooks/events/batch", {
      token: tokens.ingest,
      body: { events: [notification(a, "101", "AA0101", 1_000), notification(a, "102", "AA0102", 2_000)] },
    });
    expect(ingested.status, ingested.text).toBe(200);

    const sale = (t: typeof a, day: string, nsu: string, code: string, amount: number) =>
      cieloCv({
        establishment: mid,
        roNumber: "0000001",
        saleDate: day,
        terminal: t.tid,
        amount,
        nsu,
        authorizationCode: code,
        card: "411111******1111",
      });
    const res = await call(importFile, "/v1/reconciliation/imports", {
      method: "POST",
      token: tokens.operator,
      rawBody: cieloFile({ establishment: mid, periodStart: yesterday, periodEnd: today }, [
        cieloRo({ establishment: mid, roNumber: "0000001", terminal: a.tid }),
        sale(a, today, "000101", "AA0101", 1_000), // matched
        sale(a, today, "000102", "AA0102", 2_500), // amount mismatch
        sale(a, yesterday, "000103", "AA0103", 3_000), // missing
        sale(b, today, "000201", "BB0201", 4_000), // missing, B's
      ]),
      headers: { "content-type": "text/plain" },
    });
    expect(res.status, res.text).toBe(201);
    const importId = res.json.id as string;
    expect(res.json.summary).toMatchObject({ sales: 4, matched: 1, amountMismatch: 1, missingNotification: 2 });

    const missingOfB = await db().reconciliationException.findFirstOrThrow({ where: { importId, merchantId: b.merchantId } });
    const resolved = await call(resolve, `/v1/reconciliation/exceptions/${missingOfB.id}/resolve`, {
      token: tokens.operator,
      params: { id: missingOfB.id },
      body: { note: "Refunded at the counter." },
    });
    expect(resolved.status).toBe(200);

    const read = (token: string) =>
      call(dailyCounts, `/v1/reconciliation/imports/${importId}/daily-counts`, { token, params: { id: importId } });
    const counts = await read(tokens.viewer);
    expect(counts.status, counts.text).toBe(200);
    expect(counts.json).toEqual({
      importId,
      truncated: false,
      data: [
        { day: yesterday, merchantId: a.merchantId, merchantName: "Padaria A", matched: 0, exceptions: 1, open: 1 },
        { day: today, merchantId: b.merchantId, merchantName: "Oficina B", matched: 0, exceptions: 1, open: 0 },
        { day: today, merchantId: a.merchantId, merchantName: "Padaria A", matched: 1, exceptions: 1, open: 1 },
      ],
    });

    // An import spans merchants: a merchant account is refused; an unknown id is not found.
    expect((await read((await merchantAccount(a.merchantId)).token)).status).toBe(403);
    const unknown = "aaaaaaaaaaaaaaaaaaaa";
    const missing = await call(dailyCounts, `/v1/reconciliation/imports/${unknown}/daily-counts`, {
      token: tokens.viewer,
      params: { id: unknown },
    });
    expect(missing.status).toBe(404);
  });
});
