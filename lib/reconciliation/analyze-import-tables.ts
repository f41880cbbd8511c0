// The planner's statistics of the tables an import fills, refreshed once it is committed. The
// embedded database has no autovacuum (its statistics would stay those of an empty table
// forever), and a server's comes minutes later: meanwhile a plan made for a few rows meets a
// hundred thousand (after an import, notification batches on an unrelated terminal ran into
// the statement timeout until someone ran ANALYZE). One table a statement, each a sample of
// bounded size, so that the embedded database's one connection is taken briefly each time.
import "server-only";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log";

const TABLES = ["reconciliation_exceptions", "reconciliation_sales", "reconciliation_matches"] as const;

export async function analyzeImportTables(): Promise<void> {
  for (const table of TABLES) {
    try {
      await db().$executeRawUnsafe(`ANALYZE ${table}`);
    } catch (error) {
      // Statistics are a help, not the import's result: the import is committed and answered anyway.
      logger().warn(
        { table, err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
        "reconciliation: ANALYZE failed",
      );
    }
  }
}
