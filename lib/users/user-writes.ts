// The two writes every change of a user account goes through, whoever asks (an admin through
// the API, or the CLI and start-up as "system"): each in one transaction with its audit entry,
// and a change moves the credentials epoch, which ends the user's sessions and refuses its
// access tokens (lib/auth/access-token-caller.ts).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { createAudited, recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { forgetAccountStatus } from "@/lib/auth/access-token-caller";
import { hashPassword } from "@/lib/auth/passwords";
import type { Caller, Role } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { conflict, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { passwordSchema, roleSchema, usernameSchema } from "@/lib/users/schemas";
import { toUserDto, type UserDto, userAuditSnapshot } from "@/lib/users/user-dto";

export type NewUser = { username: string; role: Role; password: string; passwordChangeRequired: boolean };

/** Inserts the user with its audit entry; a taken username is a 409. */
export async function insertUser(caller: Caller | null, input: NewUser): Promise<UserDto> {
  const username = usernameSchema.parse(input.username);
  const role = roleSchema.parse(input.role);
  const passwordHash = await hashPassword(passwordSchema.parse(input.password));
  try {
    const user = await createAudited({
      caller,
      action: "user.create",
      create: (tx) =>
        tx.user.create({
          // Epoch 1970: nothing issued before the account exists needs ending (see access-token-caller.ts).
          data: {
            id: newId(),
            username,
            role,
            passwordHash,
            credentialsEpoch: new Date(0),
            passwordChangeRequired: input.passwordChangeRequired,
          },
        }),
      snapshot: userAuditSnapshot,
    });
    return toUserDto(user);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("username_taken", `The username ${username} is taken.`);
    }
    throw error;
  }
}

/** Applies a change to a user in one transaction, with its audit entry; 404 when there is no such user. */
export async function changeUser(
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
      targetId: id,
      before: userAuditSnapshot(before),
      after: userAuditSnapshot(after),
    });
    return after;
  });
  forgetAccountStatus(id);
  return toUserDto(user);
}
