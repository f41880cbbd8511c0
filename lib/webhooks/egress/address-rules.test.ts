import { describe, expect, it } from "vitest";
import { publicAddress, unmappedAddress } from "@/lib/webhooks/egress/address-rules";

// [address, reachable without the allow-list, why]
const TABLE: [string, boolean, string][] = [
  ["93.184.215.14", true, "public IPv4"],
  ["8.8.8.8", true, "public IPv4"],
  ["127.0.0.1", false, "loopback"],
  ["127.255.0.9", false, "loopback"],
  ["10.1.2.3", false, "private"],
  ["172.16.0.1", false, "private"],
  ["192.168.1.1", false, "private"],
  ["100.64.0.1", false, "shared"],
  ["169.254.169.254", false, "metadata"],
  ["0.0.0.0", false, "this network"],
  ["192.88.99.1", false, "6to4 relay anycast (deprecated)"],
  ["224.0.0.1", false, "multicast"],
  ["255.255.255.255", false, "broadcast"],
  ["2606:2800:21f:cb07:6820:80da:af6b:8b2c", true, "public IPv6"],
  ["2a00:1450:4001:80b::200e", true, "public IPv6"],
  ["::", false, "unspecified"],
  ["::1", false, "loopback"],
  ["::127.0.0.1", false, "IPv4-compatible (deprecated)"],
  ["::7f00:1", false, "IPv4-compatible (deprecated)"],
  ["::a9fe:a9fe", false, "IPv4-compatible (deprecated)"],
  ["::8.8.8.8", false, "IPv4-compatible (deprecated), even of a public address"],
  ["::ffff:127.0.0.1", false, "IPv4-mapped loopback"],
  ["::ffff:7f00:1", false, "IPv4-mapped loopback"],
  ["::ffff:a9fe:a9fe", false, "IPv4-mapped metadata"],
  ["::ffff:8.8.8.8", true, "IPv4-mapped public"],
  ["::ffff:0:7f00:1", false, "SIIT loopback"],
  ["::ffff:0:a00:1", false, "SIIT private"],
  ["::ffff:0:808:808", true, "SIIT public"],
  ["2002:7f00:1::1", false, "6to4 of loopback"],
  ["2002:a9fe:a9fe::1", false, "6to4 of metadata"],
  ["2002:c058:6301::1", false, "6to4 of the relay anycast"],
  ["2002:808:808::1", true, "6to4 of a public address"],
  ["64:ff9b::7f00:1", false, "NAT64 of loopback"],
  ["64:ff9b::a9fe:a9fe", false, "NAT64 of metadata"],
  ["64:ff9b::808:808", true, "NAT64 of a public address"],
  ["64:ff9b:1::a9fe:a9fe", false, "NAT64 local-use of metadata"],
  ["64:ff9b:1::808:808", false, "NAT64 local-use: some placement reads 0.0.x.x"],
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", false, "Teredo, client 127.0.0.1"],
  ["2001:0:4136:e378:8000:63bf:5601:5601", false, "Teredo, client 169.254.169.254 (inverted)"],
  ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", true, "Teredo, client 8.8.8.8, public server"],
  ["2001:0:a00:1:8000:63bf:f7f7:f7f7", false, "Teredo, private server"],
  ["2001:db8::1", false, "documentation"],
  ["2001:2::1", false, "benchmarking"],
  ["3fff::1", false, "documentation"],
  ["fc00::1", false, "unique local"],
  ["fd12:3456::1", false, "unique local"],
  ["fe80::1", false, "link-local"],
  ["fe80::1%eth0", false, "link-local with a zone"],
  ["fec0::1", false, "site-local (deprecated)"],
  ["ff02::1", false, "multicast"],
  ["100::1", false, "discard"],
  ["5f00::1", false, "SRv6, not global unicast"],
  ["localhost", false, "not an address"],
  ["", false, "empty"],
];

describe("publicAddress", () => {
  it.each(TABLE)("%s → %s (%s)", (address, expected) => {
    expect(publicAddress(address)).toBe(expected);
  });
});

describe("unmappedAddress", () => {
  it("reads IPv4-mapped IPv6 as IPv4 and leaves anything else alone", () => {
    expect(unmappedAddress("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(unmappedAddress("::ffff:7f00:1")).toBe("127.0.0.1");
    expect(unmappedAddress("::ffff:0:7f00:1")).toBe("::ffff:0:7f00:1");
    expect(unmappedAddress("2002:7f00:1::1")).toBe("2002:7f00:1::1");
  });
});
