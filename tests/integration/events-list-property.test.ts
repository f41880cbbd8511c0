// Property: for any query string, GET /v1/webhooks/events never answers 500; a 400 names every
// bad parameter; a 200 holds only events that satisfy every filter, in the asked order.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as list } from "@/app/v1/webhooks/events/route";
import { ACQUIRER_NAMES, PAYMENT_METHODS, TRANSACTION_STATUSES } from "@/lib/events/data-schema";
import { call, userWithTokens } from "../support/api";
import { ingestEvents, setCreatedAt } from "../support/events";
import { runOnOwnDatabase } from "../support/own-database";

// Its property holds for every event a page returns: other files' events (a partitions test
// moving an event between months, hand-made rows) must not be among them.
runOnOwnDatabase("pic_list_property");

type Param = { name: string; value: string; valid: boolean };
type Event = { id: string; createdAt: string; type: string; status: string; data: Record<string, any> };

let token: string;
const merchants = ["prop-m-1", "prop-m-2"];

beforeAll(async () => {
  token = (await userWithTokens("viewer")).accessToken;
  const ingester = (await userWithTokens("ingest")).accessToken;
  const ids = await ingestEvents(ingester, 40, (i) => ({
    merchantId: merchants[i % 2],
    terminalId: `prop-t-${i % 3}`,
    acquirerName: ACQUIRER_NAMES[i % ACQUIRER_NAMES.length],
    transactionStatus: "approved",
  }));
  await setCreatedAt(ids, (i) => new Date(Date.UTC(2026, 5, 1 + (i % 5), i % 24, i)));
});

const day = fc
  .date({ min: new Date(Date.UTC(2026, 4, 25)), max: new Date(Date.UTC(2026, 5, 10)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const instant = fc.oneof(
  day,
  fc
    .date({ min: new Date(Date.UTC(2026, 4, 25)), max: new Date(Date.UTC(2026, 5, 10)), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom("2026-06-02T10:00:00-03:00", "2026-06-03T00:00:00+05:30"),
);

const valid: Record<string, fc.Arbitrary<string>> = {
  status: fc.subarray(["pending", "failed", "processed"], { minLength: 1 }).map((s) => s.join(",")),
  type: fc.constantFrom("payment.completed", "payment.other"),
  created_at: day,
  "created_at[gte]": instant,
  "created_at[gt]": instant,
  "created_at[lte]": instant,
  "created_at[lt]": instant,
  merchant_id: fc.constantFrom(...merchants, "prop-m-none"),
  terminal_id: fc.constantFrom("prop-t-0", "prop-t-1", "prop-t-2"),
  acquirer_name: fc.constantFrom(...ACQUIRER_NAMES),
  transaction_status: fc.constantFrom(...TRANSACTION_STATUSES),
  payment_method: fc.constantFrom(...PAYMENT_METHODS),
  q: fc.stringMatching(/^[A-Z0-9]{4,12}$/),
  limit: fc.integer({ min: 1, max: 100 }).map(String),
  order_by: fc.constant("created_at"),
  sort: fc.constantFrom("asc", "desc", "ASC", "DESC", "Desc"),
};

const invalid: Record<string, fc.Arbitrary<string>> = {
  status: fc.constantFrom("done", "failed,", "FAILED;", "pending;processed", ""),
  created_at: fc.constantFrom("2026-02-30", "yesterday", "2026-6-1", "2026-06-01T00:00:00Z"),
  "created_at[gte]": fc.constantFrom("2026-06-01T10:00:00", "soon", "2026-13-01"),
  "created_at[lt]": fc.constantFrom("1700000000", "2026/06/01"),
  acquirer_name: fc.constantFrom("visa", "CIELO ", ""),
  transaction_status: fc.constantFrom("ok", "Approved!"),
  payment_method: fc.constantFrom("cash", "pix "),
  limit: fc.constantFrom("0", "101", "abc", "-1", "1e2", "2.5", "", "1000"),
  order_by: fc.constantFrom("amount", "id", "CREATED_AT"),
  sort: fc.constantFrom("up", "", "ascending"),
  unexpected: fc.constantFrom("1", "x"),
  merchant_id: fc.constant("m".repeat(65)),
};

const param: fc.Arbitrary<Param> = fc.oneof(
  fc.constantFrom(...Object.keys(valid)).chain((name) => valid[name]!.map((value) => ({ name, value, valid: true }))),
  fc.constantFrom(...Object.keys(invalid)).chain((name) => invalid[name]!.map((value) => ({ name, value, valid: false }))),
);

const DAY = 86_400_000;
function rangeOf(params: Param[]) {
  let from = -Infinity;
  let to = Infinity;
  const start = (v: string) => (v.length === 10 ? Date.parse(`${v}T00:00:00Z`) : Date.parse(v));
  const end = (v: string) => start(v) + (v.length === 10 ? DAY : 1);
  for (const { name, value } of params) {
    if (name === "created_at") {
      from = Math.max(from, start(value));
      to = Math.min(to, end(value));
    }
    if (name === "created_at[gte]") from = Math.max(from, start(value));
    if (name === "created_at[gt]") from = Math.max(from, end(value));
    if (name === "created_at[lt]") to = Math.min(to, start(value));
    if (name === "created_at[lte]") to = Math.min(to, end(value));
  }
  return { from, to };
}

/** What each exact filter compares: the test's own reading of the API's rules. */
const EXACT: Record<string, (event: Event) => unknown> = {
  type: (event) => event.type,
  merchant_id: (event) => event.data.merchantId,
  terminal_id: (event) => event.data.terminalId,
  acquirer_name: (event) => event.data.acquirerName,
  transaction_status: (event) => event.data.transactionStatus,
  payment_method: (event) => event.data.paymentMethod,
};

function satisfies(event: Event, p: Param, params: Param[]): boolean {
  const d = event.data;
  if (p.name === "status") return p.value.split(",").includes(event.status);
  if (p.name === "q") return [event.id, d.authorizationCode, d.retrievalReferenceNumber, d.cardData?.last4].includes(p.value);
  const exact = EXACT[p.name];
  if (exact) return exact(event) === p.value;
  const { from, to } = rangeOf(params);
  const t = Date.parse(event.createdAt);
  return t >= from && t < to;
}

describe("GET /v1/webhooks/events, any query string", () => {
  it("never fails, names every bad parameter, and keeps every filter", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(param, { selector: (p) => p.name, maxLength: 5 }), async (params) => {
        const qs = params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`).join("&");
        const res = await call(list, `/v1/webhooks/events?${qs}`, { token });
        expect(res.status).not.toBeGreaterThanOrEqual(500);
        const bad = params.filter((p) => !p.valid).map((p) => p.name);
        if (bad.length > 0) {
          expect(res.status).toBe(400);
          const named = res.json.errors.map((e: { field: string }) => e.field);
          for (const name of bad) expect(named).toContain(name);
          return;
        }
        const { from, to } = rangeOf(params);
        if (from >= to) {
          // An inverted or empty created_at range is refused, naming every bound given.
          expect(res.status).toBe(400);
          const bounds = params.filter((p) => p.name.startsWith("created_at")).map((p) => p.name);
          expect(res.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(bounds.sort());
          return;
        }
        expect(res.status).toBe(200);
        const limit = Number(params.find((p) => p.name === "limit")?.value ?? 20);
        const events: Event[] = res.json.data;
        expect(events.length).toBeLessThanOrEqual(limit);
        for (const event of events)
          for (const p of params) expect(satisfies(event, p, params), `${p.name}=${p.value}`).toBe(true);
        const asc = params.find((p) => p.name === "sort")?.value.toLowerCase() === "asc";
        const keys = events.map((e) => `${e.createdAt}|${e.id}`);
        const sorted = [...keys].sort();
        expect(keys).toEqual(asc ? sorted : sorted.reverse());
      }),
      { numRuns: 200, seed: 20261122 },
    );
  });
});
