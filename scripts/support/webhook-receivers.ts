// For the bench's notification → webhook scenario: a node:http receiver that answers 204 and
// notes when each event's webhook arrived, and merchants whose credential matches the bench's
// notifications, each with one endpoint pointing at it. Written straight to the database with the
// server's encryption keys (the bench process sets them in process.env before calling).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Receiver = {
  url: string;
  /** When each event's first webhook arrived (ms since the epoch), by event id; duplicates counted. */
  arrivals: Map<string, { at: number; sentAt: number }>;
  duplicates: () => number;
  close: () => Promise<void>;
};

/** The server listening on a free local port, kept alive like a real receiver: its /hooks URL and how to close it. */
export async function listenForHooks(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** sentAt: read from the event's data.metadata.sentAt, which the load generator stamps. */
export async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, { at: number; sentAt: number }>();
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id: string;
        data: { metadata?: { sentAt?: number } };
      };
      if (arrivals.has(event.id)) duplicates++;
      else arrivals.set(event.id, { at, sentAt: Number(event.data.metadata?.sentAt) });
      res.writeHead(204).end();
    });
  });
  return { ...(await listenForHooks(server)), arrivals, duplicates: () => duplicates };
}

/** A merchant with a cielo credential (a fresh MID and TID) and an endpoint at each of `urls`. */
export async function benchMerchant(name: string, urls: string[]): Promise<{ mid: string; tid: string; endpointIds: string[] }> {
  const { db } = await import("@/lib/db/client");
  const { newId } = await import("@/lib/ids");
  const { encryptSecret } = await import("@/lib/crypto/secret-box");
  const { sealEndpointSecret } = await import("@/lib/webhooks/endpoints/endpoint-secrets");
  const { generateWebhookSecret } = await import("@/lib/webhooks/signing");
  const provider = await db().provider.findUniqueOrThrow({ where: { name: "cielo" } });
  const merchant = await db().merchant.create({ data: { id: newId(), name, taxId: randomBytes(7).toString("hex") } });
  const mid = `MW${randomBytes(4).toString("hex").toUpperCase()}`;
  const tid = randomBytes(4).toString("hex").toUpperCase();
  const credentialId = newId();
  const sealed = encryptSecret("{}", credentialId);
  await db().credential.create({
    data: {
      id: credentialId,
      merchantId: merchant.id,
      providerId: provider.id,
      subacquirerId: "bench",
      authenticationCiphertext: new Uint8Array(sealed.ciphertext),
      authenticationKeyVersion: sealed.keyVersion,
      acquirerMerchantIdentifier: mid,
      acquirerTerminalIdentifier: tid,
    },
  });
  const endpointIds: string[] = [];
  for (const url of urls) {
    const id = newId();
    const secret = sealEndpointSecret(id, generateWebhookSecret());
    await db().webhookEndpoint.create({
      data: { id, merchantId: merchant.id, url, secretCiphertext: secret.ciphertext, secretKeyVersion: secret.keyVersion },
    });
    endpointIds.push(id);
  }
  return { mid, tid, endpointIds };
}

/** `count` merchants, each with a cielo credential (its MID and TID) and one endpoint at `url`. */
export async function merchantsWithEndpoints(url: string, count: number): Promise<{ mid: string; tid: string }[]> {
  const routes: { mid: string; tid: string }[] = [];
  for (let i = 0; i < count; i++) routes.push(await benchMerchant(`Bench webhooks ${i}`, [url]));
  return routes;
}
