// `npm run bench -- --cpu-prof`: the server runs under `node --cpu-prof`, and the bench notes
// when each measured scenario ran and how many requests it served, so that
// scripts/cpu-profile-split.ts can cut the one profile of the run into one slice per scenario
// (warm-ups, sign-ins and data setup fall outside every window). Times are CLOCK_MONOTONIC in
// microseconds, the clock V8 stamps its profile samples with (process.hrtime in Node).
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processCpuMs } from "./process-cpu";

/** cpuMs: the server process's CPU in the window, from /proc (all its threads; the profile samples the main one). */
export type ProfileWindow = { name: string; startUs: number; endUs: number; requests: number; cpuMs?: number };

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
  private readonly cpuAt = new Map<number, number>();
  /** The server's pid, once it runs: each window then carries its CPU time. */
  serverPid: number | undefined;

  /** Runs `work` (which returns the requests it served) as a window named `name`. */
  async time<T>(name: string, work: () => Promise<T>, requests: (result: T) => number): Promise<T> {
    const startUs = this.start();
    const result = await work();
    this.add(name, startUs, requests(result));
    return result;
  }

  /** A window's start, for add(). */
  start(): number {
    const startUs = monotonicUs();
    if (this.serverPid) this.cpuAt.set(startUs, processCpuMs(this.serverPid));
    return startUs;
  }

  /** A window that began at `startUs` (start()) and ends now. */
  add(name: string, startUs: number, requests: number): void {
    const before = this.cpuAt.get(startUs);
    const cpuMs = this.serverPid && before !== undefined ? processCpuMs(this.serverPid) - before : undefined;
    this.windows.push({ name, startUs, endUs: monotonicUs(), requests, cpuMs });
  }

  write(dir: string): string {
    const file = join(dir, "windows.json");
    writeFileSync(file, `${JSON.stringify(this.windows, null, 1)}\n`);
    return file;
  }
}
