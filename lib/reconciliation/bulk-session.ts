// One transaction for a bulk write and the statements that follow it (an import's sales, then
// its matching), on whichever database the process has: on a PostgreSQL server a connection of
// its own (not the API's pool, which a long import would hold; no statement timeout, since
// matching a million sales takes more than the API's 10 s) writing rows with COPY; on the embedded
// database, whose one connection is shared, a Prisma interactive transaction writing batched
// INSERTs from jsonb_to_recordset (PGlite has no COPY FROM STDIN). Either way a failure rolls
// everything back: nothing is half-written.
import "server-only";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";

/** A column of a bulk write: its name and its SQL type (for the embedded path's record definition). */
export type BulkColumn = { name: string; type: string };
export type BulkValue = string | number | bigint | null;

export type BulkSession = {
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Appends the rows to `table` (values in `columns`' order). */
  writeRows(table: string, columns: readonly BulkColumn[], rows: readonly BulkValue[][]): Promise<void>;
  /** Whether other connections can see what is written outside this transaction meanwhile (a server). */
  readonly concurrent: boolean;
};

/** Runs `work` in one transaction; committed when it returns, rolled back when it throws. */
export async function inBulkTransaction<T>(work: (session: BulkSession) => Promise<T>): Promise<T> {
  return env().serverDatabase ? onServer(work) : embedded(work);
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** A value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
function copyField(value: BulkValue): string {
  if (value === null) return "\\N";
  if (typeof value !== "string") return String(value);
  // Seventeen fields a sale, a million sales: most need no escape, and testing is cheaper than replacing.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

async function onServer<T>(work: (session: BulkSession) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: env().databaseUrl });
  // A connection whose server goes away must fail its queries, never crash the process.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL statement_timeout = 0");
    const copy = async (table: string, columns: readonly BulkColumn[], rows: readonly BulkValue[][]) => {
      const text = rows.map((row) => `${row.map(copyField).join("\t")}\n`).join("");
      const stream = client.query(copyFrom(`COPY ${table} (${columns.map((c) => c.name).join(", ")}) FROM STDIN`));
      await pipeline(async function* () {
        yield text;
      }, stream);
    };
    // One batch is written while the next is read: the server's work on a batch overlaps the
    // parsing of the next (two cores). A failed write surfaces at the next call or query.
    let writing: Promise<void> = Promise.resolve();
    const session: BulkSession = {
      concurrent: true,
      query: async (text, values = []) => {
        await writing;
        return (await client.query(text, values)).rows;
      },
      async writeRows(table, columns, rows) {
        const previous = writing;
        if (rows.length > 0) {
          writing = previous.then(() => copy(table, columns, rows));
          // Handled here so that a failure while nobody waits is no unhandled rejection; still thrown to whoever waits.
          writing.catch(() => {});
        }
        await previous;
      },
    };
    const result = await work(session);
    await session.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Rows per INSERT on the embedded database. */
const EMBEDDED_BATCH = 2_000;

function embedded<T>(work: (session: BulkSession) => Promise<T>): Promise<T> {
  return db().$transaction(
    async (tx) => {
      const query = (text: string, values: unknown[] = []) => tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values);
      return work({
        concurrent: false,
        query,
        async writeRows(table, columns, rows) {
          const names = columns.map((c) => c.name).join(", ");
          const record = columns.map((c) => `${c.name} ${c.type}`).join(", ");
          for (let i = 0; i < rows.length; i += EMBEDDED_BATCH) {
            const batch = rows
              .slice(i, i + EMBEDDED_BATCH)
              .map((row) =>
                Object.fromEntries(columns.map((c, j) => [c.name, typeof row[j] === "bigint" ? String(row[j]) : row[j]])),
              );
            await tx.$executeRawUnsafe(
              `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${record})`,
              JSON.stringify(batch),
            );
          }
        },
      });
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );
}
