// INSTANCE_ROLE=worker: an instance that runs the pipeline and takes notifications, and refuses
// every other API call (503 naming where to send it), so a platform can scale and isolate the
// two apart. Tokens are still issued there: terminals sign in where they send.
import { describe, expect, it, vi } from "vitest";
import { GET as listProviders } from "@/app/v1/providers/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { call, tokensOf } from "../support/api";
import { cardEventData } from "../support/event-data";

vi.hoisted(() => {
  process.env.INSTANCE_ROLE = "worker";
});

const tokens = tokensOf("admin", "ingest");

describe("a worker instance", () => {
  it("takes notifications and refuses other API calls with 503", async () => {
    const notification = await call(ingest, "/v1/webhooks/events", { token: tokens.ingest, body: cardEventData() });
    expect(notification.status).toBe(202);
    const refused = await call(listProviders, "/v1/providers", { token: tokens.admin });
    expect(refused.status).toBe(503);
    expect(refused.json.detail).toMatch(/api instance/);
  });
});
