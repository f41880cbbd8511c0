// CPU time spent by the server process and by PostgreSQL (every process named "postgres" on
// this machine: backends, WAL writer, checkpointer), read from /proc. The bench divides it by the
// requests served, which tells where a scenario's time goes when the machine is saturated.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function ticksOf(pid: string): { name: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = stat.lastIndexOf(")");
    const name = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    return { name, ticks: Number(fields[11]) + Number(fields[12]) }; // utime + stime
  } catch {
    return undefined; // the process ended between the listing and the read
  }
}

/** CPU used so far by one process, in ms. */
export const processCpuMs = (pid: number) => ((ticksOf(String(pid))?.ticks ?? 0) * 1000) / TICKS_PER_SECOND;

export type CpuSnapshot = { serverMs: number; postgresMs: Map<string, number> };

/** CPU used so far by the server process (by pid) and by each PostgreSQL process, in ms. */
export function cpuSnapshot(serverPid: number): CpuSnapshot {
  const postgresMs = new Map<string, number>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const p = ticksOf(pid);
    if (p?.name === "postgres") postgresMs.set(pid, (p.ticks * 1000) / TICKS_PER_SECOND);
  }
  const server = ticksOf(String(serverPid))?.ticks ?? 0;
  return { serverMs: (server * 1000) / TICKS_PER_SECOND, postgresMs };
}

/**
 * Per-request CPU between two snapshots (ms per request, two decimals). A PostgreSQL process
 * that ended in between (an idle pool connection closing) is left out: its last ticks are gone.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  let postgresMs = 0;
  for (const [pid, ms] of after.postgresMs) postgresMs += ms - (before.postgresMs.get(pid) ?? 0);
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  return { server: per(after.serverMs - before.serverMs), postgres: per(postgresMs) };
}

/** The machine's CPU time so far, all cores, in ticks: busy (anything but idle and I/O wait) and total. */
export function machineCpuTicks(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}
