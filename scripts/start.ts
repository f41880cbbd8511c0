// `npm start`: the whole service from a fresh clone. Validates the configuration as the server
// will (a refused one stops here, exit 1), builds if there is no build, applies the
// migrations, makes sure an admin exists, loads demo data into an empty embedded database, then
// runs the server (scripts/server.mjs; --dev for development) and hands it the signals. The database is closed
// before the server opens it: an embedded PGlite folder takes one process at a time.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "@/lib/db/adapter";
import { closeDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/schema-engine";
import { hasAnyMerchant, loadDemoData } from "@/lib/demo/load-demo-data";
import { ConfigurationError, env, serverEnv } from "@/lib/env";
import { ensureEventPartitions } from "@/lib/events/retention/partitions";
import { ensureBootstrapAdmin } from "@/lib/users/bootstrap-admin";

const DEMO_EVENTS = 2_500;
const dev = process.argv.includes("--dev");

// No network here to send Next.js telemetry to, and nobody asked for it.
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function runOrExit(args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: childEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function prepareDatabase(): Promise<void> {
  const config = env();
  const handle = openDatabase(config.databaseUrl, { poolSize: 1, statementTimeoutMs: 0 });
  try {
    const applied = await deployMigrations(handle.adapter);
    console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date.");
  } finally {
    await handle.close();
  }

  // This month's partitions and the next ones, before the first request (the worker keeps them).
  const created = await ensureEventPartitions();
  if (created > 0) console.log(`Created ${created} month partitions of events.`);

  const admin = await ensureBootstrapAdmin();
  if (admin.kind === "generated") announceFirstAdmin(admin.username, admin.password);
  else if (admin.kind === "configured-created") {
    console.log(`Created admin "${admin.username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  }

  if (!config.serverDatabase && !(await hasAnyMerchant())) {
    console.log(`Loading demo data (${DEMO_EVENTS} events) into the embedded database...`);
    await loadDemoData({ events: DEMO_EVENTS });
  }
  await closeDb();
}

/**
 * The generated password reaches a person, never a log stream: on a terminal it is printed; when
 * the output is collected (a service manager, a container's log driver) it goes to a file only
 * this user can read, and the log says where.
 */
function announceFirstAdmin(username: string, password: string): void {
  const change =
    "  You choose your own at the first sign-in. To set one now instead:\n" +
    `  printf '%s' "$NEW_PASSWORD" | npm run users -- reset-password ${username} --password-stdin\n`;
  if (process.stdout.isTTY) {
    console.log(`\n  Created the first user. Sign in as "${username}" with password: ${password}\n  (shown once)\n${change}`);
    return;
  }
  const file = path.resolve(".data", "initial-admin-password");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.log(`\n  Created the first user "${username}". Its password is in ${file} (readable by this user only).\n${change}`);
}

async function main(): Promise<void> {
  // First, before building, migrating or listening: the configuration as the server will judge it.
  // `npm start -- --check` stops here (a deployment can validate its settings without starting).
  const config = serverEnv({ dev });
  if (process.argv.includes("--check")) {
    console.log("Configuration is valid.");
    return;
  }
  if (!existsSync("generated/prisma/client.ts")) runOrExit(["scripts/prisma-generate.mjs"]);
  if (!dev && !existsSync(".next/BUILD_ID")) {
    console.log("No production build yet: building (about a minute)...");
    runOrExit(["node_modules/next/dist/bin/next", "build"]);
  }
  await prepareDatabase();

  const server = spawn(process.execPath, ["scripts/server.mjs", ...(dev ? ["--dev"] : [])], {
    stdio: "inherit",
    env: { ...childEnv, PORT: String(config.port), NEXTAUTH_URL: config.nextAuthUrl },
  });
  console.log(
    `Dashboard: ${config.nextAuthUrl}   API: ${config.nextAuthUrl}/v1   Database: ${config.serverDatabase ? "PostgreSQL server" : "embedded (.data/pglite)"}`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 1));
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigurationError ? e.message : e);
  process.exit(1);
});
