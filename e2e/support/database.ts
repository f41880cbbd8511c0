// Direct reads of the e2e database, for assertions the API does not expose (attempt rows).
import pg from "pg";
import { e2eRun } from "./run-env";

export async function queryE2E<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eRun().databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
