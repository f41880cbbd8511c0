// User management for the CLI and start-up. Changing a password or disabling a user moves its
// credentials epoch, which ends every refresh-token family issued before.
import { hashPassword } from "@/lib/auth/passwords";
import type { Role } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { passwordSchema, roleSchema, usernameSchema } from "@/lib/users/schemas";

export type UserSummary = { id: string; username: string; role: Role; disabled: boolean; createdAt: string };

function summary(user: { id: string; username: string; role: Role; disabled: boolean; createdAt: Date }): UserSummary {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    disabled: user.disabled,
    createdAt: user.createdAt.toISOString(),
  };
}

/** passwordChangeRequired: the password was chosen for the user (generated); its first use must replace it. */
export async function createUser(options: {
  username: string;
  password: string;
  role: Role;
  passwordChangeRequired?: boolean;
}): Promise<UserSummary> {
  const username = usernameSchema.parse(options.username);
  const password = passwordSchema.parse(options.password);
  const role = roleSchema.parse(options.role);
  const user = await db().user.create({
    // Epoch 1970: nothing issued before the account exists needs ending (see access-token-caller.ts).
    data: {
      id: newId(),
      username,
      passwordHash: await hashPassword(password),
      role,
      credentialsEpoch: new Date(0),
      passwordChangeRequired: options.passwordChangeRequired ?? false,
    },
  });
  return summary(user);
}

export async function setUserRole(options: { username: string; role: Role }): Promise<UserSummary> {
  const role = roleSchema.parse(options.role);
  // A new role must not survive in tokens minted for the old one.
  const user = await db().user.update({ where: { username: options.username }, data: { role, credentialsEpoch: new Date() } });
  return summary(user);
}

export async function setUserDisabled(options: { username: string; disabled: boolean }): Promise<UserSummary> {
  const user = await db().user.update({
    where: { username: options.username },
    data: { disabled: options.disabled, credentialsEpoch: new Date() },
  });
  return summary(user);
}

export async function resetUserPassword(options: {
  username: string;
  password: string;
  passwordChangeRequired?: boolean;
}): Promise<UserSummary> {
  const password = passwordSchema.parse(options.password);
  const user = await db().user.update({
    where: { username: options.username },
    data: {
      passwordHash: await hashPassword(password),
      credentialsEpoch: new Date(),
      passwordChangeRequired: options.passwordChangeRequired ?? false,
    },
  });
  return summary(user);
}

export async function listUsers(): Promise<UserSummary[]> {
  const users = await db().user.findMany({ orderBy: { username: "asc" } });
  return users.map(summary);
}
