// Encryption at rest for provider credentials: AES-256-GCM under a versioned key from
// configuration. The row id is authenticated as associated data, so a ciphertext copied into
// another row fails to decrypt. Layout: [12-byte IV][16-byte tag][ciphertext].
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { ConfigurationError, env } from "@/lib/env";

type KeyRing = { active: { version: number; key: Buffer }; byVersion: Map<number, Buffer> };

let ring: KeyRing | undefined;

function keyRing(): KeyRing {
  if (ring) return ring;
  const entries = env()
    .encryptionKeys.split(",")
    .map((entry) => {
      const match = /^(\d+):([A-Za-z0-9+/=_-]+)$/.exec(entry.trim());
      const key = match ? Buffer.from(match[2]!, "base64") : undefined;
      if (!match || key?.length !== 32)
        throw new ConfigurationError("ENCRYPTION_KEYS must be version:base64 of 32 bytes, comma-separated.");
      return { version: Number(match[1]), key };
    });
  ring = { active: entries[0]!, byVersion: new Map(entries.map((e) => [e.version, e.key])) };
  return ring;
}

export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecryptionError";
  }
}

export function activeKeyVersion(): number {
  return keyRing().active.version;
}

export function encryptSecret(plaintext: string, boundTo: string): { ciphertext: Buffer; keyVersion: number } {
  const { version, key } = keyRing().active;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]), keyVersion: version };
}

export function decryptSecret(ciphertext: Uint8Array, keyVersion: number, boundTo: string): string {
  const key = keyRing().byVersion.get(keyVersion);
  if (!key) throw new DecryptionError(`No encryption key of version ${keyVersion} is configured.`);
  const buffer = Buffer.from(ciphertext);
  const decipher = createDecipheriv("aes-256-gcm", key, buffer.subarray(0, 12));
  decipher.setAAD(Buffer.from(boundTo, "utf8"));
  decipher.setAuthTag(buffer.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(buffer.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError(
      "The stored secret does not decrypt for this row (wrong key, tampered, or moved from another row).",
    );
  }
}
