"use client";

// "New user": a username and a role (and a merchant account's merchant), checked with the API's
// own schema; the service makes the password and the dialog shows it once.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { CreateButton } from "@/components/ui/create-button";
import { fieldMessage } from "@/components/ui/field-error";
import { TYPED_AS_IS } from "@/components/ui/input";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useIdempotentCreate } from "@/components/ui/use-idempotent-create";
import { AccountMerchantField } from "@/components/users/account-merchant";
import { OneTimePassword } from "@/components/users/one-time-password";
import { ROLE_CHOICES } from "@/components/users/role-labels";
import { type UserWithPassword, userKeys } from "@/components/users/user-queries";
import type { Role } from "@/lib/access/roles";
import { createUserBody } from "@/lib/users/schemas";

type Errors = { username?: string; merchantId?: string; form?: string };

export function NewUserButton({ onCreated }: { onCreated?: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<UserWithPassword | null>(null);
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<Role>("operator");
  const [merchantId, setMerchantId] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const { create } = useIdempotentCreate();
  const queryClient = useQueryClient();
  const ids = {
    form: useId(),
    username: useId(),
    role: useId(),
  };

  function close() {
    if (pending) return;
    setOpen(false);
    setCreated(null);
    setUsername("");
    setRole("operator");
    setMerchantId(undefined);
    setErrors({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createUserBody.safeParse({ username, role, merchantId: role === "merchant" ? merchantId : undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === "username");
      const merchantIssue = parsed.error.issues.find((i) => i.path[0] === "merchantId");
      setErrors({
        username: issue ? fieldMessage("Username", issue.message) : undefined,
        merchantId: merchantIssue ? "Choose the merchant this account belongs to." : undefined,
        form: issue || merchantIssue ? undefined : "Choose a role.",
      });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result = await create<UserWithPassword>("/v1/users", parsed.data);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      setCreated(result);
      onCreated?.(result.user.id);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "username_taken") {
        setErrors({ username: "This username is taken." });
      } else if (error instanceof ApiRequestError && error.code === "merchant_not_found") {
        setErrors({ merchantId: "This merchant no longer exists. Choose another." });
      } else if (error instanceof ApiRequestError && error.fieldErrors.some((f) => f.field === "username")) {
        setErrors({ username: fieldMessage("Username", error.fieldErrors.find((f) => f.field === "username")!.message) });
      } else {
        setErrors({ form: error instanceof ApiRequestError ? error.message : "The service did not answer. Try again." });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <CreateButton onClick={() => setOpen(true)}>New user</CreateButton>
      <ActionDialog
        open={open}
        onClose={close}
        title={created ? `${created.user.username} can sign in` : "New user"}
        description={created ? undefined : "A staff member or an API client. The service makes the password."}
        testId="new-user-dialog"
        action={{ form: ids.form, label: "Create user", pendingLabel: "Creating…", pending }}
        result={created ? <OneTimePassword username={created.user.username} password={created.password} /> : null}
      >
        <form id={ids.form} onSubmit={onSubmit} noValidate className="space-y-5">
          {errors.form ? <Alert title="The user was not created.">{errors.form}</Alert> : null}
          <TextField
            id={ids.username}
            label="Username"
            hint="3 to 64 lowercase letters, digits, dots, dashes or underscores."
            error={errors.username}
            name="username"
            {...TYPED_AS_IS}
            data-autofocus
            className="font-mono"
            value={username}
            maxLength={64}
            onChange={(e) => {
              setUsername(e.target.value);
              if (errors.username) setErrors((prev) => ({ ...prev, username: undefined }));
            }}
          />
          <SelectField id={ids.role} label="Role" name="role" value={role} choices={ROLE_CHOICES} onChange={setRole} />
          {role === "merchant" ? (
            <AccountMerchantField
              value={merchantId}
              error={errors.merchantId}
              onChange={(id) => {
                setMerchantId(id);
                if (errors.merchantId) setErrors((prev) => ({ ...prev, merchantId: undefined }));
              }}
            />
          ) : null}
        </form>
      </ActionDialog>
    </>
  );
}
