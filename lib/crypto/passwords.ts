// Password hashing with argon2id (OWASP parameters). verifyPassword against a dummy hash when
// the user does not exist keeps "unknown user" and "wrong password" equally slow.
import { hash, verify } from "@node-rs/argon2";
import { env } from "@/lib/env";

const ARGON2ID = 2; // Algorithm.Argon2id, a const enum
const COSTS = {
  owasp: { memoryCost: 19_456, timeCost: 2 },
  // The least argon2 takes: for the test runs alone (lib/env.ts refuses it elsewhere).
  minimal: { memoryCost: 8, timeCost: 1 },
};

/** New hashes' parameters; a stored hash carries its own, which verify reads. */
const options = () => ({ algorithm: ARGON2ID, ...COSTS[env().passwordHashCost], parallelism: 1 });

export function hashPassword(password: string): Promise<string> {
  return hash(password, options());
}

let dummyHash: Promise<string> | undefined;

/** Verifies against the stored hash, or against a dummy one (always false) when there is none. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash("not-a-real-password-0000", options());
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
