// A credential row for an acquirer, MID and TID, written straight to the database (with its own
// new merchant) for tests of what matches credentials; the credentials API has its own tests.
// `authentication` and `seal` replace the stored secret and how it is encrypted (key rotation).
import { randomBytes } from "node:crypto";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

type Sealed = { ciphertext: Uint8Array; keyVersion: number };

export async function insertCredential(
  options: {
    acquirer?: string;
    mid?: string;
    tid?: string;
    enabled?: boolean;
    merchantName?: string;
    authentication?: Record<string, string>;
    seal?: (plaintext: string, rowId: string) => Sealed;
  } = {},
) {
  const { acquirer = "cielo", enabled = true } = options;
  const mid = options.mid ?? `M${randomBytes(4).toString("hex")}`;
  const tid = options.tid ?? randomBytes(4).toString("hex");
  const provider = await db().provider.findUniqueOrThrow({ where: { name: acquirer } });
  const merchant = await db().merchant.create({
    data: { id: newId(), name: options.merchantName ?? "Test merchant", taxId: randomBytes(7).toString("hex") },
  });
  const id = newId();
  const authentication = options.authentication ?? { merchantIdentifier: mid, terminalIdentifier: tid };
  const sealed = (options.seal ?? encryptSecret)(JSON.stringify(authentication), id);
  await db().credential.create({
    data: {
      id,
      merchantId: merchant.id,
      providerId: provider.id,
      subacquirerId: "org_test",
      authenticationCiphertext: new Uint8Array(sealed.ciphertext),
      authenticationKeyVersion: sealed.keyVersion,
      acquirerMerchantIdentifier: mid,
      acquirerTerminalIdentifier: tid,
      enabled,
    },
  });
  return { id, merchantId: merchant.id, mid, tid };
}
