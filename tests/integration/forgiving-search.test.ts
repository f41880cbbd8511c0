// Search that forgives: merchant names in any case and without their accents, the
// acquirer's identifiers (MID, TID, serial number, authorization code, RRN) by their beginning in
// any case, the event type by a part, in the events list (and its count), the merchants' search
// and the credentials' MID and TID filters. Real route handlers, real database.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listCredentials } from "@/app/v1/credentials/route";
import { POST as createMerchant, GET as listMerchants } from "@/app/v1/merchants/route";
import { GET as countEvents } from "@/app/v1/webhooks/events/count/route";
import { GET as listEvents } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { FOLD_FROM, foldText } from "@/lib/search/fold-text";
import { accessTokensOf, call } from "../support/api";
import { insertCredential } from "../support/credentials";
import { alnum } from "../support/event-data";
import { ingestEvents } from "../support/events";

let reader: string;
let operator: string;
let ingester: string;

beforeAll(async () => {
  ({ viewer: reader, operator, ingest: ingester } = await accessTokensOf(["viewer", "operator", "ingest"]));
});

const eventIds = async (query: string) => {
  const res = await call(listEvents, `/v1/webhooks/events?${query}`, { token: reader });
  expect(res.status).toBe(200);
  return (res.json.data as { id: string }[]).map((event) => event.id);
};

describe("folding", () => {
  it("folds in Node exactly as search_fold() does in the database", async () => {
    const samples = [FOLD_FROM, "Salão São João", "ÓTICA Ótica ótica", "Açougue Água", "CM4BEM 100%_x", "Straße Łódź"];
    for (const text of samples) {
      const [row] = await db().$queryRaw<{ folded: string }[]>`SELECT search_fold(${text}) AS folded`;
      expect(row!.folded).toBe(foldText(text));
    }
    expect(foldText("Salão Ótica")).toBe("salao otica");
  });
});

describe("events", () => {
  it("finds a merchant's events by its name in any case, with or without accents", async () => {
    const tag = alnum(8);
    const merchant = await db().merchant.create({
      data: { id: `m${alnum(10)}`.toLowerCase(), name: `Salão Ótica ${tag}`, taxId: alnum(14) },
    });
    const ids = await ingestEvents(ingester, 2, () => ({ merchantId: merchant.id }));
    for (const name of [`salao otica ${tag}`, `SALÃO ÓTICA ${tag}`, `Salao Ótica ${tag.toLowerCase()}`, `otica ${tag}`]) {
      expect(new Set(await eventIds(`merchant_name=${encodeURIComponent(name)}`))).toEqual(new Set(ids));
    }
    // "%" and "_" are letters here, not patterns.
    expect(await eventIds(`merchant_name=${encodeURIComponent(`salao_otica ${tag}`)}`)).toEqual([]);
  });

  it("finds the MID, TID and serial number by their beginning in any case, in the list and its count", async () => {
    const tag = alnum(8);
    const [id] = await ingestEvents(ingester, 1, () => ({
      acquirerMerchantIdentifier: `Mq${tag}`,
      acquirerTerminalIdentifier: `Tq${tag.slice(0, 6)}`,
      terminalSerialNumber: `SNq${tag}`,
    }));
    const beginning = `mQ${tag.slice(0, 5).toLowerCase()}`;
    expect(await eventIds(`acquirer_merchant_id=${beginning}`)).toEqual([id]);
    expect(await eventIds(`acquirer_merchant_id=mq${tag}`)).toEqual([id]);
    expect(await eventIds(`acquirer_terminal_id=tq${tag.slice(0, 4)}`)).toEqual([id]);
    expect(await eventIds(`terminal_serial_number=snq${tag.slice(0, 3)}`)).toEqual([id]);
    // A beginning is not a middle.
    expect(await eventIds(`acquirer_merchant_id=${tag.slice(1, 6)}`)).toEqual([]);
    const count = await call(countEvents, `/v1/webhooks/events/count?acquirer_merchant_id=${beginning}`, { token: reader });
    expect(count.json).toEqual({ count: 1, capped: false });
  });

  it("q finds the authorization code, RRN, MID, TID and serial number by their beginning, the id and last 4 exactly", async () => {
    const tag = alnum(6);
    const [id] = await ingestEvents(ingester, 1, () => ({
      authorizationCode: `Z${tag.slice(0, 5)}`,
      retrievalReferenceNumber: `RRN${tag}X`,
      acquirerMerchantIdentifier: `MQ${tag}Y`,
      acquirerTerminalIdentifier: `W${tag.slice(0, 6)}Q`,
      terminalSerialNumber: `SNQ${tag}Z`,
    }));
    for (const q of [`z${tag.slice(0, 5)}`.toLowerCase(), `rrn${tag}`.toLowerCase(), `mq${tag}`, `w${tag}`, `snq${tag}z`, id!]) {
      expect(await eventIds(`q=${q}`), q).toEqual([id]);
    }
    expect(await eventIds(`q=${id!.slice(0, 10)}`)).toEqual([]);
  });

  it("finds the event type by a part of it, in any case", async () => {
    const merchantId = `merch-${alnum(6)}`;
    const ids = await ingestEvents(ingester, 2, () => ({ merchantId }));
    expect(new Set(await eventIds(`merchant_id=${merchantId}&type=PAYMENT`))).toEqual(new Set(ids));
    expect(new Set(await eventIds(`merchant_id=${merchantId}&type=complet`))).toEqual(new Set(ids));
    expect(await eventIds(`merchant_id=${merchantId}&type=refund`)).toEqual([]);
  });
});

describe("merchants and credentials", () => {
  it("the merchants' search finds a name in any case, with or without accents", async () => {
    const tag = alnum(8);
    const res = await call(createMerchant, "/v1/merchants", {
      body: { name: `Ótica Salão ${tag}`, taxId: generateCnpj() },
      token: operator,
    });
    expect(res.status).toBe(201);
    for (const search of [`otica salao ${tag}`, `ÓTICA SALÃO ${tag}`, `Salao ${tag.toLowerCase()}`]) {
      const found = await call(listMerchants, `/v1/merchants?search=${encodeURIComponent(search)}`, { token: reader });
      expect(found.json.data.map((m: { id: string }) => m.id)).toEqual([res.json.id]);
    }
  });

  it("the credentials' MID and TID filters take a beginning in any case", async () => {
    const tag = alnum(8);
    const credential = await insertCredential({ mid: `Ab${tag}`, tid: `Cd${tag.slice(0, 6)}` });
    const ids = async (query: string) =>
      (await call(listCredentials, `/v1/credentials?${query}`, { token: reader })).json.data.map((c: { id: string }) => c.id);
    expect(await ids(`merchantIdentifier=aB${tag.slice(0, 4).toLowerCase()}`)).toEqual([credential.id]);
    expect(await ids(`terminalIdentifier=cd${tag.slice(0, 2)}`)).toContain(credential.id);
    expect(await ids(`merchantIdentifier=${tag}`)).toEqual([]);
    expect(await ids(`id=${credential.id}`)).toEqual([credential.id]);
  });
});
