// GET /v1/webhooks/events/export: every event of a filter as CSV, streamed. The same filters as
// the list (its query schema without cursor and limit), walked with the same keyset order on
// (created_at, id) in batches, so memory stays flat and each batch is an index range scan
// however many events match. The first batch is read before the response starts, so a bad
// database connection is still a proper error response rather than a truncated file. Batches are
// read from the replica when there is one (each may fall back to the primary on its own: the keyset
// walk does not care which server answered); the audit entry is written to the primary.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { type TenantScope, tenantScope } from "@/lib/access/tenant-scope";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db, readSql } from "@/lib/db/client";
import { declineClassOf, describeResponseCode } from "@/lib/declines/abecs-codes";
import { eventKeysetWalk, eventStatementName, literalLimit } from "@/lib/events/list/filter-conditions";
import { type ListEventsQuery, listEventsQuery } from "@/lib/events/list/list-query";
import { logger } from "@/lib/log";
import type { Position } from "@/lib/paging/keyset-page";

export const exportEventsQuery = listEventsQuery.omit({ cursor: true, limit: true });
export type ExportEventsQuery = Omit<ListEventsQuery, "cursor" | "limit">;

export const EXPORT_BATCH_SIZE = 1000;

type Row = {
  id: string;
  created_at: Date;
  updated_at: Date;
  type: string;
  status: string;
  failure_reason: string | null;
  attempt_count: number;
  merchant_id: string | null;
  merchant_tax_id: string | null;
  terminal_id: string | null;
  terminal_serial_number: string | null;
  acquirer_name: string | null;
  acquirer_merchant_identifier: string | null;
  acquirer_terminal_identifier: string | null;
  transaction_type: string | null;
  transaction_status: string | null;
  payment_method: string | null;
  amount_minor: string | null;
  currency: string | null;
  installments: string | null;
  authorization_code: string | null;
  retrieval_reference_number: string | null;
  acquirer_response_code: string | null;
  product_aid: string | null;
  card_brand: string | null;
  card_bin: string | null;
  card_last4: string | null;
  capture_method: string | null;
};

/** The columns, in order. No card holder name: an export leaves the system, personal data stays. */
const COLUMNS: [header: string, value: (row: Row) => string | number | null][] = [
  ["id", (r) => r.id],
  ["created_at", (r) => r.created_at.toISOString()],
  ["updated_at", (r) => r.updated_at.toISOString()],
  ["type", (r) => r.type],
  ["status", (r) => r.status],
  ["failure_reason", (r) => r.failure_reason],
  ["attempt_count", (r) => r.attempt_count],
  ["merchant_id", (r) => r.merchant_id],
  ["merchant_tax_id", (r) => r.merchant_tax_id],
  ["terminal_id", (r) => r.terminal_id],
  ["terminal_serial_number", (r) => r.terminal_serial_number],
  ["acquirer_name", (r) => r.acquirer_name],
  ["acquirer_merchant_identifier", (r) => r.acquirer_merchant_identifier],
  ["acquirer_terminal_identifier", (r) => r.acquirer_terminal_identifier],
  ["transaction_type", (r) => r.transaction_type],
  ["transaction_status", (r) => r.transaction_status],
  ["payment_method", (r) => r.payment_method],
  ["amount", (r) => decimalAmount(r.amount_minor, r.currency)],
  ["amount_minor", (r) => r.amount_minor],
  ["currency", (r) => r.currency],
  ["installments", (r) => r.installments],
  ["authorization_code", (r) => r.authorization_code],
  ["retrieval_reference_number", (r) => r.retrieval_reference_number],
  ["acquirer_response_code", (r) => r.acquirer_response_code],
  // The code in words and, for a denied transaction, its retry class (ABECS Normativo 21).
  [
    "acquirer_response_description",
    (r) => r.acquirer_response_code && describeResponseCode(r.acquirer_response_code).description,
  ],
  ["decline_class", (r) => (r.transaction_status === "denied" ? declineClassOf(r.acquirer_response_code ?? "") : null)],
  ["product_aid", (r) => r.product_aid],
  ["card_brand", (r) => r.card_brand],
  ["card_bin", (r) => r.card_bin],
  ["card_last4", (r) => r.card_last4],
  ["capture_method", (r) => r.capture_method],
];

export const EXPORT_COLUMNS = COLUMNS.map(([header]) => header);

const SELECT = `SELECT e.id, e.created_at, e.updated_at, e.type, e.status, e.failure_reason, e.attempt_count,
  e.merchant_id, e.data->>'merchantTaxId' AS merchant_tax_id, e.terminal_id,
  e.data->>'terminalSerialNumber' AS terminal_serial_number, e.acquirer_name, e.acquirer_merchant_identifier,
  e.acquirer_terminal_identifier, e.data->>'transactionType' AS transaction_type, e.transaction_status, e.payment_method,
  e.data->>'amount' AS amount_minor, e.data->>'currency' AS currency, e.data->>'installments' AS installments,
  e.authorization_code, e.retrieval_reference_number, e.data->>'acquirerResponseCode' AS acquirer_response_code,
  e.data->>'productAid' AS product_aid, e.data#>>'{cardData,cardBrand}' AS card_brand,
  e.data#>>'{cardData,bin}' AS card_bin, e.card_last4, e.data#>>'{cardData,captureMethod}' AS capture_method
  FROM events e`;

const fractionDigits = new Map<string, number>();

/** Minor units as a decimal in the currency's own exponent: 123456 BRL → 1234.56, 500 JPY → 500. */
export function decimalAmount(minor: string | null, currency: string | null): string | null {
  if (minor === null || !/^\d+$/.test(minor)) return minor;
  let digits = currency ? fractionDigits.get(currency) : 2;
  if (digits === undefined && currency) {
    try {
      digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    fractionDigits.set(currency, digits);
  }
  if (!digits) return minor;
  const padded = minor.padStart(digits + 1, "0");
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * One CSV field (RFC 4180), always quoted: Excel in Brazil splits on ";" (the list separator of
 * pt-BR), so a field quoted only for "," would let a ";" inside it start a new cell. Every line
 * of a field (its start, and after each CR, LF or CRLF inside it) that starts with = + - @, a
 * tab or a carriage return is prefixed with ' so that no spreadsheet runs it as a formula
 * (OWASP's CSV injection advice): LibreOffice Calc evaluated "x\n=1+1" when only the field's
 * start was defused. A line already starting with ' gets one more, so the rule reverses exactly:
 * remove one ' from the start of every line that has one.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '""';
  const text = String(value);
  const lines = text.replace(LINE_NEEDING_QUOTE, "$1'");
  const safe = FIELD_NEEDING_QUOTE.test(text) ? `'${lines}` : lines;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A line break (CRLF tried before a lone CR) followed by a formula's first character or '. */
const LINE_NEEDING_QUOTE = /(\r\n|\r|\n)(?=[=+\-@\t'])/g;
/** The field's own start: the same, and a carriage return (which some readers drop). */
const FIELD_NEEDING_QUOTE = /^[=+\-@\t\r']/;

const csvLine = (fields: (string | number | null)[]) => `${fields.map(csvField).join(",")}\r\n`;

function batchQuery(
  query: ExportEventsQuery,
  after: Position | undefined,
  limit: number,
  scope: TenantScope,
): { sql: string; params: unknown[] } {
  const { where, values, order } = eventKeysetWalk(query, after, scope);
  return { sql: `${SELECT} ${where} ORDER BY ${order} LIMIT ${literalLimit(limit)}`, params: values };
}

async function readBatch(
  query: ExportEventsQuery,
  after: Position | undefined,
  limit: number,
  scope: TenantScope,
): Promise<Row[]> {
  const { sql, params } = batchQuery(query, after, limit, scope);
  return (await readSql({ name: eventStatementName("events_export", sql, query), text: sql, values: params })) as Row[];
}

/**
 * The CSV of every event the filter matches (header row first), as a byte stream that reads
 * the next batch only when the previous one was taken (backpressure from the client).
 */
export async function exportEvents(options: {
  caller: Caller;
  query: ExportEventsQuery;
  batchSize?: number;
}): Promise<ReadableStream<Uint8Array>> {
  const scope = tenantScope(options.caller, "read");
  const { query } = options;
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const encoder = new TextEncoder();
  let pending: Row[] | undefined = await readBatch(query, undefined, batchSize, scope);
  let header = true;
  let exported = 0;
  let audited = false;
  // Who exported which filter, and how many rows left the system: recorded once, when the file
  // ends, fails or is abandoned by the client.
  const audit = async (outcome: "complete" | "failed" | "cancelled") => {
    if (audited) return;
    audited = true;
    try {
      await recordAuditEntry(db(), {
        caller: options.caller,
        action: "event.export",
        targetId: "export",
        after: { filters: JSON.parse(JSON.stringify(query)), rows: exported, outcome },
      });
    } catch (error) {
      logger().error({ err: { name: (error as Error).name }, exported }, "events export not audited");
    }
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const rows: Row[] = pending ?? [];
          pending = undefined;
          let text = header ? csvLine(EXPORT_COLUMNS) : "";
          header = false;
          for (const row of rows) text += csvLine(COLUMNS.map(([, value]) => value(row)));
          exported += rows.length;
          if (text) controller.enqueue(encoder.encode(text));
          const last = rows[rows.length - 1];
          if (rows.length < batchSize || !last) {
            // Audited before the file ends, so the entry exists once the client has the file.
            await audit("complete");
            controller.close();
            return;
          }
          // Read the next batch now; the next pull sends it (an empty one ends the file).
          pending = await readBatch(query, { createdAt: last.created_at, id: last.id }, batchSize, scope);
        } catch (error) {
          logger().error(
            { err: { name: (error as Error).name, code: (error as { code?: unknown }).code }, exported },
            "events export failed mid-stream",
          );
          controller.error(error);
          await audit("failed");
        }
      },
      async cancel() {
        await audit("cancelled");
      },
    },
    { highWaterMark: 1 },
  );
}
