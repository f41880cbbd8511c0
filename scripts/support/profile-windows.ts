// `npm run bench -- --cpu-prof`: the server runs under `node --cpu-prof`, and the bench notes
// when each measured scenario ran and how many requests it served, so that
// scripts/cpu-profile-split.ts can cut the one profile of the run into one slice per scenario
// (warm-ups, sign-ins and data setup fall outside every window). Times are CLOCK_MONOTONIC in
// microseconds, the clock V8 stamps its profile samples with (process.hrtime in Node).
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type ProfileWindow = { name: string; startUs: number; endUs: number; requests: number };

export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Where the server writes its .cpuprofile and the bench its windows.json. */
export function profileDirectory(): string {
  const dir = join(tmpdir(), `pic-bench-profile-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The windows of one run, written beside the profile once the server has exited. */
export class ProfileWindows {
  private readonly windows: ProfileWindow[] = [];

  /** Runs `work` (which returns the requests it served) as a window named `name`. */
  async time<T>(name: string, work: () => Promise<T>, requests: (result: T) => number): Promise<T> {
    const startUs = monotonicUs();
    const result = await work();
    this.add(name, startUs, requests(result));
    return result;
  }

  /** A window that began at `startUs` (monotonicUs()) and ends now. */
  add(name: string, startUs: number, requests: number): void {
    this.windows.push({ name, startUs, endUs: monotonicUs(), requests });
  }

  write(dir: string): string {
    const file = join(dir, "windows.json");
    writeFileSync(file, `${JSON.stringify(this.windows, null, 1)}\n`);
    return file;
  }
}
