// Reconciliation as the rest of the console sees it: an event's state (any event of its payment
// answers for it; another merchant's event is a 404), a merchant's counts, an upload broken off
// (nothing left) and an import left stale (failed), the file importable again, the audit entry written
// in its own transaction, and the upload's limits stated as they are (100 MiB, text/plain or
// text/csv) in its 413, 415 and the OpenAPI document.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getImport } from "@/app/v1/reconciliation/imports/[id]/route";
import { POST as importFile } from "@/app/v1/reconciliation/imports/route";
import { GET as getMerchantReconciliation } from "@/app/v1/reconciliation/merchants/[id]/route";
import { GET as getEventReconciliation } from "@/app/v1/webhooks/events/[id]/reconciliation/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import type { EventDataInput } from "@/lib/events/data-schema";
import { newId } from "@/lib/ids";
import { openApiDocument } from "@/lib/openapi/document";
import { STALE_REASON } from "@/lib/reconciliation/stale-imports";
import { call, tokensOf } from "../support/api";
import { cieloTerminal } from "../support/cielo-terminal";
import { insertCredential } from "../support/credentials";
import { card, digits } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { cieloCv, cieloFile, cieloRo, saoPauloDay } from "../support/statement-files";
import { merchantAccount } from "../support/tenants";

runOnOwnDatabase("pic_reconciliation_state");

const tokens = tokensOf("admin", "operator", "viewer", "ingest");
const today = saoPauloDay();

const upload = (text: string, type = "text/plain") =>
  call(importFile, "/v1/reconciliation/imports", {
    method: "POST",
    token: tokens.operator,
    rawBody: text,
    headers: { "content-type": type },
  });

async function ingest(events: EventDataInput[]): Promise<string[]> {
  const res = await call(ingestBatch, "/v1/webhooks/events/batch", { token: tokens.ingest, body: { events } });
  expect(res.status, res.text).toBe(200);
  return (res.json.data as { id: string }[]).map((r) => r.id);
}

const stateOf = (id: string, token = tokens.viewer) =>
  call(getEventReconciliation, `/v1/webhooks/events/${id}/reconciliation`, { token, params: { id } });

describe("an event's and a merchant's reconciliation state", () => {
  let t: Awaited<ReturnType<typeof cieloTerminal>>;
  let ids: Record<string, string>;
  let importId: string;

  beforeAll(async () => {
    t = await cieloTerminal();
    const [preAuth, capture, amountDiffers, notListed] = await ingest([
      // Pre-authorized, then captured: one payment, which the statement's sale matches.
      t.notification({
        transactionType: "pre_authorization",
        retrievalReferenceNumber: "410",
        authorizationCode: "ST4100",
        amount: 41_000,
        cardData: card("4100"),
      }),
      t.notification({
        transactionType: "capture",
        retrievalReferenceNumber: "410",
        authorizationCode: "ST4100",
        amount: 41_000,
        cardData: card("4100"),
      }),
      t.notification({ retrievalReferenceNumber: "420", authorizationCode: "ST4200", amount: 42_000, cardData: card("4200") }),
      t.notification({ retrievalReferenceNumber: "430", authorizationCode: "ST4300", amount: 43_000, cardData: card("4300") }),
    ]);
    ids = { preAuth, capture, amountDiffers, notListed } as Record<string, string>;
    // Not on the statement's terminal: no statement speaks of it.
    const other = await cieloTerminal();
    const [elsewhere] = await ingest([
      other.notification({
        retrievalReferenceNumber: "440",
        authorizationCode: "ST4400",
        amount: 44_000,
        cardData: card("4400"),
      }),
    ]);
    ids.elsewhere = elsewhere!;
    const cv = { establishment: t.mid, roNumber: "0000041", saleDate: today, terminal: t.tid };
    const res = await upload(
      cieloFile({ establishment: t.mid, periodStart: today, periodEnd: today, sequence: 41 }, [
        cieloRo({ establishment: t.mid, roNumber: "0000041", terminal: t.tid }),
        cieloCv({ ...cv, amount: 41_000, nsu: "000410", authorizationCode: "ST4100", card: "411111******4100" }),
        cieloCv({ ...cv, amount: 42_500, nsu: "000420", authorizationCode: "ST4200", card: "411111******4200" }),
      ]),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json.summary).toMatchObject({ matched: 1, amountMismatch: 1, notificationWithoutSale: 1 });
    importId = res.json.id;
  });

  it("says matched for every event of a matched payment, with its import", async () => {
    for (const id of [ids.preAuth!, ids.capture!]) {
      const res = await stateOf(id);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ state: "matched", importId, exceptionId: null, kind: null, exceptionStatus: null });
    }
  });

  it("names the exception of a payment that does not match, and says when nothing listed it", async () => {
    const mismatch = await stateOf(ids.amountDiffers!);
    expect(mismatch.json).toMatchObject({ state: "exception", importId, kind: "amount_mismatch", exceptionStatus: "open" });
    const row = await db().reconciliationException.findUniqueOrThrow({ where: { id: mismatch.json.exceptionId } });
    expect(row.eventId).toBe(ids.amountDiffers);
    expect((await stateOf(ids.notListed!)).json).toMatchObject({ state: "exception", kind: "notification_without_sale" });
    expect((await stateOf(ids.elsewhere!)).json).toEqual({
      state: "not_reconciled",
      importId: null,
      exceptionId: null,
      kind: null,
      exceptionStatus: null,
    });
  });

  it("shows a merchant account its own events' state, and another's event is a 404", async () => {
    const own = await merchantAccount(t.merchantId);
    const other = await merchantAccount((await insertCredential()).merchantId);
    expect((await stateOf(ids.capture!, own.token)).json.state).toBe("matched");
    expect((await stateOf(ids.capture!, other.token)).status).toBe(404);
  });

  it("counts a merchant's matched sales and open exceptions; another merchant's account gets a 404", async () => {
    const read = (token: string) =>
      call(getMerchantReconciliation, `/v1/reconciliation/merchants/${t.merchantId}`, {
        token,
        params: { id: t.merchantId },
      });
    const res = await read(tokens.viewer);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ merchantId: t.merchantId, matched: 1, exceptions: 2, open: 2 });
    expect(res.json.imports).toBeGreaterThanOrEqual(1);
    expect((await read((await merchantAccount(t.merchantId)).token)).json.matched).toBe(1);
    expect((await read((await merchantAccount((await insertCredential()).merchantId)).token)).status).toBe(404);
  });

  it("writes the import's audit entry in the import's own transaction", async () => {
    const done = await db().reconciliationImport.findUniqueOrThrow({ where: { id: importId } });
    const entries = await db().auditLogEntry.findMany({ where: { action: "reconciliation_import.create", targetId: importId } });
    expect(entries).toHaveLength(1);
    // now() is the transaction's start: the same instant for the entry and the import's finish.
    expect(entries[0]!.createdAt.getTime()).toBe(done.finishedAt!.getTime());
    expect(entries[0]!.after).toMatchObject({ acquirerName: "cielo", fileType: "sales", summary: { matched: 1 } });
  });
});

describe("an interrupted import", () => {
  it("leaves nothing when the upload breaks off (it is received whole before the import begins), and the file imports again", async () => {
    const mid = digits(10);
    const text = cieloFile({ establishment: mid, periodStart: today, periodEnd: today, sequence: 51 }, [
      cieloRo({ establishment: mid, roNumber: "0000051", terminal: "12345678" }),
      cieloCv({ establishment: mid, roNumber: "0000051", saleDate: today, terminal: "12345678", amount: 100, nsu: "51" }),
    ]);
    const before = await db().reconciliationImport.findMany({ select: { id: true } });
    const sent = new TextEncoder().encode(text.split("\r\n").slice(0, 2).join("\r\n"));
    let pulled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled) controller.error(new Error("the client went away"));
        else controller.enqueue(sent);
        pulled = true;
      },
    });
    const request = new Request("http://localhost/v1/reconciliation/imports", {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.operator}`, "content-type": "text/plain", "x-forwarded-for": "10.5.1.1" },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await importFile(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("body_incomplete");
    const known = new Set(before.map((r) => r.id));
    // Not even on a server, where an import's row is committed apart: none is written before the file is all there.
    expect((await db().reconciliationImport.findMany()).filter((r) => !known.has(r.id))).toEqual([]);
    const again = await upload(text);
    expect(again.status, again.text).toBe(201);
  });

  it("is failed once it has made no progress for minutes, and the next import writes it so", async () => {
    const id = newId();
    await db().reconciliationImport.create({
      data: {
        id,
        acquirerName: "cielo",
        format: "cielo",
        fileType: "sales",
        createdBy: "operator",
        progressAt: new Date(Date.now() - 10 * 60_000),
      },
    });
    const read = await call(getImport, `/v1/reconciliation/imports/${id}`, { token: tokens.viewer, params: { id } });
    expect(read.json).toMatchObject({ status: "failed", failureReason: STALE_REASON });
    // One still beating is importing.
    const live = newId();
    await db().reconciliationImport.create({
      data: { id: live, acquirerName: "cielo", format: "cielo", fileType: "sales", createdBy: "operator" },
    });
    const liveRead = await call(getImport, `/v1/reconciliation/imports/${live}`, { token: tokens.viewer, params: { id: live } });
    expect(liveRead.json).toMatchObject({ status: "importing", failureReason: null });
    const mid = digits(10);
    const res = await upload(
      cieloFile({ establishment: mid, periodStart: today, periodEnd: today, sequence: 52 }, [
        cieloRo({ establishment: mid, roNumber: "0000052", terminal: "12345678" }),
        cieloCv({ establishment: mid, roNumber: "0000052", saleDate: today, terminal: "12345678", amount: 100, nsu: "52" }),
      ]),
    );
    expect(res.status, res.text).toBe(201);
    expect(await db().reconciliationImport.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "failed",
      failureReason: STALE_REASON,
    });
    expect((await db().reconciliationImport.findUniqueOrThrow({ where: { id: live } })).status).toBe("importing");
    await db().reconciliationImport.delete({ where: { id: live } });
  });
});

describe("the upload's limits", () => {
  it("states them in the 413 and the 415", async () => {
    const tooLarge = await call(importFile, "/v1/reconciliation/imports", {
      method: "POST",
      token: tokens.operator,
      rawBody: "x",
      headers: { "content-type": "text/plain", "content-length": String(100 * 1024 * 1024 + 1) },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.detail).toBe("The request body exceeds 100 MiB.");
    const notText = await upload("{}", "application/json");
    expect(notText.status).toBe(415);
    expect(notText.json.detail).toMatch(/text\/plain/);
  });

  it("states them in the OpenAPI document rather than the JSON bodies' 64 KiB", () => {
    const responses = openApiDocument().paths["/v1/reconciliation/imports"]!.post!.responses as Record<
      string,
      { description: string }
    >;
    expect(responses["413"]!.description).toBe("The body exceeds 100 MiB (body_too_large).");
    expect(responses["415"]!.description).toContain("text/plain or text/csv");
    expect(responses["415"]!.description).not.toContain("JSON");
  });
});
