// A statement upload as a slow client sends it, and as Excel saves it. Held open after its first
// lines, an upload holds no database connection (on the embedded database, the only one): a
// notification, another import and a query answer meanwhile, and nothing of the held import
// exists until its file is all there; its temporary file is gone afterwards. A file saved with a
// UTF-8 byte order mark ("CSV UTF-8") is told and read as any other, CSV or Cielo.
import { describe, expect, it } from "vitest";
import { POST as importFile } from "@/app/v1/reconciliation/imports/route";
import { POST as ingestOne } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { call, tokensOf } from "../support/api";
import { cieloTerminal } from "../support/cielo-terminal";
import { card, digits } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { heldUpload, spooledStatements } from "../support/slow-upload";
import { cieloCv, cieloFile, cieloRo, csvFile, saoPauloDay } from "../support/statement-files";

runOnOwnDatabase("pic_reconciliation_upload");

const tokens = tokensOf("operator", "ingest");
const today = saoPauloDay();

const upload = (body: string | ReadableStream<Uint8Array>, type = "text/csv") =>
  call(importFile, "/v1/reconciliation/imports", {
    method: "POST",
    token: tokens.operator,
    rawBody: body,
    headers: { "content-type": type },
  });

/** A CSV statement of one sale on an establishment of its own (so that every file differs). */
const oneSale = () =>
  csvFile([{ acquirer: "rede", mid: `M${digits(9)}`, sale_date: today, nsu: "1", amount: 1_000, status: "approved" }]);

/** `work`'s result, or the reason it did not come while the held upload stayed open. */
async function whileHeld<T>(work: Promise<T>, held: Promise<unknown>): Promise<T | string> {
  let timer: NodeJS.Timeout | undefined;
  const tooLong = new Promise<string>((resolve) => {
    // Generous for a loaded machine: with the upload read first, the work takes well under a second.
    timer = setTimeout(() => resolve("nothing answered within 20 s while the upload was held open"), 20_000);
  });
  try {
    return await Promise.race([work, held.then(() => "the held import ended first"), tooLong]);
  } finally {
    clearTimeout(timer);
  }
}

describe("a statement upload held open after its first lines", () => {
  it("holds no database connection: a notification, another import and a query answer meanwhile", async () => {
    const t = await cieloTerminal();
    const held = heldUpload(oneSale());
    const first = upload(held.body);
    try {
      // The header and the sale were read, and the upload asks for more.
      await held.taken;
      const meanwhile = (async () => {
        const notification = await call(ingestOne, "/v1/webhooks/events", {
          token: tokens.ingest,
          body: t.notification({ retrievalReferenceNumber: "901", authorizationCode: "UP0901", cardData: card("0901") }),
        });
        const second = await upload(oneSale());
        const importing = await db().reconciliationImport.count({ where: { status: "importing" } });
        return { notification: notification.status, second: second.status, importing };
      })();
      expect(await whileHeld(meanwhile, first)).toEqual({ notification: 202, second: 201, importing: 0 });
    } finally {
      held.end();
    }
    const done = await first;
    expect(done.status, done.text).toBe(201);
    expect(done.json.summary).toMatchObject({ sales: 1 });
    expect(await spooledStatements()).toEqual([]);
  }, 60_000);
});

describe("a statement saved with a UTF-8 byte order mark (Excel's CSV UTF-8)", () => {
  it("is told a CSV statement without ?format, and imported", async () => {
    const res = await upload(`\uFEFF${oneSale()}`);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ format: "csv", acquirerName: "rede", summary: { sales: 1 } });
  });

  it("is told a Cielo file too", async () => {
    const t = await cieloTerminal();
    const file = cieloFile({ establishment: t.mid, periodStart: today, periodEnd: today, sequence: 77 }, [
      cieloRo({ establishment: t.mid, roNumber: "0000077", terminal: t.tid }),
      cieloCv({ establishment: t.mid, roNumber: "0000077", saleDate: today, terminal: t.tid, amount: 7_700, nsu: "000077" }),
    ]);
    const res = await upload(`\uFEFF${file}`, "text/plain");
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ format: "cielo", sequence: 77, summary: { sales: 1, missingNotification: 1 } });
    expect(await spooledStatements()).toEqual([]);
  });
});
