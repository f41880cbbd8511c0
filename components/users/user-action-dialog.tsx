"use client";

// The changes an admin makes to another account, each after a confirmation that says what it
// does: change the role, disable or enable, reset the password (the new one is shown once).
// Every one of them ends the user's sessions.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { ConfirmDialog, type Outcome } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/select-field";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { AccountMerchantField } from "@/components/users/account-merchant";
import { OneTimePassword } from "@/components/users/one-time-password";
import { ROLE_CHOICES } from "@/components/users/role-labels";
import { type UserWithPassword, userKeys } from "@/components/users/user-queries";
import type { Role } from "@/lib/access/roles";
import type { UserDto } from "@/lib/users/user-dto";

export type UserAction = "role" | "disable" | "enable" | "reset";
export type UserActionTarget = { user: UserDto; action: UserAction };

const COPY: Record<UserAction, { title: string; confirm: string; pending: string; done: string; danger?: boolean }> = {
  role: { title: "Change the role of", confirm: "Change role", pending: "Changing…", done: "Role changed" },
  disable: { title: "Disable", confirm: "Disable user", pending: "Disabling…", done: "User disabled", danger: true },
  enable: { title: "Enable", confirm: "Enable user", pending: "Enabling…", done: "User enabled" },
  reset: {
    title: "Reset the password of",
    confirm: "Reset password",
    pending: "Resetting…",
    done: "Password reset",
    danger: true,
  },
};

const DESCRIPTIONS: Record<UserAction, string> = {
  role: "The new role applies from the user's next sign-in: their sessions end now.",
  disable: "They can no longer sign in, and their sessions and refresh tokens end now. Nothing is deleted.",
  enable: "They can sign in again with their password.",
  reset: "The old password stops working and their sessions end. The new one is shown once.",
};

/** Whether the dialog's choice differs from the account (a merchant account needs its merchant). */
function roleChanged(user: UserDto, role: Role, merchantId: string | undefined): boolean {
  if (role === "merchant") return Boolean(merchantId) && (user.role !== "merchant" || user.merchantId !== merchantId);
  return role !== user.role;
}

export function UserActionDialog({ target, onClose }: { target: UserActionTarget | null; onClose: () => void }) {
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const roleId = useId();
  const [role, setRole] = useState<Role>("viewer");
  const [merchantId, setMerchantId] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!target) return;
    setRole(target.user.role);
    setMerchantId(target.user.merchantId ?? undefined);
  }, [target]);

  /** The change; a reset password is the outcome to show (once), the other changes close the dialog. */
  async function change(): Promise<Outcome | undefined> {
    if (!target) return undefined;
    const { user, action } = target;
    let outcome: Outcome | undefined;
    if (action === "reset") {
      const reset = await submit<UserWithPassword>(`/v1/users/${user.id}/password`, { method: "POST", body: {} });
      outcome = {
        title: `New password for ${reset.user.username}`,
        body: <OneTimePassword username={reset.user.username} password={reset.password} />,
      };
    } else {
      // A merchant account names its merchant; another role clears it (the API does).
      const body =
        action === "role" ? (role === "merchant" ? { role, merchantId } : { role }) : { disabled: action === "disable" };
      await submit<UserDto>(`/v1/users/${user.id}`, { method: "PATCH", body });
    }
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
    showToast({ title: COPY[action].done, description: user.username });
    return outcome;
  }

  const copy = target ? COPY[target.action] : COPY.role;
  const choosingRole = target?.action === "role";
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      testId="user-action-dialog"
      title={target ? `${copy.title} ${target.user.username}?` : ""}
      description={target ? DESCRIPTIONS[target.action] : undefined}
      errorTitle="Nothing changed."
      confirm={{
        run: change,
        failure: "The service did not answer. Nothing changed; try again.",
        label: copy.confirm,
        pendingLabel: copy.pending,
        disabled: choosingRole && !roleChanged(target.user, role, merchantId),
        danger: copy.danger,
        autoFocus: !choosingRole,
      }}
    >
      {choosingRole ? (
        <SelectField id={roleId} label="Role" value={role} choices={ROLE_CHOICES} onChange={setRole} autoFocus />
      ) : null}
      {choosingRole && role === "merchant" ? <AccountMerchantField value={merchantId} onChange={setMerchantId} /> : null}
    </ConfirmDialog>
  );
}
