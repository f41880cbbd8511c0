// A real streaming replica of a PostgreSQL server, for the read-replica tests: pg_basebackup
// (-R writes standby.signal and primary_conninfo, -X stream ships the WAL written meanwhile)
// into a temporary folder, then a second postgres in hot standby on a free port of 127.0.0.1.
// The whole cluster is copied, so databases made before or after the copy both reach it (the
// later ones by streaming). The primary must accept replication connections from 127.0.0.1:
// .ci/run sets that up on a fresh machine. As root, every server-side step runs as the postgres
// OS user (postgres refuses to run as root and wants its folder owned, mode 0700).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, POSTGRES_BIN } from "@/tests/support/local-postgres";

// A hot standby refuses to start with less of these than its primary has.
const SETTINGS_AT_LEAST_PRIMARY = [
  "max_connections",
  "max_worker_processes",
  "max_wal_senders",
  "max_prepared_transactions",
  "max_locks_per_transaction",
];

export type StreamingReplica = {
  port: number;
  /** The same database, user and password as `primaryDatabaseUrl`, on the replica. */
  urlOf: (primaryDatabaseUrl: string) => string;
  /** Waits until the replica has replayed everything the primary had written when called. */
  catchUp: (timeoutMs?: number) => Promise<void>;
  /** Stops applying the primary's changes (it still receives them), so a test can tell the two apart. */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  /** Stops the server at once (its clients see their connections end); start() brings it back. */
  stop: () => void;
  start: () => void;
  /** Stops it and removes its folder. Safe to call twice. */
  destroy: () => void;
};

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** primaryUrl: any database URL of the primary server, as a superuser (the tests' admin URL). */
export async function startStreamingReplica(primaryUrl: string): Promise<StreamingReplica> {
  const primary = new URL(primaryUrl);
  const settings = await query<{ name: string; setting: string }>(
    primaryUrl,
    `SELECT name, setting FROM pg_settings WHERE name IN (${SETTINGS_AT_LEAST_PRIMARY.map((s) => `'${s}'`).join(",")})`,
  );
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pic-replica-"));
  const dataDir = path.join(dir, "data");
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) execFileSync("chown", ["postgres:postgres", dir]);
  const options = {
    stdio: "pipe" as const,
    cwd: dir,
    env: { ...process.env, ...(primary.password ? { PGPASSWORD: decodeURIComponent(primary.password) } : {}) },
  };
  const run = (bin: string, args: string[]) =>
    asPostgres
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(POSTGRES_BIN, bin), ...args], options)
      : execFileSync(path.join(POSTGRES_BIN, bin), args, options);

  let stopped = true;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch {
      // not running
    }
  };
  const destroy = () => {
    stop();
    fs.rmSync(dir, { recursive: true, force: true });
    process.off("exit", destroy);
  };
  // A test run that dies half-way must not leave a postgres running on the machine.
  process.on("exit", destroy);

  try {
    run("pg_basebackup", [
      "-h",
      primary.hostname,
      "-p",
      primary.port || "5432",
      "-U",
      decodeURIComponent(primary.username || "postgres"),
      "-D",
      dataDir,
      "-R",
      "-X",
      "stream",
      // An immediate checkpoint: a spread one waits up to minutes on an idle server.
      "--checkpoint=fast",
      "--no-sync",
    ]);
  } catch (error) {
    destroy();
    const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
    throw new Error(
      `pg_basebackup failed: ${stderr.trim()}\n` +
        "The primary must accept replication connections from 127.0.0.1 (a `host replication postgres " +
        "127.0.0.1/32 trust` line in pg_hba.conf, wal_level=replica, max_wal_senders > 0): see .ci/run. " +
        "The copy holds every database of the server: benchmark databases (pic_bench, tens of GB) " +
        "must fit in the temporary folder too, or be dropped first.",
    );
  }
  // Debian keeps postgresql.conf and pg_hba.conf outside the data folder, so the copy has none.
  const owned = (file: string, text: string) => {
    fs.writeFileSync(path.join(dataDir, file), text);
    if (asPostgres) execFileSync("chown", ["postgres:postgres", path.join(dataDir, file)]);
  };
  owned("postgresql.conf", "# read-replica test server: settings are given on the command line\n");
  owned("pg_hba.conf", "local all all trust\nhost all all 127.0.0.1/32 trust\n");
  owned("pg_ident.conf", "");

  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c hot_standby=on",
    "-c fsync=off",
    "-c shared_buffers=32MB",
    ...settings.map((s) => `-c ${s.name}=${s.setting}`),
  ].join(" ");
  const start = () => {
    run("pg_ctl", ["-D", dataDir, "-l", path.join(dir, "log"), "-w", "-t", "60", "-o", serverOptions, "start"]);
    stopped = false;
  };
  try {
    start();
  } catch (error) {
    const log = fs.existsSync(path.join(dir, "log")) ? fs.readFileSync(path.join(dir, "log"), "utf8") : "";
    destroy();
    throw new Error(`the replica did not start: ${(error as Error).message}\n${log.slice(-2000)}`);
  }

  const urlOf = (primaryDatabaseUrl: string) => {
    const url = new URL(primaryDatabaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String(port);
    return url.toString();
  };
  const replicaAdmin = urlOf(primaryUrl);

  return {
    port,
    urlOf,
    async catchUp(timeoutMs = 15_000) {
      const [{ lsn } = { lsn: "" }] = await query<{ lsn: string }>(primaryUrl, "SELECT pg_current_wal_lsn()::text AS lsn");
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [{ done } = { done: false }] = await query<{ done: boolean }>(
          replicaAdmin,
          `SELECT coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false) AS done`,
        );
        if (done) return;
        if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${lsn} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    pauseReplay: async () => {
      await query(replicaAdmin, "SELECT pg_wal_replay_pause()");
    },
    resumeReplay: async () => {
      await query(replicaAdmin, "SELECT pg_wal_replay_resume()");
    },
    stop,
    start,
    destroy,
  };
}
