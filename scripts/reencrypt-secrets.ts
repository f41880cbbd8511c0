// `npm run secrets:reencrypt`: after putting a new key first in ENCRYPTION_KEYS (keeping the
// old ones after it), re-encrypts every stored credential secret with the new key. Safe to run
// while the service runs on a PostgreSQL server, and to run again. Then the old key can go.
import { reencryptCredentials } from "@/lib/credentials/reencrypt-credentials";
import { closeDb } from "@/lib/db/client";

reencryptCredentials()
  .then((report) => {
    console.log(`re-encrypted ${report.reencrypted} credential(s) under key version ${report.activeKeyVersion}`);
    if (report.unreadable.length > 0) {
      console.error(`unreadable with the configured keys (left as they are): ${report.unreadable.join(", ")}`);
      process.exitCode = 1;
    }
  })
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(async () => {
    await closeDb();
    process.exit(process.exitCode ?? 0);
  });
