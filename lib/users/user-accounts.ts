// User accounts: the one service behind the API (admins only: users:manage), the CLI
// (`npm run users`) and start-up (the first admin). Every change is audited in the same
// transaction (the CLI's and start-up's as "system"). Through the API a new or reset password is
// random and returned once; the CLI may set a chosen one. Changing a role, disabling
// or resetting moves the credentials epoch, which ends every session and refresh family of the
// user and refuses its access tokens (lib/auth/access-token-caller.ts). An admin cannot change their
// own account here, so the last admin cannot lock everyone out by mistake.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { forgetAccountStatus } from "@/lib/auth/access-token-caller";
import { hashPassword } from "@/lib/auth/passwords";
import { type Caller, type Role, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { conflict, notFound, unprocessable } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";
import { randomPassword } from "@/lib/users/random-password";
import {
  type CreateUserInput,
  type ListUsersQuery,
  passwordSchema,
  roleSchema,
  type UpdateUserInput,
  usernameSchema,
} from "@/lib/users/schemas";
import { toUserDto, type UserDto, userAuditSnapshot } from "@/lib/users/user-dto";

export async function listUserAccounts(options: { caller: Caller; query: ListUsersQuery }): Promise<Page<UserDto>> {
  requirePermission(options.caller, "users:manage");
  const { search, limit, cursor, sort } = options.query;
  return keysetPage({
    list: "users",
    filters: { search },
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().user.findMany({
        // Prisma passes startsWith to LIKE unescaped: a "%", "_" or "\\" typed in the box is literal.
        where: {
          AND: [search ? { username: { startsWith: search.toLowerCase().replace(/[\\%_]/g, "\\$&") } } : {}, keyset.where],
        },
        orderBy: keyset.orderBy,
        take: window.take,
      });
    },
    present: toUserDto,
  });
}

type NewUser = { username: string; role: Role; password: string; passwordChangeRequired: boolean };

/** Inserts the user with its audit entry; a taken username is a 409. */
async function insertUser(caller: Caller | null, input: NewUser): Promise<UserDto> {
  const username = usernameSchema.parse(input.username);
  const role = roleSchema.parse(input.role);
  const passwordHash = await hashPassword(passwordSchema.parse(input.password));
  try {
    const user = await db().$transaction(async (tx) => {
      const row = await tx.user.create({
        // Epoch 1970: nothing issued before the account exists needs ending (see access-token-caller.ts).
        data: {
          id: newId(),
          username,
          role,
          passwordHash,
          credentialsEpoch: new Date(0),
          passwordChangeRequired: input.passwordChangeRequired,
        },
      });
      await recordAuditEntry(tx, {
        caller,
        action: "user.create",
        targetType: "user",
        targetId: row.id,
        before: null,
        after: userAuditSnapshot(row),
      });
      return row;
    });
    return toUserDto(user);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("username_taken", `The username ${username} is taken.`);
    }
    throw error;
  }
}

export async function createUserAccount(options: {
  caller: Caller;
  input: CreateUserInput;
}): Promise<{ user: UserDto; password: string }> {
  const { caller, input } = options;
  requirePermission(caller, "users:manage");
  // The password is ours, shown once to the admin: its first use must replace it.
  const password = randomPassword();
  const user = await insertUser(caller, { ...input, password, passwordChangeRequired: true });
  return { user, password };
}

function refuseOwnAccount(caller: Caller, id: string): void {
  if (id === caller.userId) {
    throw unprocessable("own_account", "An admin cannot change their own account here; ask another admin.");
  }
}

/** Applies a change to a user in one transaction, with its audit entry; 404 when there is no such user. */
async function changeUser(
  caller: Caller | null,
  id: string,
  action: "user.update" | "user.password_reset",
  data: Prisma.UserUpdateInput,
): Promise<UserDto> {
  const user = await db().$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id } });
    if (!before) throw notFound(`There is no user ${id}.`);
    const after = await tx.user.update({ where: { id }, data: { ...data, credentialsEpoch: new Date() } });
    await recordAuditEntry(tx, {
      caller,
      action,
      targetType: "user",
      targetId: id,
      before: userAuditSnapshot(before),
      after: userAuditSnapshot(after),
    });
    return after;
  });
  forgetAccountStatus(id);
  return toUserDto(user);
}

export async function updateUserAccount(options: { caller: Caller; id: string; input: UpdateUserInput }): Promise<UserDto> {
  const { caller, id, input } = options;
  requirePermission(caller, "users:manage");
  refuseOwnAccount(caller, id);
  return changeUser(caller, id, "user.update", { role: input.role, disabled: input.disabled });
}

export async function resetUserAccountPassword(options: {
  caller: Caller;
  id: string;
}): Promise<{ user: UserDto; password: string }> {
  const { caller, id } = options;
  requirePermission(caller, "users:manage");
  refuseOwnAccount(caller, id);
  const password = randomPassword();
  const user = await changeUser(caller, id, "user.password_reset", {
    passwordHash: await hashPassword(password),
    passwordChangeRequired: true,
  });
  return { user, password };
}

// The CLI and start-up: by username, no caller (audited as "system"); a chosen password may be
// set, and passwordChangeRequired says whether its first use must replace it.

/** passwordChangeRequired: the password was chosen for the user (generated); its first use must replace it. */
export function createUser(options: {
  username: string;
  password: string;
  role: Role;
  passwordChangeRequired?: boolean;
}): Promise<UserDto> {
  return insertUser(null, { ...options, passwordChangeRequired: options.passwordChangeRequired ?? false });
}

async function idOf(username: string): Promise<string> {
  const user = await db().user.findUnique({ where: { username }, select: { id: true } });
  if (!user) throw notFound(`There is no user ${username}.`);
  return user.id;
}

export async function setUserRole(options: { username: string; role: Role }): Promise<UserDto> {
  // A new role must not survive in tokens minted for the old one (changeUser moves the epoch).
  return changeUser(null, await idOf(options.username), "user.update", { role: roleSchema.parse(options.role) });
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
