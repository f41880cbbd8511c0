import { describe, expect, it } from "vitest";
import { routePattern } from "@/lib/metrics/route-pattern";

describe("routePattern", () => {
  it("names each dynamic segment instead of its value", () => {
    expect(routePattern("/v1/webhooks/events/d4k2abc", { id: "d4k2abc" })).toBe("/v1/webhooks/events/{id}");
    expect(routePattern("/v1/webhook-endpoints/ep1/deliveries/dl9/resend", { id: "ep1", deliveryId: "dl9" })).toBe(
      "/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend",
    );
  });

  it("matches encoded segments and leaves static routes alone", () => {
    expect(routePattern("/v1/merchants/a%20b", { id: "a b" })).toBe("/v1/merchants/{id}");
    expect(routePattern("/v1/webhooks/events", {})).toBe("/v1/webhooks/events");
  });

  it("collapses a catch-all's segments, however deep the made-up path", () => {
    expect(routePattern("/v1/no/such/thing/here", { unknown: ["no", "such", "thing", "here"] })).toBe("/v1/{...unknown}");
    expect(routePattern("/v1/v1/v1", { unknown: ["v1", "v1"] })).toBe("/{...unknown}");
  });
});
