// Demo events for the UI specs: `seedDemoEvents()` (from a spec's beforeAll) runs this file as a
// script under tsx with the react-server condition (the data layer is server-only), against the
// run's database. Idempotent and serialized by an advisory lock: whichever spec comes first
// loads them, the others find them there. A fixed seed: the same data on every run.
// Also the API calls the events specs check the browser against.
import { spawnSync } from "node:child_process";
import type { APIRequestContext } from "@playwright/test";
import { e2eRun } from "./run-env";
import { type E2EUser, USERS } from "./users";

export const DEMO_EVENTS = 5000;
const DEMO_SEED = 20261122;

/** Loads DEMO_EVENTS demo events (30 days up to now) into the e2e database unless it holds them. */
export function seedDemoEvents(): void {
  const run = e2eRun();
  const result = spawnSync(
    "node_modules/.bin/tsx",
    ["--conditions=react-server", "e2e/support/seed-events.ts", String(DEMO_EVENTS)],
    {
      encoding: "utf8",
      env: {
        ...process.env,
        DATABASE_URL: run.databaseUrl,
        AUTH_SIGNING_KEYS: run.signingKeys,
        ENCRYPTION_KEYS: run.encryptionKeys,
        NEXTAUTH_SECRET: run.nextAuthSecret,
        LOG_LEVEL: "warn",
      },
      timeout: 120_000,
    },
  );
  if (result.status !== 0) throw new Error(`seeding demo events failed:\n${result.stdout}\n${result.stderr}`);
}

export async function apiToken(request: APIRequestContext, user: Pick<E2EUser, "username" | "password">): Promise<string> {
  const response = await request.post("/v1/auth", { data: { username: user.username, password: user.password } });
  if (!response.ok()) throw new Error(`sign-in of ${user.username} failed: ${response.status()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One notification sent by the ingest client (202: stored, to be processed): its event's id. */
export async function ingestEvent(request: APIRequestContext, data: unknown): Promise<string> {
  const token = await apiToken(request, USERS.ingest);
  const response = await request.post("/v1/webhooks/events", { headers: { authorization: `Bearer ${token}` }, data });
  if (response.status() !== 202) throw new Error(`ingest: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

type Page = {
  metadata: { cursor: string | null };
  data: { id: string; status: string; createdAt: string; data: { acquirerTerminalIdentifier: string } }[];
};

/** Every event of a list query, newest first unless the query says otherwise. */
export async function listAll(request: APIRequestContext, token: string, query: string) {
  const events: Page["data"] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await apiGet<Page>(
      request,
      token,
      `/v1/webhooks/events?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    events.push(...page.data);
    cursor = page.metadata.cursor;
  } while (cursor);
  return events;
}

async function main(count: number): Promise<void> {
  const { db, closeDb } = await import("@/lib/db/client");
  const { loadDemoData } = await import("@/lib/demo/load-demo-data");
  const { ensureEventMonthsBetween } = await import("@/lib/events/retention/partitions");
  const name = new URL(process.env.DATABASE_URL ?? "").pathname.slice(1);
  if (!/^pic_e2e_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to seed a database not made for e2e: ${name}`);
  try {
    // The months the demo data falls in, before the transaction below reads events: making a
    // month locks the table, which that transaction's read would hold off until it times out.
    await ensureEventMonthsBetween(new Date(Date.now() - 31 * 24 * 3600_000), new Date());
    await db().$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext('pic-e2e-seed-events'))");
        // Marked once loaded, not guessed from the events' count: the API specs (the fuzzer above
        // all) ingest thousands of events of their own, which must not pass for the demo data.
        await tx.$executeRawUnsafe("CREATE TABLE IF NOT EXISTS e2e_seeded (name text PRIMARY KEY)");
        const [row] = await tx.$queryRawUnsafe<{ n: number }[]>(
          "SELECT count(*)::int AS n FROM e2e_seeded WHERE name = 'demo-events'",
        );
        if ((row?.n ?? 0) > 0) return;
        const summary = await loadDemoData({ events: count, seed: DEMO_SEED });
        await tx.$executeRawUnsafe("INSERT INTO e2e_seeded (name) VALUES ('demo-events')");
        console.log(`e2e: loaded ${summary.events.total} demo events in ${summary.elapsedMs} ms`);
      },
      { timeout: 120_000, maxWait: 120_000 },
    );
  } finally {
    await closeDb();
  }
}

if (process.argv[1]?.endsWith("seed-events.ts")) {
  main(Number(process.argv[2] ?? DEMO_EVENTS))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    })
    .finally(() => process.exit(process.exitCode ?? 0));
}

export type FailedEventDetail = {
  id: string;
  status: string;
  failureReason: string | null;
  data: { merchantId: string; acquirerName: string; acquirerMerchantIdentifier: string; acquirerTerminalIdentifier: string };
};

/**
 * A demo event that failed for want of a credential, at a card-present acquirer (MID and TID),
 * of a registered merchant (the API specs, on the same database, ingest events of made-up ones),
 * whose account still has no credential and is not one of `skip` (MIDs another step uses).
 */
export async function failedForWantOfCredential(
  request: APIRequestContext,
  token: string,
  skip: string[] = [],
): Promise<FailedEventDetail> {
  for (const acquirer of ["cielo", "rede", "getnet", "stone", "safrapay"]) {
    const failed = await listAll(request, token, `status=failed&acquirer_name=${acquirer}&failure_reason=no_matching_credential`);
    for (const { id } of failed.slice(0, 40)) {
      const detail = await apiGet<FailedEventDetail>(request, token, `/v1/webhooks/events/${id}`);
      if (detail.failureReason !== "no_matching_credential") continue;
      if (skip.includes(detail.data.acquirerMerchantIdentifier)) continue;
      const headers = { authorization: `Bearer ${token}` };
      const merchant = await request.get(`/v1/merchants/${detail.data.merchantId}`, { headers });
      if (merchant.status() !== 200) continue;
      const existing = await apiGet<{ data: unknown[] }>(
        request,
        token,
        `/v1/credentials?merchantIdentifier=${detail.data.acquirerMerchantIdentifier}&terminalIdentifier=${detail.data.acquirerTerminalIdentifier}`,
      );
      if (existing.data.length === 0) return detail;
    }
  }
  throw new Error("the demo data has no event failed for want of a credential");
}

/** Creates, through the API, the credential a failed event lacked (its merchant, acquirer, MID and TID). */
export async function createCredentialFor(request: APIRequestContext, token: string, event: FailedEventDetail): Promise<void> {
  const providers = await apiGet<{ data: { id: string; name: string }[] }>(request, token, "/v1/providers");
  const provider = providers.data.find((p) => p.name === event.data.acquirerName);
  if (!provider) throw new Error(`no provider ${event.data.acquirerName}`);
  const created = await request.post("/v1/credentials", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      merchantId: event.data.merchantId,
      providerId: provider.id,
      providerName: provider.name,
      authenticationData: {
        merchantIdentifier: event.data.acquirerMerchantIdentifier,
        terminalIdentifier: event.data.acquirerTerminalIdentifier,
      },
    },
  });
  if (created.status() !== 201) throw new Error(`credential not created: ${created.status()} ${await created.text()}`);
}
