// Writes the demo merchants and their credentials, as the API would have stored them:
// authenticationData encrypted and bound to the credential's id, MID and TID in clear for matching.
import "server-only";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import type { DemoNetwork } from "@/lib/demo/demo-model";
import { env } from "@/lib/env";

const CHUNK = 1_000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Provider ids by name, from the reference data the migrations put in. */
export async function providerIdsByName(): Promise<Map<string, string>> {
  const providers = await db().provider.findMany({ select: { id: true, name: true } });
  return new Map(providers.map((p) => [p.name, p.id]));
}

export async function insertDemoNetwork(network: DemoNetwork, providerIds: Map<string, string>): Promise<void> {
  const { subacquirerId } = env();
  const merchants = network.merchants.map((m) => ({
    id: m.id,
    name: m.name,
    taxId: m.taxId,
    createdAt: new Date(m.createdAt),
    updatedAt: new Date(m.createdAt),
  }));
  const credentials = network.credentials.map((c) => {
    const { ciphertext, keyVersion } = encryptSecret(JSON.stringify(c.authenticationData), c.id);
    return {
      id: c.id,
      merchantId: c.merchantId,
      providerId: providerIds.get(c.acquirer)!,
      status: c.status,
      testMode: c.testMode,
      enabled: c.enabled,
      subacquirerId,
      authenticationCiphertext: new Uint8Array(ciphertext),
      authenticationKeyVersion: keyVersion,
      acquirerMerchantIdentifier: c.acquirerMerchantIdentifier,
      acquirerTerminalIdentifier: c.acquirerTerminalIdentifier,
      additionalData: c.additionalData,
      createdAt: new Date(c.createdAt),
      updatedAt: new Date(c.updatedAt),
    };
  });
  // One transaction: a merchant is never left without the credentials the events refer to.
  await db().$transaction([
    ...chunks(merchants).map((data) => db().merchant.createMany({ data })),
    ...chunks(credentials).map((data) => db().credential.createMany({ data })),
  ]);
}
