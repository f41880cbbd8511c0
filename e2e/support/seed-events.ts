// Demo events for the UI specs: `seedDemoEvents()` (from a spec's beforeAll) runs this file as a
// script under tsx with the react-server condition (the data layer is server-only), against the
// run's database. Idempotent and serialized by an advisory lock: whichever spec comes first
// loads them, the others find them there. A fixed seed: the same data on every run.
// Also the API calls the events specs check the browser against.
import { spawnSync } from "node:child_process";
import type { APIRequestContext } from "@playwright/test";
import { e2eRun } from "./run-env";
import type { E2EUser } from "./users";

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
  const name = new URL(process.env.DATABASE_URL ?? "").pathname.slice(1);
  if (!/^pic_e2e_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to seed a database not made for e2e: ${name}`);
  try {
    await db().$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext('pic-e2e-seed-events'))");
        const [row] = await tx.$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM events");
        if ((row?.n ?? 0) >= count) return;
        const summary = await loadDemoData({ events: count, seed: DEMO_SEED });
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
