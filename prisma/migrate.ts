// Migrations, offline: `npm run db:migrate` applies the committed ones to the configured
// database (server or embedded); `npm run db:migration:create -- <name>` writes a new one from
// the difference between the committed migrations and schema.prisma.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "@/lib/db/adapter";
import { deployMigrations, diffMigrationsToSchema } from "@/lib/db/schema-engine";
import { env } from "@/lib/env";

async function main(): Promise<void> {
  const [command, name = "migration"] = process.argv.slice(2);
  if (command === "deploy") {
    const handle = openDatabase(env().databaseUrl, { poolSize: 1, statementTimeoutMs: 0 });
    try {
      const applied = await deployMigrations(handle.adapter);
      console.log(applied.length ? `applied migrations: ${applied.join(", ")}` : "database is up to date");
    } finally {
      await handle.close();
    }
  } else if (command === "create") {
    const script = await diffMigrationsToSchema();
    if (!script) return console.log("schema.prisma matches the migrations: nothing to create");
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.resolve("prisma/migrations", `${stamp}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), script);
    const lock = path.resolve("prisma/migrations/migration_lock.toml");
    if (!fs.existsSync(lock)) fs.writeFileSync(lock, 'provider = "postgresql"\n');
    console.log(`created ${path.relative(process.cwd(), dir)}`);
  } else {
    console.error("usage: tsx prisma/migrate.ts deploy | create <name>");
    process.exitCode = 2;
  }
}

main()
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  // The wasm engine's pg pool keeps the event loop alive until its idle timeout.
  .finally(() => process.exit(process.exitCode ?? 0));
