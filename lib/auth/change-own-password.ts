// A user changes their own password (POST /v1/auth/password and the dashboard's Account page):
// the current password is required and checked under the sign-in limits (a stolen access token
// must not become a way to guess it); the change moves the credentials epoch, which ends every
// session and refresh family of the account and refuses its access tokens, and clears a pending
// forced change. Audited.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { countLoginAttempt, forgiveLoginAttempt } from "@/lib/auth/login-limiter";
import type { ChangePasswordInput } from "@/lib/auth/schemas";
import { hashPassword, verifyPassword } from "@/lib/crypto/passwords";
import { db } from "@/lib/db/client";
import { notFound, validationFailed } from "@/lib/errors";
import { forgetAccountStatus } from "@/lib/users/account-status";
import { userAuditSnapshot } from "@/lib/users/user-dto";

export async function changeOwnPassword(options: {
  caller: Caller;
  input: ChangePasswordInput;
  address: string;
}): Promise<{ changed: true; sessions_ended: true }> {
  const { caller, input, address } = options;
  await countLoginAttempt(caller.username, address);
  const user = await db().user.findUnique({ where: { id: caller.userId } });
  if (!user) throw notFound("The account no longer exists.");
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw validationFailed([{ field: "current_password", message: "is not the account's current password" }]);
  }
  await forgiveLoginAttempt(caller.username, address);
  if (await verifyPassword(user.passwordHash, input.new_password)) {
    throw validationFailed([{ field: "new_password", message: "must differ from the current password" }]);
  }
  const passwordHash = await hashPassword(input.new_password);
  await db().$transaction(async (tx) => {
    const after = await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, passwordChangeRequired: false, credentialsEpoch: new Date() },
    });
    await recordAuditEntry(tx, {
      caller,
      action: "user.password_change",
      targetId: user.id,
      before: userAuditSnapshot(user),
      after: userAuditSnapshot(after),
    });
  });
  forgetAccountStatus(user.id);
  return { changed: true, sessions_ended: true };
}
