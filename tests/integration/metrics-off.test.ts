// Without METRICS_TOKEN, GET /metrics is off: 404 whatever the caller sends (issue 24, section 2).
import { describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/metrics/route";

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
});
