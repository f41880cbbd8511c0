// A webhook endpoint row written straight to the database (an unreachable URL, a sealed secret):
// for tests of what the decision writes into the outbox, which never send anything. The endpoints
// API has its own tests (webhooks-delivery.test.ts).
import { encryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** An enabled endpoint of the merchant, taking every event type; its id. */
export async function insertWebhookEndpoint(merchantId: string): Promise<string> {
  const id = newId();
  const sealed = encryptSecret(`whsec_${"a".repeat(43)}=`, id);
  await db().webhookEndpoint.create({
    data: {
      id,
      merchantId,
      url: "https://hooks.example.com/pic",
      secretCiphertext: new Uint8Array(sealed.ciphertext),
      secretKeyVersion: sealed.keyVersion,
    },
  });
  return id;
}
