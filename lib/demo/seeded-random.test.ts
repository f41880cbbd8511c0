import { describe, expect, it } from "vitest";
import { SeededRandom } from "@/lib/demo/seeded-random";

const draws = (random: SeededRandom, n: number) => Array.from({ length: n }, () => random.next());

describe("SeededRandom", () => {
  it("repeats itself for one seed and differs between seeds", () => {
    expect(draws(new SeededRandom(42), 50)).toEqual(draws(new SeededRandom(42), 50));
    expect(draws(new SeededRandom(42), 50)).not.toEqual(draws(new SeededRandom(43), 50));
  });

  it("draws floats in [0, 1) and integers within both bounds", () => {
    const random = new SeededRandom(1);
    const floats = draws(random, 10_000);
    expect(Math.min(...floats)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...floats)).toBeLessThan(1);
    const ints = new Set(Array.from({ length: 1_000 }, () => random.int(2, 5)));
    expect([...ints].sort()).toEqual([2, 3, 4, 5]);
  });

  it("follows the weights it is given", () => {
    const random = new SeededRandom(3);
    let heavy = 0;
    for (let i = 0; i < 20_000; i++)
      if (
        random.weighted([
          ["heavy", 9],
          ["light", 1],
        ] as const) === "heavy"
      )
        heavy++;
    expect(heavy / 20_000).toBeGreaterThan(0.88);
    expect(heavy / 20_000).toBeLessThan(0.92);
  });

  it("centres log-normal draws on their median", () => {
    const random = new SeededRandom(5);
    const values = Array.from({ length: 10_001 }, () => random.logNormal(1000, 0.8)).sort((a, b) => a - b);
    expect(values[5_000]).toBeGreaterThan(950);
    expect(values[5_000]).toBeLessThan(1050);
  });

  it("makes strings of the asked length and alphabet", () => {
    const random = new SeededRandom(9);
    expect(random.digits(12)).toMatch(/^\d{12}$/);
    expect(random.alphanumeric(8)).toMatch(/^[0-9A-Z]{8}$/);
  });

  it("forks independent streams: one's draws do not shift another's", () => {
    const a = new SeededRandom(11);
    const b = new SeededRandom(11);
    const fromA = a.fork("events");
    draws(b.fork("merchants"), 100);
    expect(draws(fromA, 10)).toEqual(draws(b.fork("events"), 10));
    expect(draws(a.fork("x"), 10)).not.toEqual(draws(a.fork("y"), 10));
  });
});
