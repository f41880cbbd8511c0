// One process per embedded data folder: two PGlite instances on one folder silently lose
// writes, so the second opener (a CLI while the server runs, say) is refused with a clear error.
import fs from "node:fs";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class EmbeddedDatabaseBusy extends Error {}

/** Takes the folder's lock file; returns its release. Stale locks of dead processes are taken over. */
export function lockEmbeddedFolder(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/\/+$/, "")}.lock`;
  for (let tries = 0; tries < 2; tries++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holder = Number(fs.readFileSync(lockFile, "utf8"));
      if (holder && holder !== process.pid && alive(holder)) {
        throw new EmbeddedDatabaseBusy(
          `The embedded database ${dataDir} is in use by process ${holder}. Stop that process (the server?) first, or use a PostgreSQL server (DATABASE_URL).`,
        );
      }
      fs.unlinkSync(lockFile);
    }
  }
  throw new EmbeddedDatabaseBusy(`Could not lock the embedded database ${dataDir}.`);
}
