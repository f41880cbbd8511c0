// authenticationData at rest: JSON encrypted with AES-256-GCM, bound to the credential's id.
import "server-only";
import type { FieldValues } from "@/lib/credentials/field-values";
import { DecryptionError, decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { logger } from "@/lib/log";

export function encryptAuthenticationData(
  credentialId: string,
  data: FieldValues,
): { authenticationCiphertext: Uint8Array<ArrayBuffer>; authenticationKeyVersion: number } {
  const { ciphertext, keyVersion } = encryptSecret(JSON.stringify(data), credentialId);
  return { authenticationCiphertext: new Uint8Array(ciphertext), authenticationKeyVersion: keyVersion };
}

export type StoredAuthenticationData = { readable: true; data: FieldValues } | { readable: false };

/**
 * Decrypts a row's authenticationData. A row that does not decrypt (key removed from the
 * configuration, ciphertext tampered with or copied from another row) is reported, not thrown:
 * one bad row must not turn every read of it, or of a list around it, into a 500. The cause is
 * logged by credential id; the API shows `authenticationData: null` with an error code.
 */
export function decryptAuthenticationData(row: {
  id: string;
  authenticationCiphertext: Uint8Array;
  authenticationKeyVersion: number;
}): StoredAuthenticationData {
  try {
    const plaintext = decryptSecret(row.authenticationCiphertext, row.authenticationKeyVersion, row.id);
    return { readable: true, data: JSON.parse(plaintext) as FieldValues };
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    logger().error(
      { event: "credential_undecryptable", credentialId: row.id, keyVersion: row.authenticationKeyVersion },
      error.message,
    );
    return { readable: false };
  }
}
