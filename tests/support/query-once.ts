// A connection of its own, closed after: for scripts and test set-ups that ask the database (or
// the server, to create and drop one) now and then rather than hold a pool.
import pg from "pg";

/** Runs `work` on a new connection to `url` and closes it, whether `work` succeeds or throws. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function queryOnce<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  return withClient(url, async (client) => (await client.query<T>(text, values)).rows);
}

/** `url` with its database replaced by `database` (same server, user and options). */
export function databaseUrl(url: string, database: string): string {
  const named = new URL(url);
  named.pathname = `/${database}`;
  return named.toString();
}
