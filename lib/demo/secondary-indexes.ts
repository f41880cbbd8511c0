// A large demo load into an empty events table runs without the table's secondary indexes and
// builds them once at the end: maintaining 12 B-trees row by row is most of a load's cost, and
// one sorted build of each is several times cheaper (docs/benchmarks.md, "Demo data at scale").
// Unique indexes and primary keys stay: they are what keeps the data right. The definitions are
// read back from the catalogue (pg_get_indexdef), so the rebuilt indexes are the migrations' own,
// and they are rebuilt whatever happens to the load.
import "server-only";
import type pg from "pg";

const TABLES = ["events", "event_attempts"];

type IndexDefinition = { name: string; definition: string };

async function secondaryIndexes(pool: pg.Pool): Promise<IndexDefinition[]> {
  const { rows } = await pool.query<IndexDefinition>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.relname = ANY($1::text[]) AND t.relnamespace = 'public'::regnamespace
       AND NOT x.indisunique AND NOT x.indisprimary
     ORDER BY i.relname`,
    [TABLES],
  );
  // A partitioned table's index reads back as "ON ONLY" (the parent alone): rebuilt without
  // ONLY, it is built on every partition again.
  return rows.map((r) => ({ ...r, definition: r.definition.replace(" ON ONLY ", " ON ") }));
}

/** Whether the events table holds no row at all (the only case the indexes are dropped in). */
export async function eventsTableIsEmpty(pool: pg.Pool): Promise<boolean> {
  const { rowCount } = await pool.query("SELECT 1 FROM events LIMIT 1");
  return rowCount === 0;
}

export async function withoutSecondaryIndexes<T>(pool: pg.Pool, work: () => Promise<T>, log: (line: string) => void): Promise<T> {
  const indexes = await secondaryIndexes(pool);
  log(`dropping ${indexes.length} secondary indexes for the load; to rebuild them by hand:`);
  for (const index of indexes) log(`  ${index.definition};`);
  for (const index of indexes) await pool.query(`DROP INDEX IF EXISTS "${index.name}"`);
  try {
    return await work();
  } finally {
    const started = Date.now();
    log(`rebuilding ${indexes.length} indexes...`);
    // Two at a time (one per core here); each with room to sort in memory.
    const queue = [...indexes];
    await Promise.all(
      [0, 1].map(async () => {
        const client = await pool.connect();
        try {
          await client.query("SET maintenance_work_mem = '256MB'");
          for (let index = queue.shift(); index; index = queue.shift()) await client.query(index.definition);
        } finally {
          client.release();
        }
      }),
    );
    await pool.query(`ANALYZE ${TABLES.join(", ")}, event_dedup_keys`);
    log(`indexes rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
