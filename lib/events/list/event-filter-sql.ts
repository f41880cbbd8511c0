// The SQL condition of each events filter, the server's half of the filter table
// (event-filter-table.ts declares the names, what the API takes, the words and the dashboard's
// side, and ships to the browser; this file does not). Keyed by the same names: a filter
// declared there without a condition here, or a condition here for no filter, fails to compile.
// filter-conditions.ts writes the WHERE clause from it.
import "server-only";
import type { EventFilterName } from "@/lib/events/list/event-filter-table";

/**
 * The condition a filter adds: `equals` an expression (a status list: `= ANY`), `nameContains`
 * the merchants whose name holds it (accents and case aside), `period` the created_at bounds,
 * which make one range together; `startsWith` an indexed upper(...) COLLATE "C" expression
 * beginning with the value in any case (a range over that index), `contains` an expression
 * holding the value in any case, `search` one of several expressions equal to the value or
 * beginning with it, `declineClass` a declined transaction whose response code (the expression)
 * is of the value's class in the ABECS table (unknown: a code the table lacks, or none).
 */
export type SqlCondition =
  | { equals: string }
  | { nameContains: true }
  | { period: true }
  | { startsWith: string }
  | { contains: string }
  | { search: { equals: readonly string[]; startsWith: readonly string[] } }
  | { declineClass: string };

// Expressions with an index of their own (migrations *_partner_identifier_indexes,
// *_forgiving_search and *_response_code_index): the same text here. The identifiers are
// compared upper-cased in byte order, so that a beginning in any case is one range of their index.
const MID = `(upper(e.acquirer_merchant_identifier) COLLATE "C")`;
const TID = `(upper(e.acquirer_terminal_identifier) COLLATE "C")`;
const SERIAL_NUMBER = `(upper(e.data->>'terminalSerialNumber') COLLATE "C")`;
const AUTHORIZATION_CODE = `(upper(e.authorization_code) COLLATE "C")`;
const RRN = `(upper(e.retrieval_reference_number) COLLATE "C")`;
const TAX_ID = "upper(regexp_replace(e.data->>'merchantTaxId', '[^0-9A-Za-z]', '', 'g'))";
/**
 * The response code upper-cased (codes are sent in any case, the ABECS table holds them so), in
 * byte order: decline_class=unknown reads the ranges between the table's codes.
 */
const RESPONSE_CODE = `(upper(e.data->>'acquirerResponseCode') COLLATE "C")`;

/**
 * Every filter's condition. The selective filters (status, merchant, terminal, the acquirer's
 * MID and TID, serial number, tax id, response code) have a (expression, created_at, id) index;
 * the ones with a handful of values walk (created_at, id).
 */
export const EVENT_FILTER_SQL = {
  status: { equals: "e.status" },
  type: { contains: "e.type" },
  created_at: { period: true },
  "created_at[gte]": { period: true },
  "created_at[gt]": { period: true },
  "created_at[lte]": { period: true },
  "created_at[lt]": { period: true },
  merchant_id: { equals: "e.merchant_id" },
  terminal_id: { equals: "e.terminal_id" },
  acquirer_name: { equals: "e.acquirer_name" },
  transaction_status: { equals: "e.transaction_status" },
  payment_method: { equals: "e.payment_method" },
  failure_reason: { equals: "e.failure_reason" },
  owner_merchant_id: { equals: "e.owner_merchant_id" },
  acquirer_merchant_id: { startsWith: MID },
  acquirer_terminal_id: { startsWith: TID },
  terminal_serial_number: { startsWith: SERIAL_NUMBER },
  merchant_tax_id: { equals: TAX_ID },
  merchant_name: { nameContains: true },
  q: { search: { equals: ["e.id", "e.card_last4"], startsWith: [AUTHORIZATION_CODE, RRN, MID, TID, SERIAL_NUMBER] } },
  response_code: { equals: RESPONSE_CODE },
  decline_class: { declineClass: RESPONSE_CODE },
} as const satisfies Record<EventFilterName, SqlCondition>;
