// The scaffolding of a migration's test: a scratch database migrated up to just before the
// migration, holding rows written as the schema then was, made before the file's tests run and
// dropped after them. The test applies the migration (migrate({ only })) and checks the rows.
import { afterAll, beforeAll } from "vitest";
import { type ScratchDatabase, scratchDatabase } from "./scratch-database";

/**
 * Answers the database at once and fills it in its beforeAll (like tokensOf), so the file can
 * name it at the top; `seed` runs then, and may use it.
 */
export function databaseBeforeMigration(migration: string, seed: () => Promise<void>): ScratchDatabase {
  const db = {} as ScratchDatabase;
  beforeAll(async () => {
    Object.assign(db, await scratchDatabase());
    await db.migrate({ before: migration });
    await seed();
  });
  afterAll(async () => {
    await db.close?.();
  });
  return db;
}
