// A password for an account made or reset for someone else (CLI, start-up, the Users page): 24
// base64url characters from 18 random bytes (144 bits), shown once, never stored in clear.
import { randomBytes } from "node:crypto";

export function randomPassword(): string {
  return randomBytes(18).toString("base64url");
}
