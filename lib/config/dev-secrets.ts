// Development secrets, generated once into .data/dev-secrets.json so that a fresh clone runs
// with no configuration and keeps its keys (and so its sessions and stored secrets) across
// restarts. Never used in production on a server database (see lib/env.ts).
import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type DevSecrets = { signingKeys: string; encryptionKeys: string; nextAuthSecret: string };

const FILE = path.resolve(".data", "dev-secrets.json");

/** A fresh set of the three secrets (npm run secrets:generate prints one for a server). */
export function generateSecrets(): DevSecrets {
  const { privateKey } = generateKeyPairSync("ed25519");
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: `dev-${randomBytes(4).toString("hex")}`, alg: "EdDSA" };
  return {
    signingKeys: JSON.stringify([jwk]),
    encryptionKeys: `1:${randomBytes(32).toString("base64")}`,
    nextAuthSecret: randomBytes(32).toString("base64url"),
  };
}

export function loadDevSecrets(): DevSecrets {
  try {
    return JSON.parse(fs.readFileSync(FILE, "utf8")) as DevSecrets;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  const secrets = generateSecrets();
  try {
    // "wx": several processes starting at once agree on whichever file was written first.
    fs.writeFileSync(FILE, JSON.stringify(secrets, null, 2), { flag: "wx", mode: 0o600 });
    return secrets;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return JSON.parse(fs.readFileSync(FILE, "utf8")) as DevSecrets;
  }
}
