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

export type CpuSnapshot = { serverMs: number; postgresMs: number };

/** CPU used so far by the server process (by pid) and by all PostgreSQL processes, in ms. */
export function cpuSnapshot(serverPid: number): CpuSnapshot {
  let postgresTicks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const p = ticksOf(pid);
    if (p?.name === "postgres") postgresTicks += p.ticks;
  }
  const server = ticksOf(String(serverPid))?.ticks ?? 0;
  return { serverMs: (server * 1000) / TICKS_PER_SECOND, postgresMs: (postgresTicks * 1000) / TICKS_PER_SECOND };
}

/** Per-request CPU between two snapshots (ms per request), to two decimals. */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  return { server: per(after.serverMs - before.serverMs), postgres: per(after.postgresMs - before.postgresMs) };
}
