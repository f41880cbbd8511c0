// The load-time index swap against the test run's server database: the secondary indexes are
// gone during the work and come back exactly as the migrations made them, even when the work fails.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { withoutSecondaryIndexes } from "@/lib/demo/secondary-indexes";
import { env } from "@/lib/env";

const INDEXES = `SELECT pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
  JOIN pg_class t ON t.oid = x.indrelid WHERE t.relname IN ('events', 'event_attempts') ORDER BY 1`;

describe.runIf(env().serverDatabase)("withoutSecondaryIndexes", () => {
  const pool = new pg.Pool({ connectionString: env().databaseUrl, max: 3 });
  afterAll(() => pool.end());
  const definitions = async () => (await pool.query<{ definition: string }>(INDEXES)).rows.map((r) => r.definition);

  it("drops the non-unique indexes for the work and rebuilds the same ones, even when the work fails", async () => {
    const before = await definitions();
    expect(before.some((d) => d.includes("events_status_created_at_id_idx"))).toBe(true);
    const lines: string[] = [];
    const during = await withoutSecondaryIndexes(pool, definitions, (line) => lines.push(line));
    expect(during.length).toBeLessThan(before.length);
    expect(during.every((d) => d.includes("UNIQUE"))).toBe(true);
    expect(await definitions()).toEqual(before);
    expect(lines.join("\n")).toContain("CREATE INDEX events_status_created_at_id_idx");

    await expect(
      withoutSecondaryIndexes(
        pool,
        async () => {
          throw new Error("load failed");
        },
        () => {},
      ),
    ).rejects.toThrow("load failed");
    expect(await definitions()).toEqual(before);
  });
});
