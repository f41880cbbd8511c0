// User accounts through the API (admins only: users:manage), each change audited in the same
// transaction. A new or reset password is random and returned once. Changing a role, disabling
// or resetting moves the credentials epoch, which ends every session and refresh family of the
// user and refuses its access tokens (lib/auth/access-token-caller.ts). An admin cannot change their
// own account here, so the last admin cannot lock everyone out by mistake.
import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { forgetAccountStatus } from "@/lib/auth/access-token-caller";
import { hashPassword } from "@/lib/auth/passwords";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { conflict, notFound, unprocessable } from "@/lib/http/api-error";
import { afterPosition, cursorBinding, decodeCursor, orderByPosition, type Page, toPage } from "@/lib/http/pagination";
import { newId } from "@/lib/ids";
import { randomPassword } from "@/lib/users/random-password";
import type { CreateUserInput, ListUsersQuery, UpdateUserInput } from "@/lib/users/schemas";
import { toUserDto, type UserDto, userAuditSnapshot } from "@/lib/users/user-dto";

export async function listUserAccounts(options: { caller: Caller; query: ListUsersQuery }): Promise<Page<UserDto>> {
  requirePermission(options.caller, "users:manage");
  const { search, limit, cursor, sort } = options.query;
  const binding = cursorBinding("users", { search, sort });
  const position = cursor ? decodeCursor(cursor, binding) : undefined;
  const rows = await db().user.findMany({
    // Prisma passes startsWith to LIKE unescaped: a "%", "_" or "\\" typed in the box is literal.
    where: {
      AND: [
        search ? { username: { startsWith: search.toLowerCase().replace(/[\\%_]/g, "\\$&") } } : {},
        afterPosition(position, sort),
      ],
    },
    orderBy: orderByPosition(sort),
    take: limit + 1,
  });
  return toPage(rows, { limit, binding, positionOf: (row) => row, present: toUserDto });
}

export async function createUserAccount(options: {
  caller: Caller;
  input: CreateUserInput;
}): Promise<{ user: UserDto; password: string }> {
  const { caller, input } = options;
  requirePermission(caller, "users:manage");
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  try {
    const user = await db().$transaction(async (tx) => {
      const row = await tx.user.create({
        // Epoch 1970: nothing issued before the account exists needs ending (see access-token-caller.ts).
        // The password is ours, shown once to the admin: its first use must replace it.
        data: {
          id: newId(),
          username: input.username,
          role: input.role,
          passwordHash,
          credentialsEpoch: new Date(0),
          passwordChangeRequired: true,
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
    return { user: toUserDto(user), password };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict("username_taken", `The username ${input.username} is taken.`);
    }
    throw error;
  }
}

function refuseOwnAccount(caller: Caller, id: string): void {
  if (id === caller.userId) {
    throw unprocessable("own_account", "An admin cannot change their own account here; ask another admin.");
  }
}

/** Applies a change to a user in one transaction, with its audit entry; 404 when there is no such user. */
async function changeUser(
  caller: Caller,
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
