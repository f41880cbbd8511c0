// A statement's upload written whole to a private temporary file before the import takes the
// database: a client sending slowly then holds only its own request, never the import's
// transaction (on the embedded database, its one connection, which every notification needs).
// Read back as a stream, so a 100 MiB file still costs flat memory; removed by whoever spooled it,
// whatever became of the import (and at once when the upload itself fails: too large, too slow,
// broken off). A process killed mid-import cannot remove its file: the first import of the next
// process does.
import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

/** The temporary files' names: this prefix, the id of the process that wrote it, a random part. */
export const SPOOL_PREFIX = "pic-statement-";

export type SpooledStatement = {
  /** The file's bytes, streamed from the disk. */
  chunks(): AsyncIterable<Uint8Array>;
  /** Removes the file (idempotent). */
  remove(): Promise<void>;
};

export async function spoolStatement(body: AsyncIterable<Uint8Array>): Promise<SpooledStatement> {
  if (!orphansSwept) {
    orphansSwept = true;
    void removeFilesOfDeadProcesses().catch(() => {});
  }
  const file = path.join(tmpdir(), `${SPOOL_PREFIX}${process.pid}-${randomBytes(8).toString("hex")}`);
  const remove = () => rm(file, { force: true });
  try {
    // wx: never another's file; 0600: a statement lists card digits and amounts.
    await pipeline(body, createWriteStream(file, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { chunks: () => createReadStream(file, { highWaterMark: 256 * 1024 }), remove };
}

/** Done once per process, at its first import (in the background: the import does not wait for it). */
let orphansSwept = false;

async function removeFilesOfDeadProcesses(): Promise<void> {
  const dir = tmpdir();
  for (const name of await readdir(dir)) {
    const pid = Number(name.startsWith(SPOOL_PREFIX) ? name.slice(SPOOL_PREFIX.length).split("-")[0] : Number.NaN);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid))
      await rm(path.join(dir, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
