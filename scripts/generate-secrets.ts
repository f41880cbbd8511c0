// `npm run secrets:generate`: the three secrets a server database requires (AUTH_SIGNING_KEYS,
// ENCRYPTION_KEYS, NEXTAUTH_SECRET), fresh, as shell exports. Printed to the terminal only: put
// them in your secret store, not in a file under version control.
import { generateSecrets } from "@/lib/config/dev-secrets";

const secrets = generateSecrets();
const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
console.log(`export AUTH_SIGNING_KEYS=${quote(secrets.signingKeys)}`);
console.log(`export ENCRYPTION_KEYS=${quote(secrets.encryptionKeys)}`);
console.log(`export NEXTAUTH_SECRET=${quote(secrets.nextAuthSecret)}`);
