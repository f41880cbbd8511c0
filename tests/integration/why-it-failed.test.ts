// Why it failed, everywhere: the list's items carry failureReason and the list
// filters by one or more reasons; a credential_disabled attempt names the disabled credential;
// the duplicate-credential 409 names the credential holding the place; the owner filter counts a
// merchant's own events. Real route handlers, real database.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createCredential } from "@/app/v1/credentials/route";
import { POST as createMerchant } from "@/app/v1/merchants/route";
import { GET as providersRoute } from "@/app/v1/providers/route";
import { POST as retryEvent } from "@/app/v1/webhooks/events/[id]/retry/route";
import { GET as getEvent } from "@/app/v1/webhooks/events/[id]/route";
import { GET as countEvents } from "@/app/v1/webhooks/events/count/route";
import { GET as listEvents } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { eventSchema } from "@/lib/events/event-contract";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
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

type Item = { id: string; status: string; failureReason: string | null };
const list = async (query: string): Promise<Item[]> => {
  const res = await call(listEvents, `/v1/webhooks/events?${query}`, { token: reader });
  expect(res.status).toBe(200);
  return res.json.data;
};

/** Three events naming one merchant: one processed, one with no credential, one whose credential is disabled. */
async function threeOutcomes() {
  const merchantId = `merch-${alnum(8)}`;
  const enabled = await insertCredential({ mid: `E${alnum(8)}`, tid: alnum(8) });
  const disabled = await insertCredential({ mid: `D${alnum(8)}`, tid: alnum(8), enabled: false });
  const [processed, noCredential, credentialDisabled] = await ingestEvents(ingester, 3, (i) => {
    const credential = [enabled, undefined, disabled][i];
    return credential
      ? { merchantId, acquirerMerchantIdentifier: credential.mid, acquirerTerminalIdentifier: credential.tid }
      : { merchantId };
  });
  return {
    merchantId,
    enabled,
    disabled,
    processed: processed!,
    noCredential: noCredential!,
    credentialDisabled: credentialDisabled!,
  };
}

describe("failure reasons in the list", () => {
  it("each item carries its failureReason (null unless failed), in the contract's shape", async () => {
    const events = await threeOutcomes();
    const items = await list(`merchant_id=${events.merchantId}&sort=asc`);
    expect(items.map((item) => [item.id, item.status, item.failureReason])).toEqual([
      [events.processed, "processed", null],
      [events.noCredential, "failed", "no_matching_credential"],
      [events.credentialDisabled, "failed", "credential_disabled"],
    ]);
    for (const item of items) eventSchema.parse(item);
  });

  it("filters by one or several reasons, comma-separated, in the list and its count", async () => {
    const events = await threeOutcomes();
    const ids = async (reasons: string) =>
      (await list(`merchant_id=${events.merchantId}&sort=asc&failure_reason=${reasons}`)).map((item) => item.id);
    expect(await ids("credential_disabled")).toEqual([events.credentialDisabled]);
    expect(await ids("no_matching_credential,credential_disabled")).toEqual([events.noCredential, events.credentialDisabled]);
    expect(await ids("credential_disabled,missing_card_data")).toEqual([events.credentialDisabled]);
    const count = await call(
      countEvents,
      `/v1/webhooks/events/count?merchant_id=${events.merchantId}&failure_reason=credential_disabled,no_matching_credential`,
      { token: reader },
    );
    expect(count.json).toEqual({ count: 2, capped: false });
    const empty = await call(listEvents, "/v1/webhooks/events?failure_reason=a,,b", { token: reader });
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].field).toBe("failure_reason");
  });
});

describe("a disabled credential", () => {
  it("is named by the attempt that failed on it, on arrival and on a retry", async () => {
    const events = await threeOutcomes();
    const detail = async () =>
      (
        await call(getEvent, `/v1/webhooks/events/${events.credentialDisabled}`, {
          token: reader,
          params: { id: events.credentialDisabled },
        })
      ).json;
    const first = await detail();
    expect(first.attempts.map((a: { failureReason: string; credentialId: string }) => [a.failureReason, a.credentialId])).toEqual(
      [["credential_disabled", events.disabled.id]],
    );
    const retried = await call(retryEvent, `/v1/webhooks/events/${events.credentialDisabled}/retry`, {
      params: { id: events.credentialDisabled },
      token: operator,
      method: "POST",
    });
    expect(retried.status).toBeLessThan(300);
    const after = await detail();
    expect(after.attempts.map((a: { credentialId: string }) => a.credentialId)).toEqual([events.disabled.id, events.disabled.id]);
    // An event with no credential at all names none.
    const none = (
      await call(getEvent, `/v1/webhooks/events/${events.noCredential}`, { token: reader, params: { id: events.noCredential } })
    ).json;
    expect(none.attempts[0].credentialId).toBeNull();
  });
});

describe("the duplicate credential", () => {
  it("is named by the 409 as an id and a link", async () => {
    const providers = (await call(providersRoute, "/v1/providers", { token: reader })).json.data as {
      id: string;
      name: string;
    }[];
    const cielo = providers.find((p) => p.name === "cielo")!;
    const merchant = async () =>
      (
        await call(createMerchant, "/v1/merchants", {
          body: { name: `Loja ${alnum(6)}`, taxId: generateCnpj() },
          token: operator,
        })
      ).json.id;
    const body = async () => ({
      merchantId: await merchant(),
      providerId: cielo.id,
      providerName: "cielo",
      authenticationData: { merchantIdentifier: mid, terminalIdentifier: tid },
    });
    const mid = alnum(12);
    const tid = alnum(8);
    const first = await call(createCredential, "/v1/credentials", { body: await body(), token: operator });
    expect(first.status).toBe(201);
    const again = await call(createCredential, "/v1/credentials", { body: await body(), token: operator });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: "duplicate_credential",
      existing: { id: first.json.id, href: `/v1/credentials/${first.json.id}` },
    });
  });
});

describe("the owner filter", () => {
  it("counts the events a merchant owns (matched by its credential), not those merely naming it", async () => {
    const credential = await insertCredential({ mid: `O${alnum(8)}`, tid: alnum(8) });
    const [owned] = await ingestEvents(ingester, 1, () => ({
      merchantId: `named-${alnum(6)}`,
      acquirerMerchantIdentifier: credential.mid,
      acquirerTerminalIdentifier: credential.tid,
    }));
    await ingestEvents(ingester, 1, () => ({ merchantId: credential.merchantId }));
    const count = async (query: string) =>
      (await call(countEvents, `/v1/webhooks/events/count?${query}`, { token: reader })).json.count as number;
    expect(await count(`owner_merchant_id=${credential.merchantId}`)).toBe(2);
    expect(await count(`merchant_id=${credential.merchantId}`)).toBe(1);
    expect((await list(`owner_merchant_id=${credential.merchantId}&sort=asc`))[0]!.id).toBe(owned);
    const row = await db().event.findFirstOrThrow({ where: { id: owned! }, select: { ownerMerchantId: true } });
    expect(row.ownerMerchantId).toBe(credential.merchantId);
  });
});
