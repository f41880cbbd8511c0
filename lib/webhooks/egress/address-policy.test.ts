import { describe, expect, it } from "vitest";
import { parseAllowList } from "@/lib/config/webhook-allow-list";
import { addressPolicy, endpointPolicy } from "@/lib/webhooks/egress/address-policy";

const policy = addressPolicy(
  parseAllowList("127.0.0.1,127.0.0.2:8443,[::1]:8443,10.20.0.0/16,10.30.0.0/16:443,receiver.internal:8443,hooks.internal")
    .entries,
);

// [connected address, host of the URL, port, may connect, response shown]
const TABLE: [string, string, number, boolean, boolean][] = [
  ["93.184.215.14", "example.com", 443, true, true],
  ["2002:808:808::1", "example.com", 443, true, true],
  // An entry without a port opens delivery to every port, never the response.
  ["127.0.0.1", "127.0.0.1", 3000, true, false],
  ["::ffff:127.0.0.1", "127.0.0.1", 8443, true, false],
  ["10.20.1.1", "10.20.1.1", 443, true, false],
  ["10.20.1.1", "hooks.internal", 9200, true, false],
  ["10.9.9.9", "hooks.internal", 9200, true, false],
  // An entry with a port opens that port, with its response, and nothing else.
  ["127.0.0.2", "127.0.0.2", 8443, true, true],
  ["127.0.0.2", "127.0.0.2", 8444, false, false],
  ["::1", "::1", 8443, true, true],
  ["::1", "::1", 22, false, false],
  ["10.30.0.9", "10.30.0.9", 443, true, true],
  ["10.30.0.9", "10.30.0.9", 80, false, false],
  ["10.1.1.1", "receiver.internal", 8443, true, true],
  ["10.1.1.1", "receiver.internal", 8080, false, false],
  // Transition forms of allow-listed addresses are not the allow-listed address.
  ["2002:7f00:1::1", "2002:7f00:1::1", 3000, false, false],
  ["::127.0.0.1", "::127.0.0.1", 3000, false, false],
  ["64:ff9b::7f00:2", "64:ff9b::7f00:2", 8443, false, false],
  // Refused and not allow-listed.
  ["127.0.0.3", "127.0.0.3", 80, false, false],
  ["169.254.169.254", "169.254.169.254", 80, false, false],
  ["::ffff:0:a9fe:a9fe", "::ffff:0:a9fe:a9fe", 80, false, false],
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:0:4136:e378:8000:63bf:80ff:fffe", 80, false, false],
];

describe("address policy", () => {
  it.each(TABLE)("%s (%s:%i) → connect %s, response %s", (address, host, port, connect, shown) => {
    expect(policy.addressPermitted(address, host, port)).toBe(connect);
    expect(policy.responseVisible(address, host, port)).toBe(shown);
  });

  it("checks URLs at creation: literal addresses, local names, ports", () => {
    expect(policy.hostPermitted("example.com", 443)).toBe(true);
    expect(policy.hostPermitted("localhost", 80)).toBe(false);
    expect(policy.hostPermitted("receiver.internal", 8443)).toBe(true);
    expect(policy.hostPermitted("receiver.internal", 443)).toBe(false);
    expect(policy.hostPermitted("hooks.internal", 1)).toBe(true);
    expect(policy.hostPermitted("127.0.0.2", 8443)).toBe(true);
    expect(policy.hostPermitted("127.0.0.2", 80)).toBe(false);
    expect(policy.hostPermitted("::7f00:1", 80)).toBe(false);
    expect(policy.hostPermitted("2002:a9fe:a9fe::1", 80)).toBe(false);
    expect(policy.hostPermitted("64:ff9b:1::a9fe:a9fe", 80)).toBe(false);
  });

  it("holds a URL a merchant account set to public addresses, whatever the allow-list", () => {
    const merchants = endpointPolicy(false);
    expect(merchants.hostPermitted("example.com", 443)).toBe(true);
    expect(merchants.addressPermitted("93.184.215.14", "example.com", 443)).toBe(true);
    for (const port of [22, 80, 3000, 5432, 6379, 8443]) {
      expect(merchants.hostPermitted("127.0.0.1", port)).toBe(false);
      expect(merchants.addressPermitted("127.0.0.1", "127.0.0.1", port)).toBe(false);
      expect(merchants.allowedBy("127.0.0.1", port)).toBeUndefined();
    }
    expect(merchants.hostPermitted("receiver.internal", 8443)).toBe(false);
  });
});
