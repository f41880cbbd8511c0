// Every filter of the events list, by what it selects: a handful of events that differ in each
// filtered field, stored in a database of this file's own, then each filter (alone, and with
// others) asked of the list, its count and a walk page by page, and the events that come back
// compared with the ones it should select. The SQL each filter writes is free to change; what it
// selects is not. The filters' 400s are events-list.test.ts's.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as countEvents } from "@/app/v1/webhooks/events/count/route";
import { GET as listEvents } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import type { EventDataInput } from "@/lib/events/data-schema";
import { accessTokensOf, call } from "../support/api";
import { ingestEvents, setCreatedAt } from "../support/events";
import { runOnOwnDatabase } from "../support/own-database";

// "Every event the list returns" must be this file's events only.
runOnOwnDatabase("events_filters");

type Fixture = {
  data: Partial<EventDataInput>;
  at: string;
  status: "processed" | "failed" | "pending";
  failureReason: string | null;
};

const FIXTURES = {
  a: {
    data: {
      merchantId: "merch-azul",
      terminalId: "term-a1",
      acquirerName: "cielo",
      paymentMethod: "credit_card",
      transactionStatus: "approved",
      acquirerResponseCode: "00",
      acquirerMerchantIdentifier: "MAZ1001",
      acquirerTerminalIdentifier: "TAZ01",
      terminalSerialNumber: "SNAZ77",
      merchantTaxId: "11.222.333/0001-81",
      authorizationCode: "AZ0001",
      retrievalReferenceNumber: "RRNAZ1",
    },
    at: "2026-11-20T10:00:00.000Z",
    status: "processed",
    failureReason: null,
  },
  b: {
    data: {
      merchantId: "merch-verde",
      terminalId: "term-b1",
      acquirerName: "rede",
      paymentMethod: "debit_card",
      transactionStatus: "denied",
      acquirerResponseCode: "51",
      acquirerMerchantIdentifier: "MVE2002",
      acquirerTerminalIdentifier: "TVE02",
      terminalSerialNumber: "SNVE88",
      merchantTaxId: "22333444000190",
      authorizationCode: null,
      retrievalReferenceNumber: "RRNVE2",
    },
    at: "2026-11-20T23:30:00.000Z",
    status: "failed",
    failureReason: "no_matching_credential",
  },
  c: {
    data: {
      merchantId: "merch-verde",
      terminalId: "term-c1",
      acquirerName: "stone",
      paymentMethod: "credit_card",
      transactionStatus: "denied",
      acquirerResponseCode: "14",
      acquirerMerchantIdentifier: "MVE2099",
      acquirerTerminalIdentifier: "TVE03",
      terminalSerialNumber: "SNVE99",
      merchantTaxId: "22333444000190",
      authorizationCode: null,
      retrievalReferenceNumber: "RRNVE3",
    },
    at: "2026-11-21T01:00:00.000Z",
    status: "failed",
    failureReason: "credential_disabled",
  },
  // A letter code in lower case, as a sender may write it: N7 (irreversible) all the same.
  d: {
    data: {
      merchantId: "merch-sala",
      terminalId: "term-d1",
      acquirerName: "getnet",
      paymentMethod: "credit_card",
      transactionStatus: "denied",
      acquirerResponseCode: "n7",
      acquirerMerchantIdentifier: "MSA3003",
      acquirerTerminalIdentifier: "TSA04",
      terminalSerialNumber: "SNSA11",
      merchantTaxId: "33444555000102",
      authorizationCode: null,
      retrievalReferenceNumber: "RRNSA4",
    },
    at: "2026-11-19T12:00:00.000Z",
    status: "failed",
    failureReason: "no_matching_credential",
  },
  // A code the ABECS table lacks (Stone's ISO 8583 form): an unknown decline.
  e: {
    data: {
      merchantId: "merch-sala",
      terminalId: "term-e1",
      acquirerName: "stone",
      paymentMethod: "credit_card",
      transactionStatus: "denied",
      acquirerResponseCode: "1016",
      acquirerMerchantIdentifier: "MSA3004",
      acquirerTerminalIdentifier: "TSA05",
      terminalSerialNumber: "SNSA22",
      merchantTaxId: "33444555000102",
      authorizationCode: null,
      retrievalReferenceNumber: "RRNSA5",
    },
    at: "2026-11-18T08:00:00.000Z",
    status: "pending",
    failureReason: null,
  },
  // Declined without a code: unknown too. Approved with the same unknown code as e: no decline.
  f: {
    data: {
      merchantId: "merch-outra",
      terminalId: "term-f1",
      acquirerName: "pagseguro",
      paymentMethod: "pix",
      transactionStatus: "denied",
      acquirerResponseCode: null,
      cardData: null,
      productAid: null,
      acquirerMerchantIdentifier: "MOU5005",
      acquirerTerminalIdentifier: "TOU06",
      terminalSerialNumber: "SNOU33",
      merchantTaxId: "44555666000113",
      authorizationCode: null,
      retrievalReferenceNumber: "RRNOU6",
    },
    at: "2026-11-17T08:00:00.000Z",
    status: "processed",
    failureReason: null,
  },
  g: {
    data: {
      merchantId: "merch-outra",
      terminalId: "term-g1",
      acquirerName: "stone",
      paymentMethod: "credit_card",
      transactionStatus: "approved",
      acquirerResponseCode: "1016",
      acquirerMerchantIdentifier: "MOU5006",
      acquirerTerminalIdentifier: "TOU07",
      terminalSerialNumber: "SNOU44",
      merchantTaxId: "44555666000113",
      authorizationCode: "OU0007",
      retrievalReferenceNumber: "RRNOU7",
    },
    at: "2026-11-16T08:00:00.000Z",
    status: "processed",
    failureReason: null,
  },
  // Declined with the approval's code (a sender's mistake): of no class (the table knows 00).
  h: {
    data: {
      merchantId: "merch-outra",
      terminalId: "term-h1",
      acquirerName: "safrapay",
      paymentMethod: "debit_card",
      transactionStatus: "denied",
      acquirerResponseCode: "00",
      acquirerMerchantIdentifier: "MOU5008",
      acquirerTerminalIdentifier: "TOU08",
      terminalSerialNumber: "SNOU55",
      merchantTaxId: "44555666000113",
      authorizationCode: null,
      retrievalReferenceNumber: "RRNOU8",
    },
    at: "2026-11-15T08:00:00.000Z",
    status: "processed",
    failureReason: null,
  },
} satisfies Record<string, Fixture>;

type Key = keyof typeof FIXTURES;
const KEYS = Object.keys(FIXTURES) as Key[];
/** Every key, newest first (the list's default order). */
const NEWEST_FIRST = [...KEYS].sort((x, y) => Date.parse(FIXTURES[y].at) - Date.parse(FIXTURES[x].at));

const ids = {} as Record<Key, string>;
let reader: string;

beforeAll(async () => {
  const { viewer, ingest } = await accessTokensOf(["viewer", "ingest"]);
  reader = viewer;
  for (const key of KEYS) {
    const fixture: Fixture = FIXTURES[key];
    const [id] = await ingestEvents(ingest, 1, () => fixture.data);
    ids[key] = id as string;
    await setCreatedAt([id as string], () => new Date(fixture.at));
    // The outcome as the filters see it (ingestion decides on arrival; no credential matches here).
    await db()
      .$executeRaw`UPDATE events SET status = ${fixture.status}, failure_reason = ${fixture.failureReason} WHERE id = ${id}`;
  }
  // Registered merchants, for merchant_name: "Sala_1%" holds the LIKE pattern's letters.
  const merchants = { "merch-azul": "Salão Azul", "merch-verde": "Ótica Verde", "merch-sala": "Sala_1% Ltda" };
  for (const [i, [id, name]] of Object.entries(merchants).entries()) {
    await db().merchant.create({ data: { id, name, taxId: `9000000000000${i}` } });
  }
});

/** The keys of the events the list answers for `query`, in its order. */
async function listed(query: string): Promise<Key[]> {
  const res = await call(listEvents, `/v1/webhooks/events?${query}&limit=100`, { token: reader });
  expect(res.status, res.text).toBe(200);
  return (res.json.data as { id: string }[]).map(({ id }) => keyOf(id));
}

function keyOf(id: string): Key {
  const key = KEYS.find((k) => ids[k] === id);
  if (!key) throw new Error(`an event this file did not store: ${id}`);
  return key;
}

const newestFirst = (keys: Key[]) => NEWEST_FIRST.filter((key) => keys.includes(key));

/** A query string and the events it selects. */
const CASES: [query: Record<string, string>, selects: Key[]][] = [
  [{}, KEYS],
  [{ status: "failed" }, ["b", "c", "d"]],
  [{ status: "FAILED,pending" }, ["b", "c", "d", "e"]],
  [{ status: "processed,failed,pending" }, KEYS],
  [{ type: "Payment.Comp" }, KEYS],
  [{ type: "refund" }, []],
  [{ merchant_id: "merch-verde" }, ["b", "c"]],
  [{ merchant_id: "merch-verde", terminal_id: "term-c1" }, ["c"]],
  [{ merchant_id: "merch" }, []],
  [{ acquirer_name: "Stone" }, ["c", "e", "g"]],
  [{ acquirer_name: "stone", transaction_status: "denied" }, ["c", "e"]],
  [{ payment_method: "pix" }, ["f"]],
  [{ transaction_status: "denied" }, ["b", "c", "d", "e", "f", "h"]],
  [{ acquirer_name: "cielo", transaction_status: "denied", payment_method: "pix" }, []],
  [{ failure_reason: "no_matching_credential" }, ["b", "d"]],
  [{ failure_reason: "credential_disabled,no_matching_credential" }, ["b", "c", "d"]],
  [{ owner_merchant_id: "merch-sala" }, ["d", "e"]],
  // The acquirer's identifiers by their beginning, any case; a beginning, not a middle.
  [{ acquirer_merchant_id: "mve20" }, ["b", "c"]],
  [{ acquirer_merchant_id: "MVE2099" }, ["c"]],
  [{ acquirer_merchant_id: "VE20" }, []],
  [{ acquirer_terminal_id: "tsa" }, ["d", "e"]],
  [{ terminal_serial_number: "snou" }, ["f", "g", "h"]],
  [{ acquirer_merchant_id: "M", acquirer_terminal_id: "T", terminal_serial_number: "SNVE9" }, ["c"]],
  // The tax id with or without its mask, whichever way it was sent.
  [{ merchant_tax_id: "11222333000181" }, ["a"]],
  [{ merchant_tax_id: "22.333.444/0001-90" }, ["b", "c"]],
  // A part of the registered name, accents and case aside; % and _ are letters.
  [{ merchant_name: "salao" }, ["a"]],
  [{ merchant_name: "ÓTICA VER" }, ["b", "c"]],
  [{ merchant_name: "Sala_1%" }, ["d", "e"]],
  [{ merchant_name: "Sala%" }, []],
  [{ merchant_name: "sala" }, ["a", "d", "e"]],
  // q: the id or last 4 exactly, or the beginning of the authorization code, RRN, MID, TID or serial number.
  [{ q: "az00" }, ["a"]],
  [{ q: "rrnsa" }, ["d", "e"]],
  [{ q: "MOU500" }, ["f", "g", "h"]],
  [{ q: "tve0" }, ["b", "c"]],
  [{ q: "snsa2" }, ["e"]],
  [{ q: "zz" }, []],
  // The period: a UTC day, and the range forms with a day or an instant.
  [{ created_at: "2026-11-20" }, ["a", "b"]],
  [{ "created_at[gte]": "2026-11-19", "created_at[lt]": "2026-11-20T23:00:00Z" }, ["a", "d"]],
  [{ "created_at[gt]": "2026-11-18T08:00:00Z", "created_at[lte]": "2026-11-20" }, ["a", "b", "d"]],
  [{ "created_at[gt]": "2026-11-20" }, ["c"]],
  [{ "created_at[lt]": "2026-11-18" }, ["f", "g", "h"]],
  // Why the acquirer declined: the code exactly in any case, and the class of declined codes.
  [{ response_code: "51" }, ["b"]],
  [{ response_code: "N7" }, ["d"]],
  [{ response_code: "n7" }, ["d"]],
  [{ response_code: "1016" }, ["e", "g"]],
  [{ response_code: "00" }, ["a", "h"]],
  [{ response_code: "5" }, []],
  [{ decline_class: "reversible" }, ["b"]],
  [{ decline_class: "IRREVERSIBLE" }, ["c", "d"]],
  [{ decline_class: "unknown" }, ["e", "f"]],
  [{ decline_class: "unknown", status: "pending" }, ["e"]],
  [{ decline_class: "reversible", response_code: "14" }, []],
  // Several at once: every one holds.
  [{ status: "failed", merchant_name: "verde", q: "rrnve3", created_at: "2026-11-21", acquirer_name: "stone" }, ["c"]],
];

describe("what each events filter selects", () => {
  it.each(CASES)("%j", async (query, selects) => {
    const search = new URLSearchParams(query).toString();
    expect(await listed(search)).toEqual(newestFirst(selects));
    expect(await listed(`${search}&sort=asc`)).toEqual(newestFirst(selects).reverse());
    const count = await call(countEvents, `/v1/webhooks/events/count?${search}`, { token: reader });
    expect(count.json).toEqual({ count: selects.length, capped: false });
  });

  it("puts every decline in one class, but one that carries the approval's code", async () => {
    const classes = await Promise.all(["reversible", "irreversible", "unknown"].map((c) => listed(`decline_class=${c}`)));
    const approvalCode = await listed("transaction_status=denied&response_code=00");
    expect([...classes.flat(), ...approvalCode].sort()).toEqual((await listed("transaction_status=denied")).sort());
  });

  it("walks a filter's events page by page, each once, in the list's order", async () => {
    for (const [query, selects] of CASES.filter(([, keys]) => keys.length > 2)) {
      for (const sort of ["desc", "asc"]) {
        const seen: Key[] = [];
        let cursor: string | null = null;
        do {
          const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
          const res = await call(listEvents, `/v1/webhooks/events?${new URLSearchParams(query)}&sort=${sort}&limit=2${after}`, {
            token: reader,
          });
          expect(res.status, res.text).toBe(200);
          seen.push(...(res.json.data as { id: string }[]).map(({ id }) => keyOf(id)));
          cursor = res.json.metadata.cursor;
        } while (cursor);
        const expected = newestFirst(selects);
        expect(seen).toEqual(sort === "desc" ? expected : expected.reverse());
      }
    }
  });
});
