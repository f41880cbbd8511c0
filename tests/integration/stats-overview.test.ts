// The overview's counts come from a trigger-maintained rollup: they must equal what the events
// table says after inserts, processing, moves in time and compaction.
import { describe, expect, it } from "vitest";
import { GET as overview } from "@/app/v1/stats/overview/route";
import { db } from "@/lib/db/client";
import { compactEventCounts } from "@/lib/stats/compact-event-counts";
import { getEventOverview } from "@/lib/stats/event-overview";
import { call, userWithTokens } from "../support/api";
import { insertPendingEvents, setCreatedAt } from "../support/events";

describe("GET /v1/stats/overview", () => {
  it("counts by status, hour and failure reason, before and after compaction", async () => {
    const viewer = await userWithTokens("viewer");
    // Pending ones too: ingestion decides on arrival, a load leaves events pending.
    const ids = await insertPendingEvents(7);
    // A quiet hour of 2020 that no other test uses: 3 events at 10:xx, 4 at 11:xx.
    await setCreatedAt(ids, (i) => new Date(Date.UTC(2020, 0, 15, i < 3 ? 10 : 11, i, 0)));
    await db()
      .$executeRaw`UPDATE events SET status = 'failed', failure_reason = 'no_matching_credential' WHERE id IN (${ids[0]}, ${ids[3]})`;
    await db().$executeRaw`UPDATE events SET status = 'processed' WHERE id = ${ids[1]}`;
    const now = new Date(Date.UTC(2020, 0, 15, 12, 30));

    const check = async () => {
      const o = await getEventOverview({
        caller: { userId: viewer.user.id, username: viewer.user.username, role: "viewer" },
        period: "24h",
        now,
      });
      expect(o.totals).toEqual({ pending: 4, failed: 2, processed: 1, total: 7 });
      const at = (h: number) => o.series.find((p) => p.start === new Date(Date.UTC(2020, 0, 15, h)).toISOString());
      expect(at(10)).toMatchObject({ pending: 1, failed: 1, processed: 1, total: 3 });
      expect(at(11)).toMatchObject({ pending: 3, failed: 1, total: 4 });
      expect(o.series).toHaveLength(24);
      expect(o.topFailureReasons).toEqual([{ reason: "no_matching_credential", count: 2 }]);
    };
    await check();
    while ((await compactEventCounts()) > 0) {}
    await check();
  });

  it("serves 24h, 7d and 30d and refuses other periods", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const week = await call(overview, "/v1/stats/overview?period=7d", { token: accessToken });
    expect(week.status).toBe(200);
    expect(week.json.bucket).toBe("day");
    expect(week.json.series).toHaveLength(7);
    const bad = await call(overview, "/v1/stats/overview?period=1y", { token: accessToken });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe("period");
  });
});
