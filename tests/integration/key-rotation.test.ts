// Rotation of the key that encrypts stored secrets: rows under the old key still read, and the
// re-encryption command moves them to the new key without changing what they say.
import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as getCredential } from "@/app/v1/credentials/[id]/route";
import { reencryptCredentials } from "@/lib/credentials/reencrypt-credentials";
import { db } from "@/lib/db/client";
import { call, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";

/** Encrypts as the service did under key version 1 (IV | tag | ciphertext, row id as AAD). */
function encryptUnderOldKey(plaintext: string, rowId: string): Buffer {
  const entry = process.env.ENCRYPTION_KEYS!.split(",").find((e) => e.startsWith("1:"))!;
  const key = Buffer.from(entry.slice(2), "base64");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(rowId));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

describe("encryption key rotation", () => {
  it("reads rows under the old key, and re-encrypts them under the active one", async () => {
    const { accessToken } = await userWithTokens("operator");
    const secret = { clientId: "ps_live_rotation1", clientSecret: "sk_rotation_secret_0001" };
    const { id } = await insertCredential({
      acquirer: "pagseguro",
      mid: secret.clientId,
      tid: "",
      authentication: secret,
      seal: (plaintext, rowId) => ({ ciphertext: new Uint8Array(encryptUnderOldKey(plaintext, rowId)), keyVersion: 1 }),
    });
    const before = await call(getCredential, `/v1/credentials/${id}`, { token: accessToken, params: { id } });
    expect(before.status).toBe(200);
    expect(before.json.authenticationData.clientId).toBe("ps_live_rotation1");
    expect(before.json.authenticationData.clientSecret).toBe("••••0001");

    const report = await reencryptCredentials();
    expect(report.activeKeyVersion).toBe(2);
    expect(report.reencrypted).toBeGreaterThanOrEqual(1);
    const row = await db().credential.findUniqueOrThrow({ where: { id } });
    expect(row.authenticationKeyVersion).toBe(2);

    const after = await call(getCredential, `/v1/credentials/${id}`, { token: accessToken, params: { id } });
    expect(after.json.authenticationData).toEqual(before.json.authenticationData);
    // Running it again has nothing left to do for this row.
    await reencryptCredentials();
    expect((await db().credential.findUniqueOrThrow({ where: { id } })).authenticationCiphertext).toEqual(
      row.authenticationCiphertext,
    );
  });
});
