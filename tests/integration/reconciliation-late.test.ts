// Late notifications and the missing sales they close, after a statement with many of them on one
// terminal (the case reconciliation exists for: an acquirer whose notifications were down): a
// notification costs its ingestion a probe by equality, never a pass over that terminal's open
// sales; the import leaves the planner's statistics fresh (the embedded database has no
// autovacuum); and, on a server, a notification committed while the statement is being matched
// (after the payments were read, before the import's commit) still closes its sale.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listExceptions } from "@/app/v1/reconciliation/exceptions/route";
import { POST as importFile } from "@/app/v1/reconciliation/imports/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import type { EventDataInput } from "@/lib/events/data-schema";
import { closeAllLateNotifications } from "@/lib/reconciliation/close-late-notifications";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { card, cardEventData } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { csvFile, saoPauloDay } from "../support/statement-files";

runOnOwnDatabase("pic_reconciliation_late");

const tokens = tokensOf("operator", "ingest");
/** Enough that a pass over them per notification is hundreds of thousands of rows for a batch. */
const MISSING = 3_000;
const BATCH = 100;

const upload = (text: string) =>
  call(importFile, "/v1/reconciliation/imports", {
    method: "POST",
    token: tokens.operator,
    rawBody: text,
    headers: { "content-type": "text/csv" },
  });

async function ingest(events: EventDataInput[]): Promise<string[]> {
  const res = await call(ingestBatch, "/v1/webhooks/events/batch", { token: tokens.ingest, body: { events } });
  expect(res.status, res.text).toBe(200);
  return (res.json.data as { id: string }[]).map((r) => r.id);
}

async function exceptionsOf(importId: string) {
  const res = await call(listExceptions, `/v1/reconciliation/exceptions?import_id=${importId}&limit=100`, {
    token: tokens.operator,
  });
  expect(res.status, res.text).toBe(200);
  return res.json.data as Record<string, any>[];
}

describe("a terminal with thousands of open missing sales", () => {
  const today = saoPauloDay();
  let terminal: { mid: string; tid: string };
  let importId: string;

  beforeAll(async () => {
    terminal = await insertCredential({ acquirer: "rede" });
    const sale = { acquirer: "rede", mid: terminal.mid, tid: terminal.tid, sale_date: today, sale_time: "12:00:00" };
    const res = await upload(
      csvFile(
        Array.from({ length: MISSING }, (_, i) => ({
          ...sale,
          nsu: String(100_000 + i),
          authorization_code: `M${String(i).padStart(5, "0")}`,
          amount: 1_000 + i,
          card_last4: "4321",
          status: "approved",
        })),
      ),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json.summary).toMatchObject({ sales: MISSING, missingNotification: MISSING });
    importId = res.json.id;
  }, 120_000);

  it("costs a batch of notifications on it a probe each, not a pass over them", async () => {
    const rowsRead = await db()
      .$transaction(async (tx) => {
        // A batch of notifications of that terminal that no sale of it lists, stored as ingestion
        // stores them (the trigger on events runs); what the transaction read of the sales is
        // counted by PostgreSQL itself, then everything is rolled back.
        await tx.$executeRawUnsafe(
          `INSERT INTO events (id, type, status, data, acquirer_name, acquirer_merchant_identifier, acquirer_terminal_identifier,
             transaction_status, authorization_code, retrieval_reference_number, card_last4)
           SELECT 'probe' || lpad(g::text, 15, '0'), 'payment.completed', 'processed',
             jsonb_build_object('transactionType', 'authorization', 'amount', 1000 + g), 'rede', $1, $2,
             'approved', 'P' || g, (900000 + g)::text, '4321'
           FROM generate_series(1, ${BATCH}) g`,
          terminal.mid,
          terminal.tid,
        );
        const [read] = await tx.$queryRawUnsafe<{ n: number }[]>(
          `SELECT (coalesce(sum(seq_tup_read), 0) + coalesce(sum(idx_tup_fetch), 0))::int AS n
           FROM pg_stat_xact_user_tables WHERE relname = 'reconciliation_exceptions'`,
        );
        throw new RolledBack(Number(read?.n ?? 0));
      })
      .catch((error: unknown) => {
        if (error instanceof RolledBack) return error.rowsRead;
        throw error;
      });
    // The trigger of migration *_reconciliation read every open sale of the terminal per
    // notification (MISSING × BATCH); a probe by equality reads none of them here.
    expect(rowsRead).toBeLessThanOrEqual(BATCH);
  });

  it("leaves the statistics of what the import wrote fresh", async () => {
    const rows = await db().$queryRawUnsafe<{ relname: string; reltuples: number; rows: number }[]>(
      `SELECT c.relname, c.reltuples::float8 AS reltuples, t.rows
       FROM pg_class c JOIN (
         SELECT 'reconciliation_exceptions' AS relname, count(*)::float8 AS rows FROM reconciliation_exceptions
         UNION ALL SELECT 'reconciliation_sales', count(*)::float8 FROM reconciliation_sales
       ) t ON t.relname = c.relname`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.reltuples, row.relname).toBe(row.rows);
  });

  it("is closed sale by sale by the notifications that arrive late, after their commit", async () => {
    const [late] = await ingest([
      cardEventData({
        acquirerName: "rede",
        acquirerMerchantIdentifier: terminal.mid,
        acquirerTerminalIdentifier: terminal.tid,
        retrievalReferenceNumber: "100007",
        authorizationCode: "M00007",
        amount: 1_007,
        cardData: card("4321"),
      }),
    ]);
    await closeAllLateNotifications();
    const closed = await db().reconciliationException.findMany({ where: { importId, status: "resolved" } });
    expect(closed.map((e) => [e.nsu, e.eventId, e.resolvedBy])).toEqual([["100007", late, "system"]]);
  });
});

class RolledBack extends Error {
  constructor(readonly rowsRead: number) {
    super("rolled back");
  }
}

// The window exists only where the import's transaction and the notifications run side by side.
describe.runIf(process.env.TEST_SERVER_DATABASE === "1")("a notification committed while its statement is matched", () => {
  it("closes its sale once the import is committed", async () => {
    const today = saoPauloDay();
    const terminal = await insertCredential({ acquirer: "rede" });
    const sale = {
      acquirer: "rede",
      mid: terminal.mid,
      tid: terminal.tid,
      sale_date: today,
      sale_time: "12:00:00",
      nsu: "777001",
      authorization_code: "WIN001",
      amount: 7_770,
      card_last4: "7777",
      status: "approved",
    };
    // The import's last statement writes its audit entry, after the matching and its exceptions:
    // holding that table keeps the import between its matching and its commit while the
    // notification is stored and committed.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    holder.on("error", () => {});
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE audit_log IN SHARE MODE");
      const holderPid = (await holder.query("SELECT pg_backend_pid() AS pid")).rows[0].pid as number;
      const importing = upload(csvFile([sale]));
      // Asked on another connection: a transaction sees one snapshot of pg_stat_activity.
      const blocked = async () => {
        const [row] = await db().$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid)) AND query LIKE 'INSERT INTO audit_log%'`,
          holderPid,
        );
        return Number(row?.n) > 0;
      };
      while (!(await blocked())) await new Promise((resolve) => setTimeout(resolve, 20));
      const [late] = await ingest([
        cardEventData({
          acquirerName: "rede",
          acquirerMerchantIdentifier: terminal.mid,
          acquirerTerminalIdentifier: terminal.tid,
          retrievalReferenceNumber: "777001",
          authorizationCode: "WIN001",
          amount: 7_770,
          cardData: card("7777"),
        }),
      ]);
      await holder.query("COMMIT");
      const res = await importing;
      expect(res.status, res.text).toBe(201);
      // The matching read the payments before the notification was committed.
      expect(res.json.summary).toMatchObject({ sales: 1, missingNotification: 1 });
      await closeAllLateNotifications();
      expect(await exceptionsOf(res.json.id)).toMatchObject([
        {
          kind: "missing_notification",
          status: "resolved",
          resolvedBy: "system",
          eventId: late,
        },
      ]);
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      await holder.end();
    }
  }, 60_000);
});
