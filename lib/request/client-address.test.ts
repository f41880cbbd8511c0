import { describe, expect, it } from "vitest";
import { forwardedClientAddress } from "@/lib/request/client-address";

describe("forwardedClientAddress", () => {
  it("takes the socket's entry without trusted proxies, whatever the client wrote before it", () => {
    expect(forwardedClientAddress("6.6.6.6, 10.0.0.5", 0)).toBe("10.0.0.5");
  });

  // Behind a load balancer every socket address is the balancer's: with hops 0 all clients
  // shared one limit (a defect the first security review found).
  it("takes the entry the trusted proxies appended, never one the client forged", () => {
    // client forged 6.6.6.6; the balancer appended the client's 203.0.113.7; our server the balancer's 10.0.0.5
    expect(forwardedClientAddress("6.6.6.6, 203.0.113.7, 10.0.0.5", 1)).toBe("203.0.113.7");
    expect(forwardedClientAddress("203.0.113.7, 10.0.0.9, 10.0.0.5", 2)).toBe("203.0.113.7");
    expect(forwardedClientAddress("10.0.0.5", 1)).toBe("10.0.0.5");
    expect(forwardedClientAddress("", 1)).toBeUndefined();
    expect(forwardedClientAddress(null, 0)).toBeUndefined();
  });
});
