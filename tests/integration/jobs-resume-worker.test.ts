// A background job left running by a stopped server is resumed by the maintenance schedule of
// another instance (started with its event worker) once its lease expires, without anyone reading
// the job (jobs have a lease). The schedule's chores (purges, partitions) reach the
// whole database, so this file runs on a database of its own (on the PostgreSQL server of the
// run; the in-memory default is per file already).
import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import { call, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { staleRetryJob } from "../support/stale-retry-job";

runOnOwnDatabase("pic_jobs", {
  beforeClose: async () => {
    const { stopMaintenance } = await import("@/lib/maintenance/maintenance-schedule");
    await stopMaintenance();
  },
});

describe("the maintenance schedule", () => {
  it("resumes a running job whose lease expired, without anyone reading it", async () => {
    const ingester = (await userWithTokens("ingest")).accessToken;
    const mid = `MW${randomBytes(5).toString("hex")}`;
    const events = Array.from({ length: 5 }, () =>
      cardEventData({ acquirerName: "rede", acquirerMerchantIdentifier: mid, acquirerTerminalIdentifier: "TIDWORK1" }),
    );
    const stored = await call(ingestBatch, "/v1/webhooks/events/batch", { token: ingester, body: { events } });
    expect(stored.json.data.map((d: { status: string }) => d.status)).toEqual(Array(5).fill("failed"));
    await insertCredential({ acquirer: "rede", mid, tid: "TIDWORK1" });
    const job = await staleRetryJob({ mid, total: 5, expiredAt: new Date(Date.now() - 1000) });

    const { startMaintenance } = await import("@/lib/maintenance/maintenance-schedule");
    startMaintenance();
    await vi.waitFor(
      async () => expect((await db().eventRetryJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("done"),
      { timeout: 20_000, interval: 100 },
    );
    const done = await db().eventRetryJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ retried: 5, processed: 5, failed: 0 });
    expect(done.leasedBy).not.toBe("stopped-instance");
  });
});
