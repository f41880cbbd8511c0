// `npm run bench:search`: the forgiving searches (a MID by its beginning, a merchant's
// name without its accents, the search box by an authorization code in lower case) against the
// unfiltered first page and a deep page ((a) and (c) of `npm run bench`, as SQL), on the local
// PostgreSQL at each size of --sizes. The rows are made by SQL (generate_series) in a scratch
// database (bench_search_<pid>, never pic_*), grown from one size to the next, and dropped at the
// end unless --keep. Each statement is the events list's own (listEventsStatement), run unnamed as
// the list runs searches (planned for their values: eventStatementName), with a different value
// each run. Prints p50/p95 per query and size and the plan (EXPLAIN ANALYZE) of each at the
// largest size; --write puts the figures in docs/benchmarks.md ("search" section) and the plans in
// test-results/search-plans.md (git-ignored: plans are for reading, not for keeping).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import type { EventFilterQuery } from "@/lib/events/list/filter-conditions";
import { foldText } from "@/lib/search/fold-text";
import { withClient } from "@/tests/support/query-once";
import { freshServerSecrets } from "@/tests/support/scratch-server";
import { percentile } from "./support/offered-load";
import { writeReportSection } from "./support/report-section";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000000,10000000" },
    runs: { type: "string", default: "40" },
    keep: { type: "boolean", default: false },
    write: { type: "boolean", default: false },
    server: { type: "string", default: "postgresql://postgres@127.0.0.1:5432" },
    // Measure again on a database a --keep run left (its size: the last of --sizes); not dropped.
    reuse: { type: "string" },
  },
});
const SIZES = args.sizes.split(",").map(Number);
const RUNS = Number(args.runs);
const DATABASE = args.reuse ?? `bench_search_${process.pid}`;
const URL_OF = (name: string) => `${args.server}/${name}`;
const DATABASE_URL = URL_OF(DATABASE);
const MERCHANTS = 20_000;
const MIDS = 50_000;
const CHUNK = 1_000_000;
const PLANS_FILE = "test-results/search-plans.md";

// The words merchant names are made of: half of them accented, as Brazilian shop names are.
const FIRST = ["Salão", "Ótica", "Padaria", "Açougue", "Mercado", "Farmácia", "Café", "Restaurante", "Livraria", "Papelaria"];
const SECOND = ["São João", "Bela Vista", "Central", "do Povo", "Água Branca", "Progresso", "Estação", "Avenida"];

function sh(command: string, argv: string[], env: Record<string, string>): void {
  const r = spawnSync(command, argv, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${command} ${argv.join(" ")} failed`);
}

async function createDatabase(): Promise<void> {
  await withClient(URL_OF("postgres"), (admin) => admin.query(`CREATE DATABASE "${DATABASE}"`));
  sh("npx", ["tsx", "--conditions=react-server", "prisma/migrate.ts", "deploy"], { ...freshServerSecrets(), DATABASE_URL });
}

async function dropDatabase(): Promise<void> {
  await withClient(URL_OF("postgres"), (admin) => admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`));
}

const MERCHANTS_SQL = `
INSERT INTO merchants (id, name, tax_id, created_at, updated_at)
SELECT lpad(g::text, 20, '0'),
  ($1::text[])[1 + g % ${FIRST.length}] || ' ' || ($2::text[])[1 + (g / ${FIRST.length}) % ${SECOND.length}] || ' ' || g,
  lpad(g::text, 14, '0'), now(), now()
FROM generate_series(0, ${MERCHANTS - 1}) g`;

/**
 * Events [from, to) of `total`, spread over the last 365 days in order (a month partition each):
 * 50,000 MIDs of 8 digits (mid n is n * 1999, so a 4-digit beginning holds about 5 of them), 4
 * TIDs and serial numbers each, 2.5 MIDs per merchant, one event in 20 failed, random
 * authorization codes and RRNs. Loaded with the triggers off (session_replication_role), so
 * the body is built here as the trigger builds it (migration *_event_list_failure_reason) and
 * the owner is the named merchant; the overview's counters are not kept (no query here reads them).
 */
function eventsSql(from: number, to: number, total: number): string {
  return `
INSERT INTO events (id, type, status, data, merchant_id, terminal_id, acquirer_name, acquirer_merchant_identifier,
  acquirer_terminal_identifier, transaction_status, payment_method, authorization_code, retrieval_reference_number,
  card_last4, failure_reason, attempt_count, created_at, updated_at, owner_merchant_id, body)
SELECT id, type, status, data, merchant, 'T' || terminal, 'cielo', mid, tid, 'approved', 'credit_card', auth, rrn,
  lpad((g % 10000)::text, 4, '0'), reason, 1, at, at, merchant,
  '{"id":' || to_json(id)::text || ',"createdAt":"' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updatedAt":"' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","type":' || to_json(type)::text
    || ',"status":' || to_json(status)::text || ',"failureReason":' || COALESCE(to_json(reason)::text, 'null')
    || ',"data":' || data::text || '}'
FROM (
  SELECT *, CASE WHEN status = 'failed' THEN 'no_matching_credential' END AS reason FROM (
  SELECT g, lpad(g::text, 20, '0') AS id, at, mid, tid, merchant, terminal, auth, rrn,
    CASE WHEN g % 10 = 0 THEN 'payment.refunded' ELSE 'payment.completed' END AS type,
    CASE WHEN g % 20 = 0 THEN 'failed' ELSE 'processed' END AS status,
    jsonb_build_object('merchantId', merchant, 'terminalId', 'T' || terminal, 'acquirerName', 'cielo',
      'acquirerMerchantIdentifier', mid, 'acquirerTerminalIdentifier', tid, 'terminalSerialNumber', 'SN' || terminal,
      'authorizationCode', auth, 'retrievalReferenceNumber', rrn, 'amount', g % 100000, 'currency', 'BRL',
      'transactionStatus', 'approved', 'paymentMethod', 'credit_card') AS data
  FROM (
    SELECT g, now() - ((${total} - g)::float8 / ${total}) * interval '365 days' AS at,
      lpad(((g * 7919 % ${MIDS}) * 1999)::text, 8, '0') AS mid,
      lpad((((g * 7919 % ${MIDS}) * 4 + g % 4) * 499 % 100000000)::text, 8, '0') AS tid,
      lpad(((g * 7919 % ${MIDS}) % ${MERCHANTS})::text, 20, '0') AS merchant,
      lpad(((g * 7919 % ${MIDS}) * 4 + g % 4)::text, 8, '0') AS terminal,
      upper(translate(substr(md5(g::text), 1, 6), '0123456789', 'KLMNPQRSTU')) AS auth,
      lpad((g::int8 * 7 % 1000000000000)::text, 12, '0') AS rrn
    FROM generate_series(${from}::int8, ${to - 1}::int8) g
  ) x
) y) z`;
}

/**
 * Adds events [from, to): the events' secondary indexes are dropped first and built again after
 * (a bulk load with a dozen indexes and the row triggers ran at 2,000 rows/s here; this way the
 * 10M load takes minutes), each as the migrations define it.
 */
async function grow(from: number, to: number, total: number): Promise<void> {
  await withClient(DATABASE_URL, async (client) => {
    await client.query("SELECT ensure_event_partitions(((now() - interval '13 months') AT TIME ZONE 'UTC')::date, 14)");
    if (from === 0) await client.query(MERCHANTS_SQL, [FIRST, SECOND]);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = 'events'::regclass AND NOT x.indisprimary`,
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    await client.query("SET session_replication_role = replica");
    for (let start = from; start < to; start += CHUNK) {
      const started = Date.now();
      await client.query(eventsSql(start, Math.min(to, start + CHUNK), total));
      console.log(`  events ${start}..${Math.min(to, start + CHUNK)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    await client.query("RESET session_replication_role");
    const started = Date.now();
    await client.query("SET maintenance_work_mem = '256MB'");
    // pg_get_indexdef() of a partitioned index says ON ONLY (the parent alone): built on every month here.
    for (const index of indexes) await client.query(index.definition.replace(" ON ONLY ", " ON "));
    console.log(`  ${indexes.length} indexes built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await client.query("VACUUM ANALYZE events");
    await client.query("VACUUM ANALYZE merchants");
  });
}

const authorizationCodeOf = (g: number) =>
  createHash("md5")
    .update(String(g))
    .digest("hex")
    .slice(0, 6)
    .replace(/[0-9]/g, (digit) => "KLMNPQRSTU"[Number(digit)]!)
    .toUpperCase();

const merchantName = (g: number) => `${FIRST[g % FIRST.length]} ${SECOND[Math.floor(g / FIRST.length) % SECOND.length]} ${g}`;

type Scenario = { name: string; query: (run: number) => Record<string, string>; deep?: boolean };

const pick = <T>(list: readonly T[], run: number) => list[run % list.length]!;
const SCENARIOS: Scenario[] = [
  { name: "(a) first page, limit 20", query: () => ({ limit: "20" }) },
  { name: "(c) page half the events deep, limit 100", query: () => ({ limit: "100" }), deep: true },
  // A different beginning each run: 4 digits (about 5 MIDs, 1,000 events at 10M).
  {
    name: "MID by its first 4 digits, limit 20",
    query: (run) => ({ limit: "20", acquirer_merchant_id: String(1000 + run * 211).slice(0, 4) }),
  },
  {
    name: "MID by its first 2 digits, limit 20",
    query: (run) => ({ limit: "20", acquirer_merchant_id: String(10 + run).slice(0, 2) }),
  },
  {
    // One merchant's whole name, folded: "Salão São João 1000" typed "salao sao joao 1000".
    name: "merchant name without accents, lower case (one merchant), limit 20",
    query: (run) => ({ limit: "20", merchant_name: foldText(merchantName(1000 + run * 37)) }),
  },
  {
    name: "merchant name, a common word (otica), limit 20",
    query: (run) => ({ limit: "20", merchant_name: pick(["otica", "salao", "acougue", "farmacia"], run) }),
  },
  {
    // The first 4 characters of an event's code (as the SQL above makes it), typed in lower case.
    name: "q: authorization code's first 4 characters, lower case, limit 20",
    query: (run) => ({
      limit: "20",
      q: authorizationCodeOf(1 + run * 7919)
        .slice(0, 4)
        .toLowerCase(),
    }),
  },
];

async function measure(size: number, withPlans: boolean): Promise<{ rows: string[]; plans: string[] }> {
  const { listEventsStatement } = await import("@/lib/events/list/list-events");
  const { listEventsQuery } = await import("@/lib/events/event-contract");
  const { EVERY_MERCHANT } = await import("@/lib/access/tenant-scope");
  const { eventStatementName } = await import("@/lib/events/list/filter-conditions");
  const rows: string[] = [];
  const plans: string[] = [];
  await withClient(DATABASE_URL, async (client) => {
    const [middle] = (
      await client.query(
        `SELECT created_at, id FROM events ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(size / 2)} LIMIT 1`,
      )
    ).rows as { created_at: Date; id: string }[];
    const statementOf = (scenario: Scenario, run: number) => {
      const { cursor: _cursor, ...query } = listEventsQuery.parse(scenario.query(run));
      const after = scenario.deep && middle ? { createdAt: middle.created_at, id: middle.id } : undefined;
      return listEventsStatement(query, after, EVERY_MERCHANT);
    };
    for (const scenario of SCENARIOS) {
      const times: number[] = [];
      let matched = 0;
      for (let run = -3; run < RUNS; run++) {
        const { text, values } = statementOf(scenario, run + 3);
        // Named as the list names it: the searches run unnamed (planned for their values), the rest prepared once.
        const name = eventStatementName("bench_search", text, scenario.query(run + 3) as EventFilterQuery);
        const started = process.hrtime.bigint();
        const result = await client.query({ name, text, values });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (run >= 0) times.push(ms);
        matched += Math.min(result.rows[0]?.rows ?? 0, Number(scenario.query(0).limit) + 1);
      }
      times.sort((a, b) => a - b);
      const line = `| ${size.toLocaleString("en")} | ${scenario.name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${(matched / (RUNS + 3)).toFixed(1)} |`;
      console.log(line);
      rows.push(line);
      if (withPlans) {
        const { text, values } = statementOf(scenario, 1);
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values);
        plans.push(
          `### ${scenario.name} (${size.toLocaleString("en")} events; ${JSON.stringify(scenario.query(1))})`,
          "",
          "```",
          ...plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]!),
          "```",
          "",
        );
      }
    }
  });
  return { rows, plans };
}

async function main(): Promise<void> {
  Object.assign(process.env, freshServerSecrets(), { DATABASE_URL });
  if (!args.reuse) await createDatabase();
  const rows: string[] = [];
  let plans: string[] = [];
  try {
    let have = 0;
    for (const size of args.reuse ? SIZES.slice(-1) : SIZES) {
      if (args.reuse) {
        const measured = await measure(size, true);
        rows.push(...measured.rows);
        plans = measured.plans;
        continue;
      }
      console.log(`Growing ${DATABASE} to ${size.toLocaleString("en")} events...`);
      await grow(have, size, SIZES[SIZES.length - 1]!);
      have = size;
      const measured = await measure(size, size === SIZES[SIZES.length - 1]);
      rows.push(...measured.rows);
      if (measured.plans.length) plans = measured.plans;
    }
  } finally {
    if (!args.keep && !args.reuse) await dropDatabase();
  }
  const markdown = [
    "## Search: `npm run bench:search`",
    "",
    `PostgreSQL 15 on this machine (${cpus().length} cores, shared with other work: compare the rows of one run, not runs).`,
    `Rows made by SQL (${MERCHANTS.toLocaleString("en")} merchants, ${MIDS.toLocaleString("en")} MIDs, a year of monthly partitions);`,
    `each query is the events list's statement for the page, run ${RUNS} times with a different value each time (after 3 warm-up runs): the searches unnamed (planned for their values), (a) and (c) prepared, as the list runs them.`,
    "Milliseconds inside PostgreSQL and the driver (no HTTP); rows: the page's rows read (limit + 1 when more follow), averaged.",
    "",
    "| events | query | p50 ms | p95 ms | rows |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `The plan (\`EXPLAIN (ANALYZE, BUFFERS)\`) of each query at the largest size: \`npm run bench:search -- --write\` writes them to ${PLANS_FILE} (not committed).`,
  ];
  const plansMarkdown = [
    "# Search plans: `npm run bench:search -- --write`",
    "",
    "The plan of each query of docs/benchmarks.md (section Search) at its largest size, as this run left it.",
    "",
    ...plans,
  ];
  if (args.write) {
    writeReportSection("docs/benchmarks.md", "search", markdown);
    mkdirSync("test-results", { recursive: true });
    writeFileSync(PLANS_FILE, `${plansMarkdown.join("\n")}\n`);
    console.log(`wrote ${PLANS_FILE}`);
  } else console.log([...markdown, "", ...plans].join("\n"));
}

await main();
