// Reconciliation: statements built from Cielo's published layout (and our CSV) imported through
// POST /v1/reconciliation/imports and matched against notifications ingested through the real
// API: every exception kind, the payment linkage (a void or a capture is one payment with its
// authorization), a re-import that adds nothing, malformed files refused whole with nothing
// stored, merchant accounts seeing only their own exceptions, the resolution (audited), and a
// late notification closing its missing sale.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as resolve } from "@/app/v1/reconciliation/exceptions/[id]/resolve/route";
import { GET as getException } from "@/app/v1/reconciliation/exceptions/[id]/route";
import { GET as listExceptions } from "@/app/v1/reconciliation/exceptions/route";
import { GET as getImport } from "@/app/v1/reconciliation/imports/[id]/route";
import { POST as importFile, GET as listImports } from "@/app/v1/reconciliation/imports/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import type { EventDataInput } from "@/lib/events/data-schema";
import { closeAllLateNotifications } from "@/lib/reconciliation/close-late-notifications";
import { call, tokensOf } from "../support/api";
import { cieloTerminal } from "../support/cielo-terminal";
import { insertCredential } from "../support/credentials";
import { card, cardEventData } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { cieloCv, cieloFile, cieloOtherRecord, cieloRo, csvFile, saoPauloDay } from "../support/statement-files";
import { merchantAccount } from "../support/tenants";

runOnOwnDatabase("pic_reconciliation");

const tokens = tokensOf("admin", "operator", "viewer", "ingest");

const upload = (text: string, options: { token?: string; query?: string; type?: string } = {}) =>
  call(importFile, `/v1/reconciliation/imports${options.query ?? ""}`, {
    method: "POST",
    token: options.token ?? tokens.operator,
    rawBody: text,
    headers: { "content-type": options.type ?? "text/plain" },
  });

const exceptionsOf = async (importId: string, token = tokens.operator) => {
  const res = await call(listExceptions, `/v1/reconciliation/exceptions?import_id=${importId}&limit=100&sort=asc`, { token });
  expect(res.status, res.text).toBe(200);
  return res.json.data as Record<string, any>[];
};

async function ingest(events: EventDataInput[]): Promise<string[]> {
  const res = await call(ingestBatch, "/v1/webhooks/events/batch", { token: tokens.ingest, body: { events } });
  expect(res.status, res.text).toBe(200);
  const results = res.json.data as { id: string; result: string }[];
  for (const r of results) expect(r.result).toBe("created");
  return results.map((r) => r.id);
}

describe("a Cielo sales statement", () => {
  const today = saoPauloDay();
  let t: Awaited<ReturnType<typeof cieloTerminal>>;
  let file: string;
  let importId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await cieloTerminal();
    const [matched, amountDiffers, voidedAuth, voided, preAuth, capture, withoutSale, installments] = await ingest([
      // NSU 000123 on the statement is RRN 123 here: leading zeros are not part of the key.
      t.notification({ retrievalReferenceNumber: "123", authorizationCode: "AB1234", amount: 10_000, cardData: card("1111") }),
      t.notification({ retrievalReferenceNumber: "200", authorizationCode: "CD2000", amount: 20_000, cardData: card("2222") }),
      // Authorized, then voided: one payment, voided.
      t.notification({ retrievalReferenceNumber: "300", authorizationCode: "EF3000", amount: 30_000, cardData: card("3333") }),
      t.notification({
        transactionType: "void",
        retrievalReferenceNumber: "300",
        authorizationCode: "EF3000",
        amount: 30_000,
        cardData: card("3333"),
      }),
      // Pre-authorized 500.00, captured 450.00: one payment, captured, settled for the capture.
      t.notification({
        transactionType: "pre_authorization",
        retrievalReferenceNumber: "400",
        authorizationCode: "GH4000",
        amount: 50_000,
        cardData: card("4444"),
      }),
      t.notification({
        transactionType: "capture",
        retrievalReferenceNumber: "400",
        authorizationCode: "GH4000",
        amount: 45_000,
        cardData: card("4444"),
      }),
      // Approved, and on no line of the statement.
      t.notification({ retrievalReferenceNumber: "500", authorizationCode: "IJ5000", amount: 50_500, cardData: card("5555") }),
      // Three installments of 100.00: the notification carries the sale's 300.00.
      t.notification({
        retrievalReferenceNumber: "600",
        authorizationCode: "KL6000",
        amount: 30_000,
        installments: 3,
        cardData: card("6666"),
      }),
    ]);
    ids = { matched, amountDiffers, voidedAuth, voided, preAuth, capture, withoutSale, installments } as Record<string, string>;
    const cv = { establishment: t.mid, roNumber: "0000001", saleDate: today, terminal: t.tid };
    file = cieloFile({ establishment: t.mid, periodStart: today, periodEnd: today }, [
      cieloRo({ establishment: t.mid, roNumber: "0000001", terminal: t.tid }),
      cieloCv({ ...cv, amount: 10_000, nsu: "000123", authorizationCode: "AB1234", card: "411111******1111" }),
      cieloCv({ ...cv, amount: 25_000, nsu: "000200", authorizationCode: "CD2000", card: "411111******2222" }),
      cieloCv({ ...cv, amount: 30_000, nsu: "000300", authorizationCode: "EF3000", card: "411111******3333" }),
      cieloCv({ ...cv, amount: 45_000, nsu: "000400", authorizationCode: "GH4000", card: "411111******4444" }),
      cieloCv({ ...cv, amount: 77_700, nsu: "000700", authorizationCode: "MN7000", card: "411111******7777" }),
      cieloCv({
        ...cv,
        amount: 10_000,
        plan: 3,
        installment: 1,
        totalAmount: 30_000,
        nsu: "000600",
        authorizationCode: "KL6000",
        card: "411111******6666",
      }),
      cieloOtherRecord(),
    ]);
  });

  it("answers 201 with the summary, and one exception per thing that does not match", async () => {
    const res = await upload(file);
    expect(res.status, res.text).toBe(201);
    importId = res.json.id;
    expect(res.headers.get("location")).toBe(`/v1/reconciliation/imports/${importId}`);
    expect(res.json).toMatchObject({
      acquirerName: "cielo",
      format: "cielo",
      fileType: "sales",
      sequence: 1,
      periodStart: today,
      periodEnd: today,
      status: "done",
      summary: { sales: 6, matched: 3, missingNotification: 1, notificationWithoutSale: 1, amountMismatch: 1, statusMismatch: 1 },
    });
    const found = await exceptionsOf(importId);
    const byKind = Object.fromEntries(found.map((e) => [e.kind, e]));
    expect(Object.keys(byKind).sort()).toEqual([
      "amount_mismatch",
      "missing_notification",
      "notification_without_sale",
      "status_mismatch",
    ]);
    expect(byKind.amount_mismatch).toMatchObject({
      status: "open",
      merchantId: t.merchantId,
      eventId: ids.amountDiffers,
      sale: { nsu: "000200", amount: 25_000, status: "approved", saleDate: today },
      payment: { amount: 20_000, state: "authorized" },
    });
    expect(byKind.status_mismatch).toMatchObject({
      eventId: ids.voidedAuth,
      payment: { state: "voided" },
      sale: { status: "approved" },
    });
    expect(byKind.missing_notification).toMatchObject({
      merchantId: t.merchantId,
      eventId: null,
      payment: null,
      sale: { nsu: "000700", line: 7 },
    });
    expect(byKind.notification_without_sale).toMatchObject({ eventId: ids.withoutSale, sale: null, merchantIdentifier: t.mid });
  });

  it("answers the same file again with the same import (200) and adds nothing", async () => {
    const before = await db().reconciliationException.count();
    const res = await upload(file);
    expect(res.status, res.text).toBe(200);
    expect(res.json.id).toBe(importId);
    expect(await db().reconciliationException.count()).toBe(before);
    expect(await db().reconciliationImport.count({ where: { fileSha256: { not: null } } })).toBeGreaterThan(0);
    const read = await call(getImport, `/v1/reconciliation/imports/${importId}`, {
      token: tokens.viewer,
      params: { id: importId },
    });
    expect(read.json).toMatchObject({ id: importId, status: "done", progress: { linesRead: 10 } });
    const list = await call(listImports, "/v1/reconciliation/imports", { token: tokens.viewer });
    expect(list.json.data.map((i: { id: string }) => i.id)).toContain(importId);
  });

  it("shows a merchant account only its merchant's exceptions, and another's is a 404", async () => {
    const own = await merchantAccount(t.merchantId);
    const other = await merchantAccount((await insertCredential()).merchantId);
    expect((await exceptionsOf(importId, own.token)).length).toBe(4);
    expect(await exceptionsOf(importId, other.token)).toEqual([]);
    const [one] = await exceptionsOf(importId, own.token);
    const read = (token: string) =>
      call(getException, `/v1/reconciliation/exceptions/${one!.id}`, { token, params: { id: one!.id } });
    expect((await read(own.token)).status).toBe(200);
    expect((await read(other.token)).status).toBe(404);
    const resolveAs = await call(resolve, `/v1/reconciliation/exceptions/${one!.id}/resolve`, {
      token: own.token,
      params: { id: one!.id },
      body: { note: "mine" },
    });
    expect(resolveAs.status).toBe(403);
    expect((await upload(file, { token: own.token })).status).toBe(403);
    expect((await upload(file, { token: tokens.viewer })).status).toBe(403);
  });

  it("resolves an exception with a note, audited once", async () => {
    const [open] = (await exceptionsOf(importId)).filter((e) => e.kind === "amount_mismatch");
    const send = () =>
      call(resolve, `/v1/reconciliation/exceptions/${open!.id}/resolve`, {
        token: tokens.operator,
        params: { id: open!.id },
        body: { note: "The acquirer charged a tip; agreed with the merchant." },
      });
    const first = await send();
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({
      status: "resolved",
      resolutionNote: "The acquirer charged a tip; agreed with the merchant.",
    });
    expect((await send()).json.resolvedAt).toBe(first.json.resolvedAt);
    expect(await db().auditLogEntry.count({ where: { action: "reconciliation_exception.resolve", targetId: open!.id } })).toBe(1);
    const resolved = await call(listExceptions, `/v1/reconciliation/exceptions?import_id=${importId}&status=resolved`, {
      token: tokens.viewer,
    });
    expect(resolved.json.data.map((e: { id: string }) => e.id)).toEqual([open!.id]);
  });
});

describe("a late notification", () => {
  it("closes the open missing_notification of its sale by itself", async () => {
    const today = saoPauloDay();
    const t = await cieloTerminal();
    const cv = { establishment: t.mid, roNumber: "0000002", saleDate: today, terminal: t.tid };
    const res = await upload(
      cieloFile({ establishment: t.mid, periodStart: today, periodEnd: today, sequence: 2 }, [
        cieloRo({ establishment: t.mid, roNumber: "0000002", terminal: t.tid }),
        cieloCv({ ...cv, amount: 8_800, nsu: "008800", authorizationCode: "LATE01", card: "411111******8888" }),
      ]),
    );
    expect(res.json.summary).toMatchObject({ sales: 1, missingNotification: 1 });
    const [missing] = await exceptionsOf(res.json.id);
    expect(missing).toMatchObject({ kind: "missing_notification", status: "open" });
    // Another amount on the same NSU is not this sale.
    await ingest([
      t.notification({ retrievalReferenceNumber: "8800", authorizationCode: "LATE01", amount: 8_801, cardData: card("8888") }),
    ]);
    // Closed after the notification's commit, by the maintenance schedule's pass (here at once).
    await closeAllLateNotifications();
    expect((await exceptionsOf(res.json.id))[0]!.status).toBe("open");
    const [late] = await ingest([
      t.notification({ retrievalReferenceNumber: "8800", authorizationCode: "LATE01", amount: 8_800, cardData: card("8888") }),
    ]);
    await closeAllLateNotifications();
    const [closed] = await exceptionsOf(res.json.id);
    expect(closed).toMatchObject({
      status: "resolved",
      resolvedBy: "system",
      eventId: late,
      payment: { amount: 8_800, state: "authorized" },
    });
  });
});

describe("a CSV statement", () => {
  it("is told from its header and matched like Cielo's", async () => {
    const today = saoPauloDay();
    const credential = await insertCredential({ acquirer: "rede" });
    await ingest([
      cardEventData({
        acquirerName: "rede",
        acquirerMerchantIdentifier: credential.mid,
        acquirerTerminalIdentifier: credential.tid,
        retrievalReferenceNumber: "987654321",
        authorizationCode: "RD0001",
        amount: 1_990,
        cardData: card("1234"),
      }),
      // Matched by its code alone: the statement's NSU 000000 is no NSU.
      cardEventData({
        acquirerName: "rede",
        acquirerMerchantIdentifier: credential.mid,
        acquirerTerminalIdentifier: credential.tid,
        retrievalReferenceNumber: "555",
        authorizationCode: "RD0003",
        amount: 700,
        cardData: card("1234"),
      }),
    ]);
    const sale = {
      acquirer: "rede",
      mid: credential.mid,
      tid: credential.tid,
      sale_date: today,
      sale_time: "12:00:00",
      amount: 1_990,
      card_last4: "1234",
      status: "approved",
    };
    const res = await upload(
      csvFile([
        { ...sale, nsu: "987654321", authorization_code: "" },
        { ...sale, nsu: "111", authorization_code: "RD0002", amount: 500 },
        { ...sale, nsu: "000000", authorization_code: "RD0003", amount: 700 },
      ]),
      { type: "text/csv" },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      acquirerName: "rede",
      format: "csv",
      sequence: null,
      summary: { sales: 3, matched: 2, missingNotification: 1 },
    });
  });

  it("links an event without an RRN to the payment holding its authorization code", async () => {
    const today = saoPauloDay();
    const credential = await insertCredential({ acquirer: "stone" });
    const event = (fields: Partial<EventDataInput>) =>
      cardEventData({
        acquirerName: "stone",
        acquirerMerchantIdentifier: credential.mid,
        acquirerTerminalIdentifier: credential.tid,
        amount: 4_200,
        cardData: card("4321"),
        ...fields,
      });
    const [authorization] = await ingest([
      event({ retrievalReferenceNumber: "7001", authorizationCode: "ST7001" }),
      // The void names only the code: the payment is voided, and the approved sale disagrees.
      event({ transactionType: "void", retrievalReferenceNumber: null, authorizationCode: "ST7001" }),
      // Neither key: a payment of its own, which no sale can match.
      event({ amount: 999, retrievalReferenceNumber: null, authorizationCode: null }),
    ]);
    const sale = { acquirer: "stone", mid: credential.mid, tid: credential.tid, sale_date: today, sale_time: "12:00:00" };
    const res = await upload(
      csvFile([{ ...sale, nsu: "7001", authorization_code: "ST7001", amount: 4_200, card_last4: "4321", status: "approved" }]),
      { type: "text/csv" },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json.summary).toMatchObject({ sales: 1, matched: 0, statusMismatch: 1, notificationWithoutSale: 1 });
    const [mismatch] = (await exceptionsOf(res.json.id)).filter((e) => e.kind === "status_mismatch");
    expect(mismatch).toMatchObject({ eventId: authorization, payment: { state: "voided", amount: 4_200 } });
  });
});

describe("a malformed file", () => {
  const today = saoPauloDay();
  const cv = { establishment: "1234567890", roNumber: "0000003", saleDate: today, terminal: "12345678", amount: 100, nsu: "1" };
  const good = cieloCv(cv);
  const header = { establishment: "1234567890", periodStart: today, periodEnd: today, sequence: 3 };

  it.each([
    ["a line of the wrong length", cieloFile(header, [good, good.slice(0, 200)]), "", { line: 3, field: "line" }],
    ["a bad date", cieloFile(header, [cieloCv({ ...cv, saleDate: "2026-13-01" })]), "", { line: 2, field: "saleDate" }],
    ["a bad amount", cieloFile(header, [`${good.slice(0, 46)}0000000001,00${good.slice(59)}`]), "", { line: 2, field: "amount" }],
    [
      "a trailer whose count disagrees",
      cieloFile(header, [good]).replace(/\r\n9\d{11}/, "\r\n900000000002"),
      "",
      { line: 3, field: "recordCount" },
    ],
    [
      "a file that is not the format named",
      csvFile([{ acquirer: "rede", mid: "M1", sale_date: today, amount: 1, status: "approved" }]),
      "?format=cielo",
      { line: 1 },
    ],
    ["a file of no known format", "hello\nworld\n", "", { line: 1, field: "format" }],
    [
      "a CSV sale with a fraction of a cent",
      csvFile([{ acquirer: "rede", mid: "M1", sale_date: today, amount: "1.5", status: "approved" }]),
      "",
      { line: 2, field: "amount" },
    ],
  ])("refuses %s whole (422, each fault by line) and stores nothing", async (_, text, query, fault) => {
    const counts = async () => [
      await db().reconciliationImport.count(),
      await db().reconciliationSale.count(),
      await db().reconciliationException.count(),
    ];
    const before = await counts();
    const res = await upload(text, { query });
    expect(res.status, res.text).toBe(422);
    expect(res.json.code).toBe("statement_refused");
    expect(res.json.errors[0]).toMatchObject(fault);
    expect(await counts()).toEqual(before);
  });

  it("refuses a body that is not text (415)", async () => {
    const res = await upload("{}", { type: "application/json" });
    expect(res.status).toBe(415);
  });
});
