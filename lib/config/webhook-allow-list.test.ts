import { describe, expect, it } from "vitest";
import { parseAllowList, parseAllowListEntry } from "@/lib/config/webhook-allow-list";
import { buildEnv } from "@/lib/env";

describe("WEBHOOK_ALLOWED_ADDRESSES entries", () => {
  it.each([
    ["127.0.0.1", { host: "127.0.0.1", prefix: null, port: null }],
    ["127.0.0.1:8443", { host: "127.0.0.1", prefix: null, port: 8443 }],
    ["[::1]:8443", { host: "::1", prefix: null, port: 8443 }],
    ["[::1]", { host: "::1", prefix: null, port: null }],
    ["::1", { host: "::1", prefix: null, port: null }],
    ["fd00::/8", { host: "fd00::", prefix: 8, port: null }],
    ["[fd00::/8]:443", { host: "fd00::", prefix: 8, port: 443 }],
    ["10.20.0.0/16", { host: "10.20.0.0", prefix: 16, port: null }],
    ["10.20.0.0/16:443", { host: "10.20.0.0", prefix: 16, port: 443 }],
    ["Receiver.Internal", { host: "receiver.internal", prefix: null, port: null }],
    ["receiver.internal:8443", { host: "receiver.internal", prefix: null, port: 8443 }],
  ])("%s", (text, expected) => {
    expect(parseAllowListEntry(text)).toEqual(expected);
  });

  it.each([
    "127.0.0.1:0",
    "127.0.0.1:65536",
    "127.0.0.1:http",
    "[127.0.0.1]:80",
    "10.0.0.0/33",
    "10.0.0.0/8/8",
    "host name",
    "http://receiver.internal",
    "a:b:c",
  ])("refuses %s", (text) => {
    expect(typeof parseAllowListEntry(text)).toBe("string");
  });

  it("splits on commas, and a malformed entry stops start-up naming it", () => {
    expect(parseAllowList(" 127.0.0.1:8443, ,hooks.internal ").entries).toHaveLength(2);
    expect(() => buildEnv({ WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1,127.0.0.1:99999" })).toThrow(/127\.0\.0\.1:99999/);
    expect(buildEnv({ WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1:8443" }).webhooks.allowedAddresses).toEqual([
      { host: "127.0.0.1", prefix: null, port: 8443 },
    ]);
  });
});
