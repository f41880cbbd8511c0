// A production server (scripts/server.mjs, `next build` first) on a database of its own, made
// for one run and dropped after: the target of the fuzzer and the soak, so that their writes
// and refused sign-ins never touch another test's data or rate limits. The database gets the
// e2e users (e2e/support/users.ts) and some demo data, so valid ids exist to aim at.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { queryOnce } from "./query-once";

export type ScratchServer = {
  baseUrl: string;
  databaseName: string;
  databaseUrl: string;
  pid: number;
  stop: () => Promise<void>;
};

export function freshServerSecrets(): Record<"AUTH_SIGNING_KEYS" | "ENCRYPTION_KEYS" | "NEXTAUTH_SECRET", string> {
  const { privateKey } = generateKeyPairSync("ed25519");
  return {
    AUTH_SIGNING_KEYS: JSON.stringify([
      { ...privateKey.export({ format: "jwk" }), kid: `k-${randomBytes(4).toString("hex")}`, alg: "EdDSA" },
    ]),
    ENCRYPTION_KEYS: `1:${randomBytes(32).toString("base64")}`,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${baseUrl}/healthz`);
}

export type ScratchDatabase = {
  databaseName: string;
  databaseUrl: string;
  /** The server's environment for this database (fresh secrets, NODE_ENV=production). */
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
};

/** A database of its own, migrated, with the e2e users and some demo data. */
export function prepareScratchDatabase(options: {
  /** A word for the database's name (pic_e2e_<purpose>_...). */
  purpose: string;
  adminUrl: string;
  port: number;
  demoEvents?: number;
  env?: Record<string, string>;
}): ScratchDatabase {
  const databaseName = `pic_e2e_${options.purpose}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const databaseUrl = Object.assign(new URL(options.adminUrl), { pathname: `/${databaseName}` }).toString();
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...freshServerSecrets(),
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    E2E_ADMIN_DATABASE_URL: options.adminUrl,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    NEXTAUTH_URL: baseUrl,
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    LOG_LEVEL: "info",
    ...options.env,
  };
  const tsx = (args: string[]) =>
    execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", ...args], { env, stdio: "pipe" });
  tsx(["e2e/support/prepare-database.ts"]);
  tsx(["prisma/demo.ts", "--events", String(options.demoEvents ?? 300), "--merchants", "5", "--seed", "7"]);
  const drop = async () => void (await queryOnce(options.adminUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  return { databaseName, databaseUrl, env, drop };
}

export async function startScratchServer(options: {
  /** A word for the database's name (pic_e2e_<purpose>_...). */
  purpose: string;
  adminUrl: string;
  port: number;
  logFile: string;
  demoEvents?: number;
  env?: Record<string, string>;
}): Promise<ScratchServer> {
  const { databaseName, databaseUrl, env, drop } = prepareScratchDatabase(options);
  const baseUrl = `http://127.0.0.1:${options.port}`;

  const log = createWriteStream(options.logFile);
  const server = spawn(process.execPath, ["scripts/server.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));
  const stop = async () => {
    if (server.exitCode === null) server.kill("SIGTERM");
    await exited;
    await drop();
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, databaseName, databaseUrl, pid: server.pid!, stop };
}
