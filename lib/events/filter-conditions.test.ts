// The events list prepares one statement per filter combination: the SQL the filter table
// derives must stay the text written by hand before it (recorded here), or every prepared
// statement and plan of a running server would change with a refactoring. Making search forgiving changed the
// searches on purpose (a part of the type, identifiers by their beginning in any case, names
// folded); their new texts are recorded here.
import { describe, expect, it } from "vitest";
import { EVERY_MERCHANT } from "@/lib/auth/tenant-scope";
import { eventKeysetWalk } from "@/lib/events/filter-conditions";
import { listEventsQuery } from "@/lib/events/list-query";

const AFTER = { createdAt: new Date("2026-11-10T00:00:00Z"), id: "abc" };

/** Query string, WHERE clause, and the WHERE clause continuing after AFTER. */
const RECORDED: [Record<string, string>, string, string][] = [
  [{}, "", "WHERE (e.created_at, e.id) < ($1::timestamptz, $2) AND e.created_at <= $1::timestamptz"],
  [
    { status: "failed" },
    "WHERE e.status = $1",
    "WHERE e.status = $1 AND (e.created_at, e.id) < ($2::timestamptz, $3) AND e.created_at <= $2::timestamptz",
  ],
  [
    { status: "FAILED,pending" },
    "WHERE e.status = ANY($1::text[])",
    "WHERE e.status = ANY($1::text[]) AND (e.created_at, e.id) < ($2::timestamptz, $3) AND e.created_at <= $2::timestamptz",
  ],
  [
    { type: "payment.completed", merchant_id: "m1", terminal_id: "t1" },
    "WHERE strpos(lower(e.type), $1) > 0 AND e.merchant_id = $2 AND e.terminal_id = $3",
    "WHERE strpos(lower(e.type), $1) > 0 AND e.merchant_id = $2 AND e.terminal_id = $3 AND (e.created_at, e.id) < ($4::timestamptz, $5) AND e.created_at <= $4::timestamptz",
  ],
  [
    { acquirer_name: "Cielo", transaction_status: "denied", payment_method: "pix", failure_reason: "no_matching_credential" },
    "WHERE e.acquirer_name = $1 AND e.transaction_status = $2 AND e.payment_method = $3 AND e.failure_reason = $4",
    "WHERE e.acquirer_name = $1 AND e.transaction_status = $2 AND e.payment_method = $3 AND e.failure_reason = $4 AND (e.created_at, e.id) < ($5::timestamptz, $6) AND e.created_at <= $5::timestamptz",
  ],
  [
    {
      acquirer_merchant_id: "MID1",
      acquirer_terminal_id: "TID1",
      terminal_serial_number: "SN1",
      merchant_tax_id: "12.345.678/0001-95",
    },
    "WHERE (upper(e.acquirer_merchant_identifier) COLLATE \"C\") >= $1 AND (upper(e.acquirer_merchant_identifier) COLLATE \"C\") < $2 AND (upper(e.acquirer_terminal_identifier) COLLATE \"C\") >= $3 AND (upper(e.acquirer_terminal_identifier) COLLATE \"C\") < $4 AND (upper(e.data->>'terminalSerialNumber') COLLATE \"C\") >= $5 AND (upper(e.data->>'terminalSerialNumber') COLLATE \"C\") < $6 AND upper(regexp_replace(e.data->>'merchantTaxId', '[^0-9A-Za-z]', '', 'g')) = $7",
    "WHERE (upper(e.acquirer_merchant_identifier) COLLATE \"C\") >= $1 AND (upper(e.acquirer_merchant_identifier) COLLATE \"C\") < $2 AND (upper(e.acquirer_terminal_identifier) COLLATE \"C\") >= $3 AND (upper(e.acquirer_terminal_identifier) COLLATE \"C\") < $4 AND (upper(e.data->>'terminalSerialNumber') COLLATE \"C\") >= $5 AND (upper(e.data->>'terminalSerialNumber') COLLATE \"C\") < $6 AND upper(regexp_replace(e.data->>'merchantTaxId', '[^0-9A-Za-z]', '', 'g')) = $7 AND (e.created_at, e.id) < ($8::timestamptz, $9) AND e.created_at <= $8::timestamptz",
  ],
  [
    { merchant_name: "Loja_1%", q: "123456", created_at: "2026-11-20" },
    'WHERE e.merchant_id IN (SELECT m.id FROM merchants m WHERE m.search_name LIKE $1) AND (e.id = $2 OR e.card_last4 = $2 OR ((upper(e.authorization_code) COLLATE "C") >= $3 AND (upper(e.authorization_code) COLLATE "C") < $4) OR ((upper(e.retrieval_reference_number) COLLATE "C") >= $3 AND (upper(e.retrieval_reference_number) COLLATE "C") < $4) OR ((upper(e.acquirer_merchant_identifier) COLLATE "C") >= $3 AND (upper(e.acquirer_merchant_identifier) COLLATE "C") < $4) OR ((upper(e.acquirer_terminal_identifier) COLLATE "C") >= $3 AND (upper(e.acquirer_terminal_identifier) COLLATE "C") < $4) OR ((upper(e.data->>\'terminalSerialNumber\') COLLATE "C") >= $3 AND (upper(e.data->>\'terminalSerialNumber\') COLLATE "C") < $4)) AND e.created_at >= $5::timestamptz AND e.created_at < $6::timestamptz',
    'WHERE e.merchant_id IN (SELECT m.id FROM merchants m WHERE m.search_name LIKE $1) AND (e.id = $2 OR e.card_last4 = $2 OR ((upper(e.authorization_code) COLLATE "C") >= $3 AND (upper(e.authorization_code) COLLATE "C") < $4) OR ((upper(e.retrieval_reference_number) COLLATE "C") >= $3 AND (upper(e.retrieval_reference_number) COLLATE "C") < $4) OR ((upper(e.acquirer_merchant_identifier) COLLATE "C") >= $3 AND (upper(e.acquirer_merchant_identifier) COLLATE "C") < $4) OR ((upper(e.acquirer_terminal_identifier) COLLATE "C") >= $3 AND (upper(e.acquirer_terminal_identifier) COLLATE "C") < $4) OR ((upper(e.data->>\'terminalSerialNumber\') COLLATE "C") >= $3 AND (upper(e.data->>\'terminalSerialNumber\') COLLATE "C") < $4)) AND e.created_at >= $5::timestamptz AND e.created_at < $6::timestamptz AND (e.created_at, e.id) < ($7::timestamptz, $8) AND e.created_at <= $7::timestamptz',
  ],
  [
    { "created_at[gte]": "2026-11-01", "created_at[lt]": "2026-11-20T10:00:00Z", sort: "asc", status: "processed", q: "x" },
    'WHERE e.status = $1 AND (e.id = $2 OR e.card_last4 = $2 OR ((upper(e.authorization_code) COLLATE "C") >= $3 AND (upper(e.authorization_code) COLLATE "C") < $4) OR ((upper(e.retrieval_reference_number) COLLATE "C") >= $3 AND (upper(e.retrieval_reference_number) COLLATE "C") < $4) OR ((upper(e.acquirer_merchant_identifier) COLLATE "C") >= $3 AND (upper(e.acquirer_merchant_identifier) COLLATE "C") < $4) OR ((upper(e.acquirer_terminal_identifier) COLLATE "C") >= $3 AND (upper(e.acquirer_terminal_identifier) COLLATE "C") < $4) OR ((upper(e.data->>\'terminalSerialNumber\') COLLATE "C") >= $3 AND (upper(e.data->>\'terminalSerialNumber\') COLLATE "C") < $4)) AND e.created_at >= $5::timestamptz AND e.created_at < $6::timestamptz',
    'WHERE e.status = $1 AND (e.id = $2 OR e.card_last4 = $2 OR ((upper(e.authorization_code) COLLATE "C") >= $3 AND (upper(e.authorization_code) COLLATE "C") < $4) OR ((upper(e.retrieval_reference_number) COLLATE "C") >= $3 AND (upper(e.retrieval_reference_number) COLLATE "C") < $4) OR ((upper(e.acquirer_merchant_identifier) COLLATE "C") >= $3 AND (upper(e.acquirer_merchant_identifier) COLLATE "C") < $4) OR ((upper(e.acquirer_terminal_identifier) COLLATE "C") >= $3 AND (upper(e.acquirer_terminal_identifier) COLLATE "C") < $4) OR ((upper(e.data->>\'terminalSerialNumber\') COLLATE "C") >= $3 AND (upper(e.data->>\'terminalSerialNumber\') COLLATE "C") < $4)) AND e.created_at >= $5::timestamptz AND e.created_at < $6::timestamptz AND (e.created_at, e.id) > ($7::timestamptz, $8) AND e.created_at >= $7::timestamptz',
  ],
  [
    { "created_at[gt]": "2026-11-01T00:00:00Z", "created_at[lte]": "2026-11-20", merchant_name: "ab" },
    "WHERE e.merchant_id IN (SELECT m.id FROM merchants m WHERE m.search_name LIKE $1) AND e.created_at >= $2::timestamptz AND e.created_at < $3::timestamptz",
    "WHERE e.merchant_id IN (SELECT m.id FROM merchants m WHERE m.search_name LIKE $1) AND e.created_at >= $2::timestamptz AND e.created_at < $3::timestamptz AND (e.created_at, e.id) < ($4::timestamptz, $5) AND e.created_at <= $4::timestamptz",
  ],
];

describe("the events filter's SQL", () => {
  it.each(RECORDED)("%j", (search, where, whereAfter) => {
    const query = listEventsQuery.parse(search);
    expect(eventKeysetWalk(query, undefined, EVERY_MERCHANT).where).toBe(where);
    expect(eventKeysetWalk(query, AFTER, EVERY_MERCHANT).where).toBe(whereAfter);
  });
});
