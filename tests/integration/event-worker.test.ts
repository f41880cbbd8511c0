// The event worker as the server runs it, in the background: it drains the events stored pending,
// and whenEventWorkerIdle() returns once a batch that began after the call found none left.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { PROCESS_BATCH } from "@/lib/events/process/process-events";
import { startEventWorker, stopEventWorker, whenEventWorkerIdle } from "@/lib/events/process/worker";
import { insertPendingEvents } from "../support/events";

afterEach(() => stopEventWorker());

describe("the event worker", () => {
  it("drains pending events in batches, then is idle", async () => {
    startEventWorker();
    const ids = await insertPendingEvents(PROCESS_BATCH + 10);
    await whenEventWorkerIdle();
    expect(await db().event.count({ where: { id: { in: ids }, status: "pending" } })).toBe(0);
  });

  it("is not waited for when it is not running", async () => {
    await expect(whenEventWorkerIdle()).rejects.toThrow("not running");
  });
});
