// One query on a connection of its own, closed after: for scripts and test set-ups that ask the
// database (or the server, to create and drop one) now and then rather than hold a pool.
import pg from "pg";

export async function queryOnce<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
