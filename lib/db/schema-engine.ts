// Offline stand-in for `prisma migrate deploy` / `migrate dev --create-only`: drives
// @prisma/schema-engine-wasm through a driver adapter, because the native schema engine cannot
// be downloaded here. Records _prisma_migrations rows with the CLI's own checksums.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";

const MIGRATIONS_DIR = path.resolve("prisma/migrations");
const SCHEMA_PATH = "prisma/schema.prisma";
const filters = { externalTables: [], externalEnums: [] };

let wasmLoaded = false;
function loadWasm(): void {
  if (wasmLoaded) return;
  const require = createRequire(import.meta.url);
  const wasmPath = path.join(
    path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
    "schema_engine_bg.wasm",
  );
  const instance = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(wasmPath)), {
    "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
  });
  (bg as unknown as { __wbg_set_wasm: (e: WebAssembly.Exports) => void }).__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
  wasmLoaded = true;
}

function schemaFiles() {
  return [{ path: SCHEMA_PATH, content: fs.readFileSync(SCHEMA_PATH, "utf8") }];
}

function migrationsList() {
  fs.mkdirSync(MIGRATIONS_DIR, { recursive: true });
  const lock = path.join(MIGRATIONS_DIR, "migration_lock.toml");
  const dirs = fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: "migration_lock.toml", content: fs.existsSync(lock) ? fs.readFileSync(lock, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => {
      const file = path.join(MIGRATIONS_DIR, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: fs.existsSync(file)
            ? { tag: "ok" as const, value: fs.readFileSync(file, "utf8") }
            : { tag: "error" as const, value: "missing migration.sql" },
        },
      };
    }),
  };
}

type ScriptClient = { exec?: (sql: string) => Promise<unknown>; query?: (sql: string) => Promise<unknown> };

/**
 * Runs each migration script whole. @prisma/adapter-pg splits scripts on every ";" (breaking
 * plpgsql bodies and comments that contain one) and pglite-prisma-adapter does not await its
 * exec. Both clients accept a multi-statement script in one simple-protocol call.
 */
function withWholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const client = (adapter as unknown as { client?: ScriptClient }).client;
  const run = client?.exec?.bind(client) ?? client?.query?.bind(client);
  if (!run) return adapter;
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      if (prop === "executeScript") return async (script: string) => void (await run(script));
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function wholeScriptFactory(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => withWholeScripts(await factory.connect()),
    connectToShadowDb: async () => withWholeScripts(await factory.connectToShadowDb()),
  };
}

async function openEngine(factory: SqlMigrationAwareDriverAdapterFactory) {
  loadWasm();
  const files = schemaFiles();
  return bg.SchemaEngine.new(
    { datamodels: files.map((f) => [f.path, f.content]) },
    (message: string) => {
      if (process.env.DEBUG_SCHEMA_ENGINE) console.error(message);
    },
    bindMigrationAwareSqlAdapterFactory(wholeScriptFactory(factory)),
  );
}

/** Applies the committed migrations that the database lacks; returns their names. */
export async function deployMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const engine = await openEngine(factory);
  try {
    const result = await engine.applyMigrations({ migrationsList: migrationsList(), filters });
    return result.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/** SQL that brings the committed migrations up to schema.prisma, or null when they match. */
export async function diffMigrationsToSchema(): Promise<string | null> {
  const shadow = new PGlite();
  const engine = await openEngine(new PrismaPGlite(shadow));
  try {
    await engine.applyMigrations({ migrationsList: migrationsList(), filters });
    const files = schemaFiles();
    const out = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: process.cwd() },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters,
    });
    const script = out.stdout?.trim() ?? "";
    return !script || script.startsWith("-- This is an empty migration") ? null : `${script}\n`;
  } finally {
    engine.free();
    await shadow.close();
  }
}
