// Two merchants with something of every kind, for the tenancy tests (merchants are tenants): a credential,
// a webhook endpoint, a processed event (its delivery queued by the outbox), a failed event that
// names the merchant, a recover job, and a merchant account signed in. Made through the real
// API as an operator and an ingest client; set WEBHOOK_ALLOWED_ADDRESSES to 127.0.0.1 first (an
// endpoint's URL points there, where nothing answers).
import { randomBytes } from "node:crypto";
import { beforeAll } from "vitest";
import { POST as signIn } from "@/app/v1/auth/route";
import { POST as recover } from "@/app/v1/webhook-endpoints/[id]/recover/route";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { openAlert } from "@/lib/alerts/alert-transitions";
import { db } from "@/lib/db/client";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { createUser } from "@/lib/users/system-accounts";
import { settledRecoverJob } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";
import { call, TEST_PASSWORD, uniqueName } from "./api";
import { insertCredential } from "./credentials";
import { cardEventData } from "./event-data";

export type Tenant = Awaited<ReturnType<typeof tenant>>;

/** A merchant account of the merchant, signed in: its access token. */
export async function merchantAccount(merchantId: string) {
  const username = uniqueName("merchant");
  const user = await createUser({ username, password: TEST_PASSWORD, role: "merchant", merchantId });
  const res = await call(signIn, "/v1/auth", { body: { username, password: TEST_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return { user, username, token: res.json.access_token as string };
}

/** One merchant and its objects, made by `operator` and `ingester` (access tokens). */
export async function tenant(tokens: { operator: string; ingester: string }) {
  const name = `Tenant ${randomBytes(6).toString("hex")}`;
  const credential = await insertCredential({ merchantName: name });
  const merchantId = credential.merchantId;
  // A tax id the API's Merchant schema accepts (insertCredential's is random hex).
  await db().merchant.update({ where: { id: merchantId }, data: { taxId: generateCnpj({ alphanumeric: true }) } });
  const endpoint = await call(createEndpoint, "/v1/webhook-endpoints", {
    token: tokens.operator,
    body: { merchantId, url: `http://127.0.0.1:9/${randomBytes(4).toString("hex")}` },
  });
  if (endpoint.status !== 201) throw new Error(`endpoint: ${endpoint.status} ${endpoint.text}`);
  // A second endpoint, for the operations that remove one (DELETE), so the others keep theirs.
  const spare = await call(createEndpoint, "/v1/webhook-endpoints", {
    token: tokens.operator,
    body: { merchantId, url: `http://127.0.0.1:9/spare-${randomBytes(4).toString("hex")}`, eventTypes: ["alert.resolved"] },
  });
  if (spare.status !== 201) throw new Error(`spare endpoint: ${spare.status} ${spare.text}`);
  const batch = await call(ingestBatch, "/v1/webhooks/events/batch", {
    token: tokens.ingester,
    body: {
      events: [
        // Matches the merchant's credential: processed, its delivery queued.
        cardEventData({ merchantId, acquirerMerchantIdentifier: credential.mid, acquirerTerminalIdentifier: credential.tid }),
        // Matches nothing but names the merchant: failed, and still the merchant's.
        cardEventData({ merchantId }),
      ],
    },
  });
  const [processed, failed] = batch.json.data as { id: string; status: string }[];
  if (processed?.status !== "processed" || failed?.status !== "failed") throw new Error(`batch: ${batch.text}`);
  const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { eventId: processed.id } });
  const job = await call(recover, `/v1/webhook-endpoints/${endpoint.json.id}/recover`, {
    token: tokens.operator,
    params: { id: endpoint.json.id },
    body: { since: "2020-01-01T00:00:00Z" },
  });
  if (job.status !== 202) throw new Error(`recover: ${job.status} ${job.text}`);
  await settledRecoverJob(job.json.id);
  // Failed (nothing listens at the URL, and no delivery worker runs here): a resend has work to do.
  await db().webhookDelivery.updateMany({ where: { id: delivery.id }, data: { status: "failed", nextAttemptAt: null } });
  // An alert of the merchant's (its failure rate), opened as the evaluator would.
  const alert = await openAlert(
    {
      kind: "failure_rate",
      subjectType: "merchant",
      subjectId: merchantId,
      reason: "no_matching_credential",
      merchantId,
      details: {},
    },
    new Date(),
  );
  const account = await merchantAccount(merchantId);
  return {
    merchantId,
    name,
    credentialId: credential.id,
    mid: credential.mid,
    tid: credential.tid,
    endpointId: endpoint.json.id as string,
    spareEndpointId: spare.json.id as string,
    processedEventId: processed.id,
    failedEventId: failed.id,
    deliveryId: delivery.id,
    recoverJobId: job.json.id as string,
    alertId: alert!.id,
    account,
  };
}

/**
 * Tenants A and B, made before the file's tests run by the staff's operator and ingest tokens
 * (tokensOf's, filled by then): what every tenancy test starts from. Like tokensOf, it answers the
 * objects at once and fills them in its beforeAll, so a test file can name them at the top.
 */
export function twoTenants(staff: { operator: string; ingest: string }): { a: Tenant; b: Tenant } {
  const a = {} as Tenant;
  const b = {} as Tenant;
  beforeAll(async () => {
    Object.assign(a, await tenant({ operator: staff.operator, ingester: staff.ingest }));
    Object.assign(b, await tenant({ operator: staff.operator, ingester: staff.ingest }));
  });
  return { a, b };
}

/**
 * What must never appear in an answer to another merchant's account: every id and name of the
 * tenant (the caller's own request may quote an id it sent, e.g. a 404's detail: left out).
 */
export function markersOf(t: Tenant, sent = ""): string[] {
  return [
    t.merchantId,
    t.name,
    t.credentialId,
    t.mid,
    t.tid,
    t.endpointId,
    t.spareEndpointId,
    t.processedEventId,
    t.failedEventId,
    t.deliveryId,
    t.recoverJobId,
    t.alertId,
    t.account.user.id,
    t.account.username,
  ].filter((marker) => !sent.includes(marker));
}
