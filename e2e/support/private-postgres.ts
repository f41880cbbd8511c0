// A throwaway PostgreSQL cluster for fault tests, so that stopping, killing or locking the
// database never touches the machine's shared server. initdb into a temporary folder (as the
// postgres user when we are root), pg_ctl on a free port bound to 127.0.0.1.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, POSTGRES_BIN } from "@/tests/support/local-postgres";

export type PrivatePostgres = {
  url: string;
  start: () => void;
  stopHard: () => void;
  destroy: () => void;
};

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pic-fault-pg-"));
  const dataDir = path.join(dir, "data");
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) execFileSync("chown", ["postgres:postgres", dir]);
  const run = (bin: string, args: string[]) =>
    asPostgres
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(POSTGRES_BIN, bin), ...args], { stdio: "pipe", cwd: dir })
      : execFileSync(path.join(POSTGRES_BIN, bin), args, { stdio: "pipe", cwd: dir });
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const start = () =>
    run("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
      "start",
    ]);
  start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopHard: () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]),
    destroy: () => {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
