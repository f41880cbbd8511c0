import { describe, expect, it } from "vitest";
import { duplicateMemberPaths } from "@/lib/validation/json-members";

describe("duplicateMemberPaths", () => {
  it("finds a member named twice, at any depth, by its path", () => {
    expect(duplicateMemberPaths('{"role":"viewer","role":"admin"}')).toEqual([["role"]]);
    expect(duplicateMemberPaths('{"a":[1,{"b":{"c":1,"d":[],"c":2}}]}')).toEqual([["a", "1", "b", "c"]]);
    expect(duplicateMemberPaths('[{"x":1},{"y":1,"y":2}]')).toEqual([["1", "y"]]);
  });

  it("compares decoded names and ignores brackets, commas and quotes inside strings", () => {
    expect(duplicateMemberPaths('{"a":1,"\\u0061":2}')).toEqual([["a"]]);
    expect(duplicateMemberPaths('{"a\\"b":"},{[,","a\\"b":1}')).toEqual([['a"b']]);
    expect(duplicateMemberPaths('{"k":"v","x":{"k":"v"},"y":[{"k":1},{"k":2}]}')).toEqual([]);
  });

  it("scans a hostile 1 MiB object in linear time", () => {
    const members = Array.from({ length: 100_000 }, (_, i) => `"k${i}":${i}`).join(",");
    // This process's CPU time, not the wall clock: other work on a loaded machine stretches the
    // latter, while a quadratic scan of 150,000 members would take minutes of the former.
    const started = process.cpuUsage();
    expect(duplicateMemberPaths(`{${members},"k5":0}`)).toEqual([["k5"]]);
    expect(duplicateMemberPaths(`{${'"a":1,'.repeat(150_000)}"a":1}`)).toHaveLength(150_000);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(2_000);
  });
});
