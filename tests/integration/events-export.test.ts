// GET /v1/webhooks/events/export: the list's filters as a streamed CSV file, walked by keyset
// in batches (no event twice or missing, also across batches sharing one timestamp).
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportCsv } from "@/app/v1/webhooks/events/export/route";
import { GET as list } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { csvField, decimalAmount, EXPORT_COLUMNS, exportEvents, exportEventsQuery } from "@/lib/events/list/export-events";
import { call, userWithTokens } from "../support/api";
import { ingestEvents, insertPendingEvents, setCreatedAt } from "../support/events";

let reader: string;
let ingester: string;
let readerCaller: { userId: string; username: string; role: "viewer" };

beforeAll(async () => {
  const viewer = await userWithTokens("viewer");
  reader = viewer.accessToken;
  readerCaller = { userId: viewer.user.id, username: viewer.username, role: "viewer" };
  ingester = (await userWithTokens("ingest")).accessToken;
});

const tag = () => `m-${randomBytes(5).toString("hex")}`;
const get = (query: string, token = reader) => call(exportCsv, `/v1/webhooks/events/export?${query}`, { token });

/**
 * Minimal RFC 4180 reader: enough for our own output (quoted fields, doubled quotes, CRLF). With
 * `separator: ";"` it reads the file as Excel in Brazil does (pt-BR's list separator).
 */
function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let field = "";
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(EXPORT_COLUMNS);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ""])));
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("GET /v1/webhooks/events/export", () => {
  it("streams text/csv with a header row and one row per event of the filter, newest first", async () => {
    const merchant = tag();
    const ids = await ingestEvents(ingester, 5, (i) => ({
      merchantId: merchant,
      amount: 123456 + i,
      acquirerName: i === 4 ? "rede" : "cielo",
      ...(i === 3 ? { transactionStatus: "denied", authorizationCode: null, acquirerResponseCode: "57" } : {}),
    }));
    const res = await get(`merchant_id=${merchant}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="events-[0-9T-]+Z\.csv"$/);
    expect(res.headers.get("x-request-id")).toBeTruthy();

    const rows = records(res.text);
    expect(rows.map((r) => r.id)).toEqual([...ids].reverse());
    const first = rows.find((r) => r.id === ids[0])!;
    expect(first).toMatchObject({
      // Decided on arrival: no credential holds its MID.
      status: "failed",
      failure_reason: "no_matching_credential",
      type: "payment.completed",
      merchant_id: merchant,
      acquirer_name: "cielo",
      amount: "1234.56",
      amount_minor: "123456",
      currency: "BRL",
      card_brand: "visa",
      capture_method: "chip",
      transaction_type: "authorization",
      attempt_count: "1",
    });
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The response code in words; a denied transaction's with its class (ABECS Normativo 21).
    expect(first).toMatchObject({ acquirer_response_code: "00", acquirer_response_description: "Approved", decline_class: "" });
    expect(rows.find((r) => r.id === ids[3])).toMatchObject({
      transaction_status: "denied",
      acquirer_response_code: "57",
      acquirer_response_description: "Transaction not allowed for the card",
      decline_class: "irreversible",
    });
    // No card holder names leave the system in an export.
    expect(res.text).not.toContain("MARIA");

    expect(records((await get(`merchant_id=${merchant}&acquirer_name=rede`)).text).map((r) => r.id)).toEqual([ids[4]]);
    expect(records((await get(`merchant_id=${merchant}&sort=asc`)).text).map((r) => r.id)).toEqual(ids);
  });

  it("matches the list for the same filters, status and time range included", async () => {
    const merchant = tag();
    // Pending ones too: ingestion decides on arrival, a load leaves events pending.
    const ids = await insertPendingEvents(12, () => ({ merchantId: merchant }));
    await setCreatedAt(ids, (i) => new Date(Date.parse("2026-06-01T00:00:00.000Z") + i * 3_600_000));
    await db().$executeRawUnsafe(
      `UPDATE events SET status = 'failed', failure_reason = 'no_matching_credential' WHERE id = ANY($1)`,
      [ids.filter((_, i) => i % 3 === 0)],
    );
    const query = `merchant_id=${merchant}&status=failed,pending&created_at[gte]=2026-06-01T02:00:00Z&created_at[lt]=2026-06-01T10:00:00Z`;
    const listed = (await call(list, `/v1/webhooks/events?${query}&limit=100`, { token: reader })).json.data.map(
      (e: { id: string }) => e.id,
    );
    const exported = records((await get(query)).text);
    expect(exported.map((r) => r.id)).toEqual(listed);
    expect(exported).toHaveLength(8);
    expect(exported.filter((r) => r.status === "failed").map((r) => r.failure_reason)).toEqual([
      "no_matching_credential",
      "no_matching_credential",
      "no_matching_credential",
    ]);
  });

  it("walks every event exactly once across batches, also when many share one timestamp", async () => {
    const merchant = tag();
    const ids = await ingestEvents(ingester, 40, () => ({ merchantId: merchant }));
    const base = Date.parse("2026-03-10T12:00:00.000Z");
    await setCreatedAt(ids, (i) => new Date(i >= 10 && i < 30 ? base + 10_000 : base + i * 1000));
    for (const sort of ["desc", "asc"] as const) {
      const query = exportEventsQuery.parse({ merchant_id: merchant, sort });
      const text = await readAll(await exportEvents({ caller: readerCaller, query, batchSize: 7 }));
      const seen = records(text).map((r) => r.id);
      expect(seen).toHaveLength(40);
      expect(new Set(seen)).toEqual(new Set(ids));
      if (sort === "asc") expect(seen.slice(0, 10)).toEqual(ids.slice(0, 10));
    }
    // An exact multiple of the batch size ends cleanly too.
    const query = exportEventsQuery.parse({ merchant_id: merchant });
    expect(records(await readAll(await exportEvents({ caller: readerCaller, query, batchSize: 8 })))).toHaveLength(40);
  });

  it("sends only the header when nothing matches", async () => {
    const res = await get(`merchant_id=${tag()}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(`${EXPORT_COLUMNS.map((c) => `"${c}"`).join(",")}\r\n`);
  });

  it("escapes fields and defuses spreadsheet formulas", async () => {
    const merchant = tag();
    const [id] = await ingestEvents(ingester, 1, () => ({ merchantId: merchant, terminalSerialNumber: '=HYPERLINK("x"),1' }));
    const [row] = records((await get(`merchant_id=${merchant}`)).text);
    expect(row!.id).toBe(id);
    expect(row!.terminal_serial_number).toBe(`'=HYPERLINK("x"),1`);
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField(null)).toBe('""');
    expect(csvField(-1)).toBe(`"'-1"`);
    expect(csvField(12)).toBe('"12"');
    expect(decimalAmount("5", "BRL")).toBe("0.05");
    expect(decimalAmount("500", "JPY")).toBe("500");
    expect(decimalAmount("1234567", "KWD")).toBe("1234.567");
  });

  // Found by the first security review: fields were quoted only when they held , " or a line
  // break, so Excel in Brazil, splitting on ";", made a new cell of what followed a ";" inside one.
  it("leaves no cell starting a formula when a spreadsheet splits on ';' (pt-BR Excel)", async () => {
    const merchant = tag();
    const payloads = ['x;=HYPERLINK("http://evil")', ";@SUM(1+1)*cmd|' /C calc'!A0", "a;+1;-1", "\t=1", "=1;=2"];
    await ingestEvents(ingester, payloads.length, (i) => ({
      merchantId: merchant,
      terminalSerialNumber: payloads[i]!,
      metadata: { note: payloads[i]! },
    }));
    const text = (await get(`merchant_id=${merchant}`)).text;
    for (const separator of [",", ";"]) {
      const cells = parseCsv(text, separator).flat();
      const dangerous = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));
      expect(dangerous, separator).toEqual([]);
    }
    // Read with ",", every payload comes back whole, defused.
    const serials = records(text).map((r) => r.terminal_serial_number);
    expect(serials.sort()).toEqual(payloads.map((p) => (/^[=+\-@\t]/.test(p) ? `'${p}` : p)).sort());
  });

  // Found by the second security review: a field was defused only at its start, so a formula after a line break
  // inside it ("x\n=1+1;y") started a line of its own that LibreOffice Calc evaluated.
  it("defuses a formula at the start of every line inside a field, and stays reversible", async () => {
    const merchant = tag();
    const payloads = [
      "x\n=1+1;y",
      "x\r=2+2;y",
      "x\r\n=3+3;y",
      'x\n=HYPERLINK("http://evil";"y")',
      "a\n\t=1\n+2\r-3\r\n@4",
      "'=5\n'b",
    ];
    await ingestEvents(ingester, payloads.length, (i) => ({ merchantId: merchant, terminalSerialNumber: payloads[i]! }));
    const text = (await get(`merchant_id=${merchant}`)).text;
    for (const separator of [",", ";"]) {
      const lines = parseCsv(text, separator)
        .flat()
        .flatMap((cell) => cell.split(/\r\n|\r|\n/));
      expect(
        lines.filter((line) => /^[=+\-@\t]/.test(line)),
        separator,
      ).toEqual([]);
    }
    const serials = records(text).map((r) => r.terminal_serial_number!);
    expect(serials).toContain("x\n'=1+1;y");
    expect(serials).toContain("x\r'=2+2;y");
    expect(serials).toContain("x\r\n'=3+3;y");
    // Reversible: every line that starts with ' lost exactly one.
    const restore = (cell: string) => cell.replace(/(^|\r\n|\r|\n)'/g, "$1");
    expect(serials.map(restore).sort()).toEqual([...payloads].sort());
  });

  it("records every export in the audit log: who, which filter, how many rows", async () => {
    const merchant = tag();
    await ingestEvents(ingester, 3, () => ({ merchantId: merchant }));
    expect((await get(`merchant_id=${merchant}&status=pending,failed,processed`)).status).toBe(200);
    const entry = await db().auditLogEntry.findFirstOrThrow({
      where: { action: "event.export", actorId: readerCaller.userId },
      orderBy: { createdAt: "desc" },
    });
    expect(entry).toMatchObject({ actorUsername: readerCaller.username, targetType: "event", targetId: "export" });
    expect(entry.after).toMatchObject({ rows: 3, outcome: "complete", filters: { merchant_id: merchant } });
  });

  it("refuses what the list refuses, and cursor and limit", async () => {
    for (const [query, field] of [
      ["status=done", "status"],
      ["limit=10", "limit"],
      ["cursor=abc", "cursor"],
      ["created_at[gte]=yesterday", "created_at[gte]"],
      ["colour=red", "colour"],
    ]) {
      const res = await get(query!);
      expect(res.status, query).toBe(400);
      expect(res.json.code).toBe("validation_failed");
      expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it("needs a token and the read permission", async () => {
    expect((await call(exportCsv, "/v1/webhooks/events/export")).status).toBe(401);
    const res = await get("", ingester);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("insufficient_scope");
  });
});
