// The generated demo data: valid against the seed's schema, consistent across fields, and
// shaped like the product asks (statuses, timeline, Brazilian identifiers).
import { describe, expect, it } from "vitest";
import { describeResponseCode } from "@/lib/declines/abecs-codes";
import { ACQUIRER_SHARES } from "@/lib/demo/acquirer-identifiers";
import { CREDIT_SCHEMES, DEBIT_SCHEMES } from "@/lib/demo/card-schemes";
import { DAY_MS } from "@/lib/demo/demo-model";
import { generateDemoNetwork } from "@/lib/demo/demo-network";
import { type DemoEvent, generateDemoEvents } from "@/lib/demo/generate-events";
import { eventDataSchema } from "@/lib/events/data-schema";
import { dedupKeyOf } from "@/lib/events/ingest/event-columns";
import { isValidCnpj } from "@/lib/merchants/cnpj";

const NOW = Date.parse("2026-11-22T15:00:00Z");
const COUNT = 20_000;

function sequentialIds() {
  let n = 0;
  // Time-prefixed like an XID (20 characters of [0-9a-v]), unique by a counter.
  return (ms: number) =>
    Math.floor(ms / 1000)
      .toString(32)
      .padStart(7, "0") + (n++).toString(32).padStart(13, "0");
}

function generate(seed: number, merchants = 60, count = COUNT) {
  const idAt = sequentialIds();
  const network = generateDemoNetwork({ seed, merchants, now: NOW, idAt });
  const events = [...generateDemoEvents(network, { seed, count, now: NOW, idAt, batchSize: 1_000 })];
  return { network, batches: events, events: events.flat() };
}

const { network, batches, events } = generate(42);
const data = events.map((e) => e.data);
const share = (predicate: (e: DemoEvent) => boolean) => events.filter(predicate).length / events.length;
const KNOWN_AIDS = new Set([...CREDIT_SCHEMES, ...DEBIT_SCHEMES].flatMap(([s]) => [...s.creditAids, ...s.debitAids]));

describe("demo events", () => {
  it("come in batches, as many as asked", () => {
    expect(events).toHaveLength(COUNT);
    expect(batches).toHaveLength(COUNT / 1_000);
    expect(new Set(events.map((e) => e.id)).size).toBe(COUNT);
  });

  it("each carry a Data object that eventDataSchema accepts as it is", () => {
    const refused = data.flatMap((d) => {
      const result = eventDataSchema.safeParse(d);
      return result.success ? [] : [{ issues: result.error.issues, data: d }];
    });
    expect(refused).toEqual([]);
    // Nothing left to default: the stored data already holds every key.
    expect(eventDataSchema.parse(data[0])).toEqual(data[0]);
    expect(data.every((d) => Object.keys(d).length === Object.keys(eventDataSchema.parse(d)).length)).toBe(true);
  });

  it("keep card data and AIDs off pix, and installments on credit only", () => {
    const wrong = data.filter(
      (d) =>
        (d.paymentMethod === "pix" ? d.cardData !== null || d.productAid !== null : d.cardData === null) ||
        (d.installments === null
          ? d.installmentInterest !== null
          : d.paymentMethod !== "credit_card" ||
            d.installments < 2 ||
            d.installments > 12 ||
            typeof d.installmentInterest !== "boolean"),
    );
    expect(wrong).toEqual([]);
    const credit = data.filter((d) => d.paymentMethod === "credit_card");
    expect(credit.some((d) => d.installments !== null && d.installmentInterest)).toBe(true);
    expect(credit.some((d) => d.installments !== null && !d.installmentInterest)).toBe(true);
  });

  it("give authorization codes to approved transactions only, with ABECS response codes", () => {
    const wrong = data.filter(
      (d) =>
        (d.authorizationCode !== null) !== (d.transactionStatus === "approved") ||
        (d.transactionStatus === "approved" && d.acquirerResponseCode !== "00") ||
        // A refusal's code is one the ABECS table classes as a decline.
        (d.transactionStatus === "denied" &&
          !["reversible", "irreversible"].includes(describeResponseCode(d.acquirerResponseCode ?? "").class)) ||
        (d.transactionStatus === "pending" && d.acquirerResponseCode !== null),
    );
    expect(wrong).toEqual([]);
    const declines = new Set(data.filter((d) => d.transactionStatus === "denied").map((d) => d.acquirerResponseCode));
    for (const code of ["05", "51", "55"]) expect(declines).toContain(code);
  });

  it("use real EMV AIDs for chip and contactless, none for magstripe or keyed cards", () => {
    const wrong = data.filter((d) => {
      if (!d.cardData) return false;
      const emv = d.cardData.captureMethod === "chip" || d.cardData.captureMethod === "contactless";
      return emv ? !KNOWN_AIDS.has(d.productAid ?? "") : d.productAid !== null;
    });
    expect(wrong).toEqual([]);
    const aids = new Set(data.map((d) => d.productAid));
    for (const aid of ["A0000000031010", "A0000000041010", "A00000002501", "A0000001523010"]) expect(aids).toContain(aid);
  });

  it("never repeat a notification (acquirer, MID, TID, RRN)", () => {
    const keys = data.map(dedupKeyOf).filter((k) => k !== null);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(COUNT * 0.97);
  });

  it("mix payment methods and amounts like Brazilian shops, in BRL cents", () => {
    const byMethod = (m: string) => share((e) => e.data.paymentMethod === m);
    expect(byMethod("credit_card")).toBeGreaterThan(0.35);
    expect(byMethod("debit_card")).toBeGreaterThan(0.2);
    expect(byMethod("pix")).toBeGreaterThan(0.1);
    const amounts = data.map((d) => d.amount).sort((a, b) => a - b);
    expect(amounts[0]).toBeGreaterThanOrEqual(100);
    expect(amounts[Math.floor(amounts.length / 2)]).toBeGreaterThan(1_000);
    expect(amounts[Math.floor(amounts.length / 2)]).toBeLessThan(50_000);
    expect(data.every((d) => d.currency === "BRL")).toBe(true);
  });

  it("report terminals in Brazil, over wifi or mobile networks with Brazilian SIMs", () => {
    const odd = data
      .map((d) => d.terminalData)
      .filter((t) => t !== null)
      .filter(
        (t) =>
          (t.latitude !== null && !(t.latitude > -34 && t.latitude < 6)) ||
          (t.longitude !== null && !(t.longitude > -74 && t.longitude < -34)) ||
          (t.simSerialNumber !== null && !/^8955\d{16}$/.test(t.simSerialNumber)) ||
          (t.navigationMethod === "wifi" && t.networkSsid === null) ||
          (t.ipAddress !== null && !/^(10|192\.168)\./.test(t.ipAddress)),
      );
    expect(odd).toEqual([]);
    const methods = new Set(data.map((d) => d.terminalData?.navigationMethod));
    expect(data.every((d) => d.terminalData !== null)).toBe(true);
    for (const m of ["wifi", "4g", "5g"]) expect(methods).toContain(m);
  });

  it("are processed when the terminal has an enabled credential, failed otherwise, the newest pending", () => {
    const terminalById = new Map(network.terminals.map((t) => [t.id, t]));
    const pending = events.filter((e) => e.status === "pending");
    expect(pending.length).toBe(Math.round(COUNT * 0.015));
    const newest = events.slice(-pending.length);
    expect(newest.every((e) => e.status === "pending" && e.attempt === null && e.updatedAt === e.createdAt)).toBe(true);

    const inconsistent = events.slice(0, -pending.length).filter((e) => {
      const { match } = terminalById.get(e.data.terminalId)!;
      const reason = { enabled: null, disabled: "credential_disabled", missing: "no_matching_credential" }[match.state];
      const a = e.attempt;
      const c = match.credential;
      return !(
        e.failureReason === reason &&
        e.status === (reason ? "failed" : "processed") &&
        a?.outcome === e.status &&
        a.failureReason === reason &&
        a.trigger === "worker" &&
        a.credentialId === (c?.id ?? null) &&
        a.startedAt > e.createdAt &&
        e.updatedAt === a.finishedAt &&
        // EMV credentials name the TID; the gateway's (PagSeguro) covers all the merchant's terminals.
        (!c ||
          (c.acquirer === e.data.acquirerName &&
            c.acquirerMerchantIdentifier === e.data.acquirerMerchantIdentifier &&
            c.acquirerTerminalIdentifier === (c.acquirer === "pagseguro" ? "" : e.data.acquirerTerminalIdentifier)))
      );
    });
    expect(inconsistent).toEqual([]);
    const missing = share((e) => e.failureReason === "no_matching_credential");
    const disabled = share((e) => e.failureReason === "credential_disabled");
    expect(missing).toBeGreaterThan(0.02);
    expect(missing).toBeLessThan(0.08);
    expect(disabled).toBeGreaterThan(0.003);
    expect(disabled).toBeLessThan(0.03);
  });

  it("spread over the last 30 days in time order, busier by day than by night", () => {
    expect(events.every((e, i) => i === 0 || e.createdAt >= events[i - 1]!.createdAt)).toBe(true);
    expect(events[0]!.createdAt).toBeGreaterThanOrEqual(NOW - 30 * DAY_MS);
    expect(events.at(-1)!.createdAt).toBeLessThanOrEqual(NOW);
    expect(events.at(-1)!.createdAt).toBeGreaterThan(NOW - 3_600_000);
    const brasiliaHour = (ms: number) => new Date(ms - 3 * 3_600_000).getUTCHours();
    const at = (from: number, to: number) => share((e) => brasiliaHour(e.createdAt) >= from && brasiliaHour(e.createdAt) < to);
    expect(at(12, 13)).toBeGreaterThan(5 * at(3, 4));
    const days = new Set(events.map((e) => Math.floor((NOW - e.createdAt) / DAY_MS)));
    expect(days.size).toBe(30);
  });
});

describe("demo network", () => {
  it("has merchants with valid, unique CNPJs, a few alphanumeric, and unique names", () => {
    const { network: big } = generate(5, 300, 0);
    expect(big.merchants.every((m) => isValidCnpj(m.taxId))).toBe(true);
    expect(new Set(big.merchants.map((m) => m.taxId)).size).toBe(300);
    expect(new Set(big.merchants.map((m) => m.name)).size).toBe(300);
    const alphanumeric = big.merchants.filter((m) => /[A-Z]/.test(m.taxId)).length;
    expect(alphanumeric).toBeGreaterThan(0);
    expect(alphanumeric).toBeLessThan(40);
  });

  it("gives terminals 8-character TIDs and MIDs of up to 15 (or a PagSeguro clientId)", () => {
    for (const t of network.terminals) {
      expect(t.acquirerTerminalIdentifier).toMatch(/^[A-Z0-9]{8}$/);
      if (t.acquirer === "pagseguro") expect(t.acquirerMerchantIdentifier).toMatch(/^ps_live_[0-9a-f]{12}$/);
      else expect(t.acquirerMerchantIdentifier).toMatch(/^[A-Za-z0-9]{1,15}$/);
    }
    expect(new Set(network.terminals.map((t) => t.acquirerTerminalIdentifier)).size).toBe(network.terminals.length);
    const acquirers = new Set(network.terminals.map((t) => t.acquirer));
    expect(acquirers.size).toBeGreaterThanOrEqual(ACQUIRER_SHARES.length - 1);
  });

  it("has credentials with the provider's authenticationData, and one enabled per provider, MID and TID", () => {
    const enabledKeys = new Set<string>();
    for (const c of network.credentials) {
      if (c.acquirer === "pagseguro") {
        expect(Object.keys(c.authenticationData).sort()).toEqual(["clientId", "clientSecret"]);
        expect(c.authenticationData.clientId).toBe(c.acquirerMerchantIdentifier);
        expect(c.authenticationData.clientSecret).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
      } else {
        expect(c.authenticationData).toEqual({
          merchantIdentifier: c.acquirerMerchantIdentifier,
          terminalIdentifier: c.acquirerTerminalIdentifier,
        });
      }
      expect(c.status).toBe(c.enabled ? "connected" : "disconnected");
      expect(c.createdAt).toBeLessThan(NOW - 30 * DAY_MS);
      const key = `${c.acquirer}|${c.acquirerMerchantIdentifier}|${c.acquirerTerminalIdentifier}`;
      if (c.enabled) {
        expect(enabledKeys).not.toContain(key);
        enabledKeys.add(key);
      }
    }
    expect(network.credentials.filter((c) => c.enabled).length / network.credentials.length).toBeGreaterThan(0.9);
  });

  it("repeats itself for one seed and differs for another", () => {
    // sequentialIds() makes the ids repeat too; the loader's XIDs do not (see demo-xid.ts).
    const again = generate(42, 60, 2_000).events;
    expect(again).toEqual(generate(42, 60, 2_000).events);
    expect(again.map((e) => e.data.amount)).not.toEqual(generate(43, 60, 2_000).events.map((e) => e.data.amount));
  });
});
