// GET /v1/webhooks/events/retention with EVENTS_RETENTION_MONTHS set (this file's own process:
// the configuration is read once, on first use).
import { describe, expect, it } from "vitest";
import { GET as retention } from "@/app/v1/webhooks/events/retention/route";
import { retentionCutoff } from "@/lib/events/retention/event-retention";
import { call, tokensOf } from "../support/api";

process.env.EVENTS_RETENTION_MONTHS = "6";

const tokens = tokensOf("viewer", "ingest");

describe("GET /v1/webhooks/events/retention", () => {
  it("says how many months are kept and the first instant still available", async () => {
    const res = await call(retention, "/v1/webhooks/events/retention", { token: tokens.viewer });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      retentionMonths: 6,
      oldestAvailable: retentionCutoff(new Date(), 6)?.toISOString(),
    });
    expect(res.json.oldestAvailable).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
  });

  it("is refused to an ingest account (no read permission)", async () => {
    const res = await call(retention, "/v1/webhooks/events/retention", { token: tokens.ingest });
    expect(res.status).toBe(403);
  });
});
