// `npm run secrets:reencrypt`: after putting a new key first in ENCRYPTION_KEYS (keeping the
// old ones after it), re-encrypts every stored secret with the new key: credentials'
// authenticationData, then webhook endpoints' signing secrets (current and previous). Safe to
// run while the service runs on a PostgreSQL server, and to run again. Then the old key can go.
import { reencryptCredentials } from "@/lib/credentials/reencrypt-credentials";
import { closeDb } from "@/lib/db/client";
import { reencryptWebhookSecrets } from "@/lib/webhooks/endpoints/reencrypt-webhook-secrets";

async function main() {
  for (const [what, reencrypt] of [
    ["credential(s)", reencryptCredentials],
    ["webhook endpoint secret(s)", reencryptWebhookSecrets],
  ] as const) {
    const report = await reencrypt();
    console.log(`re-encrypted ${report.reencrypted} ${what} under key version ${report.activeKeyVersion}`);
    if (report.unreadable.length > 0) {
      console.error(`${what} unreadable with the configured keys (left as they are): ${report.unreadable.join(", ")}`);
      process.exitCode = 1;
    }
  }
}

main()
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(async () => {
    await closeDb();
    process.exit(process.exitCode ?? 0);
  });
