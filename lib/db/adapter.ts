// Turns a database URL into a Prisma driver adapter: a pooled `pg` connection for a PostgreSQL
// server, or an in-process PGlite (one connection, one process) for the embedded default.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { lockEmbeddedFolder } from "@/lib/db/embedded-lock";

export type DatabaseHandle = {
  adapter: PrismaPg | PrismaPGlite;
  embedded: PGlite | undefined;
  close: () => Promise<void>;
};

export function isServerUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  if (isServerUrl(url)) {
    const adapter = new PrismaPg(
      {
        connectionString: url,
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: 5_000,
        idleTimeoutMillis: 30_000,
        // A killed server must surface as errors on queries, never crash the process.
        statement_timeout: 10_000,
      },
      {
        onPoolError: () => {},
        onConnectionError: () => {},
      },
    );
    return { adapter, embedded: undefined, close: async () => {} };
  }
  const dataDir = url.startsWith("memory://") ? "memory://" : url.replace(/^pglite:/, "");
  // PGlite does not create parent folders (its only error is "External error id#0").
  let release = () => {};
  if (dataDir !== "memory://") {
    fs.mkdirSync(path.resolve(dataDir), { recursive: true });
    release = lockEmbeddedFolder(path.resolve(dataDir));
  }
  const embedded = new PGlite(dataDir);
  return {
    adapter: new PrismaPGlite(embedded),
    embedded,
    close: async () => {
      await embedded.close();
      release();
    },
  };
}
