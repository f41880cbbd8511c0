// Without METRICS_TOKEN, GET /metrics is off: 404 whatever the caller sends,
// and nothing is counted (the cost of metrics is measured against this: docs/benchmarks.md).
import { describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/metrics/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { call, userWithTokens } from "../support/api";
import { cardEventData } from "../support/event-data";

delete process.env.METRICS_TOKEN;

describe("GET /metrics without METRICS_TOKEN", () => {
  it("answers 404, with or without a bearer token", async () => {
    for (const headers of [{}, { authorization: "Bearer anything-at-all-here" }] as Record<string, string>[]) {
      const response = await metricsRoute(new Request("http://localhost/metrics", { headers }), {
        params: Promise.resolve({}),
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("pic_");
    }
  });

  it("counts nothing: a notification and its request leave the registry unmade", async () => {
    const { accessToken } = await userWithTokens("ingest");
    const res = await call(ingest, "/v1/webhooks/events", { token: accessToken, body: cardEventData() });
    expect(res.status).toBe(202);
    expect((globalThis as { __pic_metrics?: unknown }).__pic_metrics).toBeUndefined();
  });
});
