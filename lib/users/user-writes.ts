// The two writes every change of a user account goes through, whoever asks (an admin through
// the API, or the CLI and start-up as "system"): each in one transaction with its audit entry,
// and a change moves the credentials epoch, which ends the user's sessions and refuses its
// access tokens (lib/auth/access-token-caller.ts).
import "server-only";
import type { Prisma, User } from "@/generated/prisma/client";
import type { Caller, Role } from "@/lib/access/roles";
import { createAudited, recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { hashPassword } from "@/lib/crypto/passwords";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { conflict, notFound, unprocessable } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { forgetAccountStatus } from "@/lib/users/account-status";
import { roleSchema } from "@/lib/users/schemas";
import { toUserDto, type UserDto, userAuditSnapshot } from "@/lib/users/user-dto";
import { passwordSchema, usernameSchema } from "@/lib/validation/account-fields";

export type NewUser = {
  username: string;
  role: Role;
  /** A merchant account's merchant (required for role merchant, refused for the others). */
  merchantId?: string;
  password: string;
  passwordChangeRequired: boolean;
};

/** A role with its merchant: what users.merchant_id holds (the CHECK: set iff role is merchant). */
export type AccountRole = { role: Role; merchantId: string | null };

/**
 * The role and merchant an account will have, checked: a merchant account names an existing
 * merchant (else 422 merchant_not_found), no other role names one (422 merchant_only_for_merchant_accounts).
 */
async function checkedAccountRole(tx: Prisma.TransactionClient, wanted: AccountRole): Promise<AccountRole> {
  if (wanted.role !== "merchant") {
    if (wanted.merchantId !== null) {
      throw unprocessable("merchant_only_for_merchant_accounts", "Only a merchant account belongs to a merchant.", [
        { field: "merchantId", message: "is only for role merchant" },
      ]);
    }
    return wanted;
  }
  const merchant = wanted.merchantId
    ? await tx.merchant.findUnique({ where: { id: wanted.merchantId }, select: { id: true } })
    : null;
  if (!merchant) {
    throw unprocessable("merchant_not_found", "A merchant account needs an existing merchant.", [
      { field: "merchantId", message: wanted.merchantId ? "is not a known merchant" : "is required for role merchant" },
    ]);
  }
  return { role: "merchant", merchantId: merchant.id };
}

/**
 * A change of role and/or merchant applied to `before`: another role clears the merchant; a
 * merchantId alone moves a merchant account to another merchant.
 */
export function accountRoleChange(change: { role?: Role; merchantId?: string }) {
  return async (tx: Prisma.TransactionClient, before: User): Promise<Prisma.UserUncheckedUpdateInput> => {
    const role = change.role ?? before.role;
    const merchantId = role === "merchant" ? (change.merchantId ?? before.merchantId) : (change.merchantId ?? null);
    const checked = await checkedAccountRole(tx, { role, merchantId });
    // The scalar, not the relation: Prisma writes a relation's disconnect as a second statement,
    // which the CHECK (merchant_id set iff role merchant) refuses in between.
    return { role: checked.role, merchantId: checked.merchantId };
  };
}

/** Inserts the user with its audit entry; a taken username is a 409. */
export async function insertUser(caller: Caller | null, input: NewUser): Promise<UserDto> {
  const username = usernameSchema.parse(input.username);
  const role = roleSchema.parse(input.role);
  const passwordHash = await hashPassword(passwordSchema.parse(input.password));
  try {
    const user = await createAudited({
      caller,
      action: "user.create",
      create: async (tx) => {
        const account = await checkedAccountRole(tx, { role, merchantId: input.merchantId ?? null });
        return tx.user.create({
          // Epoch 1970: nothing issued before the account exists needs ending (see access-token-caller.ts).
          data: {
            id: newId(),
            username,
            role,
            merchantId: account.merchantId,
            passwordHash,
            credentialsEpoch: new Date(0),
            passwordChangeRequired: input.passwordChangeRequired,
          },
        });
      },
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
  data: Prisma.UserUncheckedUpdateInput,
  /** More of the change, worked out from the row as it is (a role change: accountRoleChange). */
  derived?: (tx: Prisma.TransactionClient, before: User) => Promise<Prisma.UserUncheckedUpdateInput>,
): Promise<UserDto> {
  const user = await db().$transaction(async (tx) => {
    // FOR UPDATE: two role changes at once must not each check the other's before.
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${id} FOR UPDATE`;
    const before = locked ? await tx.user.findUnique({ where: { id } }) : null;
    if (!before) throw notFound(`There is no user ${id}.`);
    const more = derived ? await derived(tx, before) : {};
    const after = await tx.user.update({ where: { id }, data: { ...data, ...more, credentialsEpoch: new Date() } });
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
