// User accounts from the shell (`npm run users`) and start-up (the first admin): by username,
// with no caller (audited as "system"). A chosen password may be set; passwordChangeRequired
// says whether its first use must replace it. The API's side, for admins, is user-accounts.ts.
import "server-only";
import type { Role } from "@/lib/access/roles";
import { hashPassword } from "@/lib/crypto/passwords";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { roleSchema } from "@/lib/users/schemas";
import { toUserDto, type UserDto } from "@/lib/users/user-dto";
import { accountRoleChange, changeUser, insertUser } from "@/lib/users/user-writes";
import { passwordSchema } from "@/lib/validation/account-fields";

/** passwordChangeRequired: the password was chosen for the user (generated); its first use must replace it. */
export function createUser(options: {
  username: string;
  password: string;
  role: Role;
  merchantId?: string;
  passwordChangeRequired?: boolean;
}): Promise<UserDto> {
  return insertUser(null, { ...options, passwordChangeRequired: options.passwordChangeRequired ?? false });
}

async function idOf(username: string): Promise<string> {
  const user = await db().user.findUnique({ where: { username }, select: { id: true } });
  if (!user) throw notFound(`There is no user ${username}.`);
  return user.id;
}

/** merchantId: the merchant of a merchant account (required when it becomes one). */
export async function setUserRole(options: { username: string; role: Role; merchantId?: string }): Promise<UserDto> {
  // A new role must not survive in tokens minted for the old one (changeUser moves the epoch).
  const change = accountRoleChange({ role: roleSchema.parse(options.role), merchantId: options.merchantId });
  return changeUser(null, await idOf(options.username), "user.update", {}, change);
}

export async function setUserDisabled(options: { username: string; disabled: boolean }): Promise<UserDto> {
  return changeUser(null, await idOf(options.username), "user.update", { disabled: options.disabled });
}

export async function resetUserPassword(options: {
  username: string;
  password: string;
  passwordChangeRequired?: boolean;
}): Promise<UserDto> {
  return changeUser(null, await idOf(options.username), "user.password_reset", {
    passwordHash: await hashPassword(passwordSchema.parse(options.password)),
    passwordChangeRequired: options.passwordChangeRequired ?? false,
  });
}

export async function listUsers(): Promise<UserDto[]> {
  return (await db().user.findMany({ orderBy: { username: "asc" } })).map(toUserDto);
}
