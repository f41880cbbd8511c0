// User accounts through the API: admins only (users:manage). A new or reset password is random
// and returned once, and its first use must replace it. An admin cannot change their own account
// here, so the last admin cannot lock everyone out by mistake. The shell's and start-up's side
// is system-accounts.ts; both write through user-writes.ts (audited, sessions ended).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { type Caller, type ChangeById, requirePermission } from "@/lib/access/roles";
import { hashPassword } from "@/lib/crypto/passwords";
import { db } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { filteredKeysetPage, type PageRead } from "@/lib/paging/filtered-page";
import type { Page } from "@/lib/paging/keyset-page";
import { randomPassword } from "@/lib/users/random-password";
import type { CreateUserInput, ListUsersQuery, UpdateUserInput } from "@/lib/users/schemas";
import { toUserDto, type UserDto } from "@/lib/users/user-dto";
import { USER_FILTER_TABLE } from "@/lib/users/user-filter-table";
import { USER_FILTER_WHERE } from "@/lib/users/user-filter-where";
import { accountRoleChange, changeUser, insertUser } from "@/lib/users/user-writes";

export async function listUserAccounts(options: { caller: Caller; query: ListUsersQuery }): Promise<Page<UserDto>> {
  requirePermission(options.caller, "users:manage");
  return filteredKeysetPage({
    list: "users",
    table: USER_FILTER_TABLE,
    where: USER_FILTER_WHERE,
    query: options.query,
    find: (read: PageRead<Prisma.UserWhereInput>) => db().user.findMany(read),
    present: toUserDto,
  });
}

/** An account and the password it was given, answered this once. */
type UserWithPassword = { user: UserDto; password: string };

/**
 * The password is ours, random, shown once to the admin: its first use must replace it. `write`
 * gives it to the account.
 */
async function withRandomPassword(write: (password: string) => Promise<UserDto>): Promise<UserWithPassword> {
  const password = randomPassword();
  return { user: await write(password), password };
}

export async function createUserAccount(options: { caller: Caller; input: CreateUserInput }): Promise<UserWithPassword> {
  const { caller, input } = options;
  requirePermission(caller, "users:manage");
  return withRandomPassword((password) => insertUser(caller, { ...input, password, passwordChangeRequired: true }));
}

function refuseOwnAccount(caller: Caller, id: string): void {
  if (id === caller.userId) {
    throw unprocessable("own_account", "An admin cannot change their own account here; ask another admin.");
  }
}

export async function updateUserAccount(options: ChangeById<UpdateUserInput>): Promise<UserDto> {
  const { caller, id, input } = options;
  requirePermission(caller, "users:manage");
  refuseOwnAccount(caller, id);
  const { role, merchantId, disabled } = input;
  const roleChange = role !== undefined || merchantId !== undefined ? accountRoleChange({ role, merchantId }) : undefined;
  return changeUser(caller, id, "user.update", { disabled }, roleChange);
}

export async function resetUserAccountPassword(options: { caller: Caller; id: string }): Promise<UserWithPassword> {
  const { caller, id } = options;
  requirePermission(caller, "users:manage");
  refuseOwnAccount(caller, id);
  return withRandomPassword(async (password) =>
    changeUser(caller, id, "user.password_reset", { passwordHash: await hashPassword(password), passwordChangeRequired: true }),
  );
}
