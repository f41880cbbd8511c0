// A statement upload's time is bounded (lib/http/body.ts readTextStream; limits made short here
// through UPLOAD_IDLE_TIMEOUT_MS and UPLOAD_TIMEOUT_MS): one that stops sending, or dribbles a
// byte at a time, is refused 408 upload_timeout, its stream let go and nothing stored; one the
// client breaks off stores nothing either. No temporary file is left behind by any of them.
import { describe, expect, it, vi } from "vitest";
import { POST as importFile } from "@/app/v1/reconciliation/imports/route";
import { db } from "@/lib/db/client";
import { call, tokensOf } from "../support/api";
import { digits } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { dribbledUpload, heldUpload, spooledStatements } from "../support/slow-upload";
import { csvFile, saoPauloDay } from "../support/statement-files";

vi.hoisted(() => {
  process.env.UPLOAD_IDLE_TIMEOUT_MS = "1000";
  process.env.UPLOAD_TIMEOUT_MS = "3000";
});

runOnOwnDatabase("pic_reconciliation_upload_timeout");

const tokens = tokensOf("operator");

const upload = (body: ReadableStream<Uint8Array>) =>
  call(importFile, "/v1/reconciliation/imports", {
    method: "POST",
    token: tokens.operator,
    rawBody: body,
    headers: { "content-type": "text/csv" },
  });

const oneSale = () =>
  csvFile([{ acquirer: "rede", mid: `M${digits(9)}`, sale_date: saoPauloDay(), nsu: "1", amount: 1_000, status: "approved" }]);

const importsStored = () => db().reconciliationImport.count();

describe("a statement upload that is too slow", () => {
  it("is refused 408 when it stops sending, and nothing of it is kept", async () => {
    const before = await importsStored();
    const held = heldUpload(oneSale());
    try {
      const started = Date.now();
      const res = await upload(held.body);
      expect(res.status, res.text).toBe(408);
      expect(res.json).toMatchObject({ code: "upload_timeout", detail: expect.stringContaining("nothing for 1 s") });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(held.state.cancelled).toBe(true);
    } finally {
      held.end();
    }
    expect(await importsStored()).toBe(before);
    expect(await spooledStatements()).toEqual([]);
  });

  it("is refused 408 at the deadline when it dribbles a byte at a time", async () => {
    const before = await importsStored();
    const dribbled = dribbledUpload(oneSale(), 50);
    const res = await upload(dribbled.body);
    expect(res.status, res.text).toBe(408);
    expect(res.json).toMatchObject({
      code: "upload_timeout",
      detail: expect.stringContaining("not complete 3 s after it began"),
    });
    // It kept sending: the idle bound never met it.
    expect(dribbled.state.bytes).toBeGreaterThan(5);
    expect(dribbled.state.cancelled).toBe(true);
    expect(await importsStored()).toBe(before);
    expect(await spooledStatements()).toEqual([]);
  });
});

describe("a statement upload the client breaks off", () => {
  it("stores nothing and leaves no temporary file", async () => {
    const before = await importsStored();
    const held = heldUpload(oneSale());
    const res = upload(held.body);
    await held.taken;
    held.fail();
    // Refused (nobody reads the answer: the client is gone).
    expect((await res).status).toBeGreaterThanOrEqual(400);
    expect(await importsStored()).toBe(before);
    expect(await spooledStatements()).toEqual([]);
  });
});
