// Start-up's first user. With ADMIN_USERNAME and ADMIN_PASSWORD set, that admin is created if
// missing. With no user at all and no such settings, "admin" gets a random password that is
// returned once for printing and never stored in clear, and must be changed at first sign-in.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { randomPassword } from "@/lib/users/random-password";
import { createUser } from "@/lib/users/system-accounts";

export type BootstrapResult =
  | { kind: "configured-created"; username: string }
  | { kind: "generated"; username: string; password: string }
  | { kind: "unchanged" };

export async function ensureBootstrapAdmin(): Promise<BootstrapResult> {
  const configured = env().bootstrapAdmin;
  if (configured) {
    const existing = await db().user.findUnique({ where: { username: configured.username } });
    if (existing) return { kind: "unchanged" };
    await createUser({ ...configured, role: "admin" });
    return { kind: "configured-created", username: configured.username };
  }
  if ((await db().user.count()) > 0) return { kind: "unchanged" };
  const password = randomPassword();
  await createUser({ username: "admin", password, role: "admin", passwordChangeRequired: true });
  return { kind: "generated", username: "admin", password };
}
