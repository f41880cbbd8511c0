// A small seeded pseudo-random generator (mulberry32) and the draws the demo data needs.
// Not for anything secret: it exists so that one seed always yields the same demo data.

export type Weighted<T> = readonly (readonly [T, number])[];

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";

export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted<T>(items: Weighted<T>): T {
    let total = 0;
    for (const [, weight] of items) total += weight;
    let r = this.next() * total;
    for (const [item, weight] of items) {
      r -= weight;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** A standard normal draw (Box-Muller). */
  normal(): number {
    const u = 1 - this.next(); // (0, 1]: log(0) is -Infinity
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** A log-normal draw around a median: prices, basket sizes and shop volumes are skewed so. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  chars(length: number, alphabet: string): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  digits(length: number): string {
    return this.chars(length, DIGITS);
  }

  /** Uppercase letters and digits. */
  alphanumeric(length: number): string {
    return this.chars(length, ALPHANUMERIC);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** An independent generator for one concern, so adding draws in one place does not shift another's. */
  fork(label: string): SeededRandom {
    let h = this.state ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
    return new SeededRandom(h >>> 0);
  }
}
