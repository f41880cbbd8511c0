// Reconciliation of Cielo Extrato Eletrônico v15 files (layout 015), built from the manual's
// positions (tests/support/cielo-v15-files.ts), imported through POST /v1/reconciliation/imports
// on the real database and matched against notifications ingested through the real API: sales
// match as layout 001's do, entries that are not sales (cancellation, chargeback, rental, later
// installments) are never counted, the same file again is the same import, and a header of a
// version the reader does not know is refused whole with nothing stored.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listExceptions } from "@/app/v1/reconciliation/exceptions/route";
import { POST as importFile } from "@/app/v1/reconciliation/imports/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import type { EventDataInput } from "@/lib/events/data-schema";
import { call, tokensOf } from "../support/api";
import { cieloTerminal } from "../support/cielo-terminal";
import { cieloV15File, v15Entry, v15Ur } from "../support/cielo-v15-files";
import { card } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { saoPauloDay } from "../support/statement-files";

runOnOwnDatabase("pic_reconciliation_v15");

const tokens = tokensOf("operator", "ingest");

const upload = (text: string) =>
  call(importFile, "/v1/reconciliation/imports", {
    method: "POST",
    token: tokens.operator,
    rawBody: text,
    headers: { "content-type": "text/plain" },
  });

async function ingest(events: EventDataInput[]): Promise<string[]> {
  const res = await call(ingestBatch, "/v1/webhooks/events/batch", { token: tokens.ingest, body: { events } });
  expect(res.status, res.text).toBe(200);
  return (res.json.data as { id: string }[]).map((r) => r.id);
}

const counts = async () => [
  await db().reconciliationImport.count(),
  await db().reconciliationSale.count(),
  await db().reconciliationException.count(),
];

describe("a Cielo v15 sales file", () => {
  const today = saoPauloDay();
  let t: Awaited<ReturnType<typeof cieloTerminal>>;
  let file: string;
  let importId: string;
  let ids: string[];

  beforeAll(async () => {
    t = await cieloTerminal();
    ids = await ingest([
      t.notification({ retrievalReferenceNumber: "123", authorizationCode: "AB1234", amount: 13_211, cardData: card("1111") }),
      t.notification({
        paymentMethod: "debit_card",
        retrievalReferenceNumber: "200",
        authorizationCode: "CD2000",
        amount: 5_000,
        cardData: card("2222"),
      }),
      // Three installments of 100.00: the notification carries the sale's 300.00.
      t.notification({
        retrievalReferenceNumber: "600",
        authorizationCode: "KL6000",
        amount: 30_000,
        installments: 3,
        cardData: card("6666"),
      }),
    ]);
    const sale = { establishment: t.mid, terminal: t.tid, authorizationDate: today };
    file = cieloV15File({ establishment: t.mid, periodStart: today, periodEnd: today }, [
      v15Entry({ ...sale, entryType: "02", totalSale: 13_211, nsu: "000123", authorizationCode: "AB1234", cardLast4: "1111" }),
      v15Entry({ ...sale, entryType: "01", totalSale: 5_000, nsu: "000200", authorizationCode: "CD2000", cardLast4: "2222" }),
      v15Entry({
        ...sale,
        entryType: "03",
        totalSale: 30_000,
        gross: 10_000,
        installment: 1,
        installments: 3,
        nsu: "000600",
        authorizationCode: "KL6000",
        cardLast4: "6666",
      }),
      // Its later installments settle the same sale: not sales again.
      v15Entry({
        ...sale,
        entryType: "03",
        totalSale: 30_000,
        gross: 10_000,
        installment: 2,
        installments: 3,
        nsu: "000600",
        authorizationCode: "KL6000",
        cardLast4: "6666",
      }),
      v15Entry({
        ...sale,
        entryType: "03",
        totalSale: 30_000,
        gross: 10_000,
        installment: 3,
        installments: 3,
        nsu: "000600",
        authorizationCode: "KL6000",
        cardLast4: "6666",
      }),
      // A sale no notification tells of.
      v15Entry({ ...sale, entryType: "02", totalSale: 77_700, nsu: "000700", authorizationCode: "MN7000", cardLast4: "7777" }),
      // Not sales: a cancellation and a chargeback of the first sale, their reversals, a rental.
      v15Entry({
        ...sale,
        entryType: "06",
        totalSale: -13_211,
        nsu: "000123",
        authorizationCode: "AB1234",
        cardLast4: "1111",
        adjustmentCode: "0000",
      }),
      v15Entry({ ...sale, entryType: "07", totalSale: 13_211, nsu: "000123", authorizationCode: "AB1234", cardLast4: "1111" }),
      v15Entry({
        ...sale,
        entryType: "08",
        totalSale: -13_211,
        nsu: "000123",
        authorizationCode: "AB1234",
        cardLast4: "1111",
        adjustmentCode: "0301",
      }),
      v15Entry({ ...sale, entryType: "09", totalSale: 13_211, nsu: "000123", authorizationCode: "AB1234", cardLast4: "1111" }),
      v15Entry({ establishment: t.mid, entryType: "10", authorizationDate: null, totalSale: -8_990, paymentMethod: "" }),
    ]);
  });

  it("imports its sales and matches them as a layout 001 file's: non-sale entries are never counted", async () => {
    const res = await upload(file);
    expect(res.status, res.text).toBe(201);
    importId = res.json.id;
    expect(res.json).toMatchObject({
      acquirerName: "cielo",
      format: "cielo",
      fileType: "sales",
      periodStart: today,
      status: "done",
      summary: { sales: 4, matched: 3, missingNotification: 1, notificationWithoutSale: 0, amountMismatch: 0, statusMismatch: 0 },
    });
    const sales = await db().reconciliationSale.findMany({ where: { importId }, orderBy: { line: "asc" } });
    expect(sales.map((s) => [s.line, Number(s.amount), s.status, s.nsu, s.installments, s.terminalIdentifier])).toEqual([
      [2, 13_211, "approved", "000123", 0, t.tid],
      [3, 5_000, "approved", "000200", 0, t.tid],
      [4, 30_000, "approved", "000600", 3, t.tid],
      [7, 77_700, "approved", "000700", 0, t.tid],
    ]);
    const matches = await db().reconciliationMatch.findMany({ where: { importId } });
    expect(matches.map((m) => m.eventId).sort()).toEqual([...ids].sort());
    const list = await call(listExceptions, `/v1/reconciliation/exceptions?import_id=${importId}&limit=100`, {
      token: tokens.operator,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.json.data).toEqual([
      expect.objectContaining({
        kind: "missing_notification",
        merchantId: t.merchantId,
        sale: expect.objectContaining({ line: 7, nsu: "000700", amount: 77_700, saleDate: today }),
      }),
    ]);
  });

  it("answers the same file again with the same import (200) and adds nothing", async () => {
    const before = await counts();
    const res = await upload(file);
    expect(res.status, res.text).toBe(200);
    expect(res.json.id).toBe(importId);
    expect(await counts()).toEqual(before);
  });

  it("imports a payments file (04): its URs are read, its sales counted as in a sales file", async () => {
    const sale = { establishment: t.mid, terminal: t.tid, authorizationDate: today };
    const res = await upload(
      cieloV15File({ establishment: t.mid, periodStart: today, periodEnd: today, extractOption: "04", sequence: 2 }, [
        v15Ur({ establishment: t.mid, gross: 13_211, fee: 328, net: 12_883, paymentDate: today }),
        v15Entry({ ...sale, entryType: "02", totalSale: 13_211, nsu: "000123", authorizationCode: "AB1234", cardLast4: "1111" }),
        v15Entry({ ...sale, entryType: "08", totalSale: -1_508, nsu: "000123", authorizationCode: "AB1234", cardLast4: "1111" }),
      ]),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ fileType: "payments", summary: { sales: 1, matched: 1, missingNotification: 0 } });
  });
});

describe("a Cielo v15 file opening with a UTF-8 byte order mark", () => {
  it("is told and read as without it (the mark is the line reader's to skip)", async () => {
    const today = saoPauloDay();
    const t = await cieloTerminal();
    await ingest([
      t.notification({ retrievalReferenceNumber: "321", authorizationCode: "BO1234", amount: 4_321, cardData: card("4321") }),
    ]);
    const sale = { establishment: t.mid, terminal: t.tid, authorizationDate: today, cardLast4: "4321" };
    const file = cieloV15File({ establishment: t.mid, periodStart: today, periodEnd: today }, [
      v15Entry({ ...sale, entryType: "02", totalSale: 4_321, nsu: "000321", authorizationCode: "BO1234" }),
    ]);
    const res = await upload(`\uFEFF${file}`);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ format: "cielo", summary: { sales: 1, matched: 1 } });
  });
});

describe("a Cielo file of a layout the reader does not know", () => {
  it("is refused whole (422, naming the version found) and nothing is stored", async () => {
    const today = saoPauloDay();
    const before = await counts();
    const res = await upload(
      cieloV15File({ establishment: "1234567890", periodStart: today, periodEnd: today, version: "014" }, [
        v15Entry({ establishment: "1234567890", entryType: "02", authorizationDate: today, totalSale: 100, nsu: "1" }),
      ]),
    );
    expect(res.status, res.text).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.json.code).toBe("statement_refused");
    expect(res.json.errors).toEqual([
      {
        line: 1,
        field: "layoutVersion",
        message: 'positions 071-073 are "014": only layouts 001 and 015 (Extrato Eletrônico v15) are read',
      },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a v15 file with bad fields whole, every line's faults listed", async () => {
    const today = saoPauloDay();
    const good = v15Entry({ establishment: "1234567890", entryType: "02", authorizationDate: today, totalSale: 100, nsu: "1" });
    const before = await counts();
    const res = await upload(
      cieloV15File({ establishment: "1234567890", periodStart: today, periodEnd: today }, [
        good,
        `${good.slice(0, 246)}+00000000001,0${good.slice(260)}`,
        `${good.slice(0, 565)}31022026${good.slice(573)}`,
      ]),
    );
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors).toEqual([
      { line: 3, field: "totalSale", message: 'positions 247-260 must be a sign ("+" or "-") and 13 digits (cents)' },
      { line: 4, field: "authorizationDate", message: "positions 566-573 must be a date DDMMAAAA, or zeros" },
    ]);
    expect(await counts()).toEqual(before);
  });
});
