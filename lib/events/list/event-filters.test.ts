import { describe, expect, it } from "vitest";
import { ACQUIRER_NAMES, EVENT_STATUSES, PAYMENT_METHODS, TRANSACTION_STATUSES } from "@/lib/events/data-schema";
import {
  ACQUIRER_OPTIONS,
  activeFilterCount,
  EMPTY_FILTERS,
  eventFiltersToApiQuery,
  eventFiltersToSearchParams,
  PAYMENT_METHOD_OPTIONS,
  parseEventFilters,
  STATUS_OPTIONS,
  TRANSACTION_STATUS_OPTIONS,
} from "@/lib/events/list/event-filters";
import { listEventsQuery } from "@/lib/events/list/list-query";

const NOW = Date.parse("2026-11-22T12:00:00.000Z");

describe("event filters", () => {
  it("offers exactly the schema's values", () => {
    expect([...STATUS_OPTIONS].sort()).toEqual([...EVENT_STATUSES].sort());
    // By name, as every provider dropdown lists them.
    expect(ACQUIRER_OPTIONS).toEqual([...ACQUIRER_NAMES].sort());
    expect([...PAYMENT_METHOD_OPTIONS].sort()).toEqual([...PAYMENT_METHODS].sort());
    expect([...TRANSACTION_STATUS_OPTIONS].sort()).toEqual([...TRANSACTION_STATUSES].sort());
  });

  it("reads the page's parameters and writes them back the same", () => {
    const search =
      "status=failed,pending&period=24h&type=payment.completed&merchant_id=m1&terminal_id=t-1&acquirer_name=rede&payment_method=pix&transaction_status=denied&failure_reason=no_matching_credential&q=123456&sort=asc";
    const filters = parseEventFilters(new URLSearchParams(search));
    expect(filters).toEqual({
      status: ["failed", "pending"],
      type: "payment.completed",
      period: "24h",
      from: undefined,
      to: undefined,
      merchantId: "m1",
      terminalId: "t-1",
      acquirer: "rede",
      paymentMethod: "pix",
      transactionStatus: "denied",
      failureReason: "no_matching_credential",
      q: "123456",
      sort: "asc",
    });
    expect(parseEventFilters(eventFiltersToSearchParams(filters))).toEqual(filters);
    expect(activeFilterCount(filters)).toBe(10);
  });

  it("drops values it cannot use instead of failing", () => {
    const filters = parseEventFilters({
      status: "failed,nope,failed",
      period: "5y",
      acquirer_name: "visa",
      merchant_id: "a b",
      from: "yesterday",
      sort: "sideways",
    });
    expect(filters).toMatchObject({ status: ["failed"], period: undefined, acquirer: undefined, merchantId: undefined });
    expect(filters.sort).toBe("desc");
    expect(eventFiltersToSearchParams(EMPTY_FILTERS).toString()).toBe("");
    // Outside the API's years 0001..9999 (lib/validation/instant-range.ts): dropped, not a 400.
    expect(parseEventFilters({ from: "0000-06-01T00:00:00Z", to: "0001-01-01T00:30:00+01:00" })).toMatchObject({
      from: undefined,
      to: undefined,
    });
  });

  it("keeps a response code as the API compares it, and only the decline classes there are", () => {
    expect(parseEventFilters({ response_code: " n7 ", decline_class: "reversible" })).toMatchObject({
      responseCode: "N7",
      declineClass: "reversible",
    });
    expect(parseEventFilters({ response_code: "5 1", decline_class: "maybe" })).toMatchObject({
      responseCode: undefined,
      declineClass: undefined,
    });
    expect(parseEventFilters({ response_code: "00000" }).responseCode).toBeUndefined();
    const filters = { ...EMPTY_FILTERS, responseCode: "51", declineClass: "reversible" as const };
    expect(eventFiltersToSearchParams(filters).toString()).toBe("response_code=51&decline_class=reversible");
    expect(activeFilterCount(filters)).toBe(2);
  });

  it("lets a custom range win over a preset, and refuses an empty one", () => {
    const custom = parseEventFilters({ period: "7d", from: "2026-11-01T03:00:00Z", to: "2026-11-02T03:00:00.000Z" });
    expect(custom).toMatchObject({ period: undefined, from: "2026-11-01T03:00:00.000Z", to: "2026-11-02T03:00:00.000Z" });
    expect(parseEventFilters({ from: "2026-11-02T00:00:00Z", to: "2026-11-01T00:00:00Z" })).toMatchObject({
      from: undefined,
      to: undefined,
    });
  });

  it("makes an API query that the API's own schema accepts", () => {
    for (const search of [
      "",
      "status=processed&period=1h",
      "from=2026-11-01T00:00:00Z&q=ABC123&sort=asc&acquirer_name=stone",
      "response_code=n7&decline_class=irreversible&transaction_status=denied",
    ]) {
      const query = eventFiltersToApiQuery(parseEventFilters(new URLSearchParams(search)), NOW);
      const parsed = listEventsQuery.safeParse(Object.fromEntries(query));
      expect(parsed.success, `${search}: ${parsed.error?.message}`).toBe(true);
    }
    const query = eventFiltersToApiQuery(parseEventFilters({ period: "24h", status: "pending,failed" }), NOW);
    expect(Object.fromEntries(query)).toEqual({
      status: "failed,pending",
      "created_at[gte]": "2026-11-21T12:00:00.000Z",
      sort: "DESC",
    });
  });
});
