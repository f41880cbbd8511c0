// An endpoint's signing secrets at rest: sealed with the application's encryption keys
// (lib/crypto/secret-box.ts) and bound to the endpoint's row, opened only to sign a delivery or
// to re-encrypt under a newer key.
import "server-only";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";

// The associated data of an endpoint's sealed secrets: a ciphertext moved to another row fails.
const binding = (endpointId: string) => `webhook_endpoint:${endpointId}`;

export function sealEndpointSecret(endpointId: string, secret: string) {
  const sealed = encryptSecret(secret, binding(endpointId));
  return { ciphertext: new Uint8Array(sealed.ciphertext), keyVersion: sealed.keyVersion };
}

/** One sealed secret of the endpoint in clear; throws DecryptionError when it does not open. */
export function openEndpointSecret(endpointId: string, ciphertext: Uint8Array, keyVersion: number): string {
  return decryptSecret(ciphertext, keyVersion, binding(endpointId));
}

/** The secrets a delivery is signed with now: the current one, and the previous one until it expires. */
export function signingSecrets(
  row: {
    id: string;
    secretCiphertext: Uint8Array;
    secretKeyVersion: number;
    previousSecretCiphertext: Uint8Array | null;
    previousSecretKeyVersion: number | null;
    previousSecretExpiresAt: Date | null;
  },
  now = new Date(),
): string[] {
  const secrets = [openEndpointSecret(row.id, row.secretCiphertext, row.secretKeyVersion)];
  if (
    row.previousSecretCiphertext &&
    row.previousSecretKeyVersion !== null &&
    row.previousSecretExpiresAt &&
    row.previousSecretExpiresAt > now
  )
    secrets.push(openEndpointSecret(row.id, row.previousSecretCiphertext, row.previousSecretKeyVersion));
  return secrets;
}
