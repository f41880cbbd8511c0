// One e2e run's settings: a database name and secrets made once, when the runner first loads
// playwright.config.ts, and kept in process.env so that the web servers and the test workers
// (which load the config again) see the same values.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { FAIR_USE_OFF } from "../../scripts/support/capacity-env";

// E2E_PORT_BASE moves the whole run (two instances, the SIGTERM, fault, fuzz, replica and fair-use servers) elsewhere.
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3200);
export const PORTS = [PORT_BASE, PORT_BASE + 1] as const;
export const SHUTDOWN_PORT = PORT_BASE + 2;
export const FAULT_PORT = PORT_BASE + 3;
export const FUZZ_PORT = PORT_BASE + 4;
export const REPLICA_PORT = PORT_BASE + 5;
/** The browser tests' webhook receiver: named with its port in the allow-list, so its answers are shown. */
export const RECEIVER_PORT = PORT_BASE + 6;
/** A server of its own with the default fair use (e2e/api/fair-use-door.spec.ts). */
export const FAIR_USE_PORT = PORT_BASE + 7;
export type Port = number;

/**
 * A spec's own server's port, moved by the worker that runs it: a spec repeated (--repeat-each)
 * can run in both workers at once, each starting its server (a run takes each spec once).
 */
export const workerPort = (port: Port): Port => port + 10 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const baseUrlOf = (port: Port) => `http://127.0.0.1:${port}`;

/**
 * Access-token lifetimes. The first instance (every test's default base URL) issues tokens that
 * outlive any test, so a token a test takes at its start still works at its end on a slow, loaded
 * machine (a 15 s lifetime made tests fail with "The token has expired" when a run took longer).
 * The second issues short ones, so the renewal test (sign-in.spec.ts) outlives one access token there
 * in a few seconds. Not shorter: a token's expiry has whole seconds (it may end up to 1 s early) and
 * the session renews in the token's last third, so at 4 s the renewal still comes before the expiry.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
export const SHORT_ACCESS_TOKEN_TTL_SECONDS = 4;
/** The instance whose access tokens expire after SHORT_ACCESS_TOKEN_TTL_SECONDS. */
export const SHORT_TOKEN_PORT = PORTS[1];

function once(name: string, make: () => string): string {
  process.env[name] ??= make();
  return process.env[name];
}

function signingKeys(): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  return JSON.stringify([
    { ...privateKey.export({ format: "jwk" }), kid: `e2e-${randomBytes(4).toString("hex")}`, alg: "EdDSA" },
  ]);
}

export function e2eRun() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const databaseName = once("E2E_DATABASE_NAME", () => `pic_e2e_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  return {
    adminUrl,
    databaseName,
    databaseUrl: databaseUrl.toString(),
    signingKeys: once("E2E_AUTH_SIGNING_KEYS", signingKeys),
    encryptionKeys: once("E2E_ENCRYPTION_KEYS", () => `1:${randomBytes(32).toString("base64")}`),
    nextAuthSecret: once("E2E_NEXTAUTH_SECRET", () => randomBytes(32).toString("base64url")),
    metricsToken: once("E2E_METRICS_TOKEN", () => randomBytes(24).toString("base64url")),
  };
}

/** The environment of one `next start` instance; both instances share the database and keys. */
export function serverEnv(port: Port): Record<string, string> {
  const run = e2eRun();
  return {
    PORT: String(port),
    DATABASE_URL: run.databaseUrl,
    E2E_ADMIN_DATABASE_URL: run.adminUrl,
    NEXTAUTH_URL: baseUrlOf(port),
    NEXTAUTH_SECRET: run.nextAuthSecret,
    AUTH_SIGNING_KEYS: run.signingKeys,
    ENCRYPTION_KEYS: run.encryptionKeys,
    ACCESS_TOKEN_TTL_SECONDS: String(port === SHORT_TOKEN_PORT ? SHORT_ACCESS_TOKEN_TTL_SECONDS : ACCESS_TOKEN_TTL_SECONDS),
    LOG_LEVEL: "info",
    // GET /metrics, scraped by a real Prometheus in e2e/api/metrics.spec.ts.
    METRICS_TOKEN: run.metricsToken,
    // The browser tests' webhook receivers listen on this machine. An entry without a port lets
    // deliveries through but withholds the answers (docs/security.md); the receiver whose
    // answer the webhooks page shows is named with its port.
    WEBHOOK_ALLOWED_ADDRESSES: `127.0.0.1,127.0.0.1:${RECEIVER_PORT}`,
    // Parallel specs and the fuzzer share a few accounts: fair use would bound them by design.
    ...FAIR_USE_OFF,
  };
}
