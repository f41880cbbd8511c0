"use client";

import Link from "next/link";
// Change one's own password (POST /v1/auth/password): the current one, a new one twice. The API
// ends every session of the account on success, this one included; the form then signs this
// browser in again with the new password, so only the other sessions end (and the refresh token
// never passes through the browser). Should that sign-in fail, it signs out and the sign-in page
// says why. Shown instead of the dashboard while a password someone else chose (a new account's,
// a reset one) must be replaced; once it is, the console opens (the form has nothing left to do).
// A change of one's own free will ends on its confirmation, not on the emptied form.
import { signIn } from "next-auth/react";
import { type FormEvent, useId, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { signOutTo } from "@/components/auth/sign-out-to";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { fieldMessage } from "@/components/ui/field-error";
import { TextField } from "@/components/ui/text-field";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { changePasswordBody } from "@/lib/auth/schemas";
import { MIN_PASSWORD_LENGTH } from "@/lib/validation/account-fields";

type Field = "current" | "next" | "confirm";
type Errors = Partial<Record<Field | "form", string>>;
const API_FIELDS: Record<string, Field> = { current_password: "current", new_password: "next" };
const LABELS: Record<Field, string> = { current: "Current password", next: "New password", confirm: "New password, again" };

export function ChangePasswordForm({ username, required, changed }: { username: string; required: boolean; changed: boolean }) {
  const [values, setValues] = useState<Record<Field, string>>({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const submit = useApiSubmit();
  const ids = { current: useId(), next: useId(), confirm: useId() };

  function validate(): Errors {
    const found: Errors = {};
    const parsed = changePasswordBody.safeParse({ current_password: values.current, new_password: values.next });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = API_FIELDS[String(issue.path[0])];
        if (field && !found[field]) found[field] = fieldMessage(LABELS[field], issue.message);
      }
    }
    if (!found.next && values.confirm !== values.next) found.confirm = "The two new passwords differ.";
    return found;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await submit("/v1/auth/password", {
        method: "POST",
        body: { current_password: values.current, new_password: values.next },
      });
      const renewed = await signIn("credentials", { redirect: false, username, password: values.next });
      if (renewed?.ok && !renewed.error) window.location.assign(required ? "/" : "/account/password?changed=1");
      else await signOutTo("/login?reason=password_changed");
    } catch (error) {
      setPending(false);
      if (error instanceof ApiRequestError && error.fieldErrors.length > 0) {
        const next: Errors = {};
        for (const e of error.fieldErrors) {
          const field = API_FIELDS[e.field];
          if (field) next[field] = fieldMessage(LABELS[field], e.message);
        }
        setErrors(next);
      } else {
        setErrors({ form: error instanceof Error ? error.message : "The password could not be changed." });
      }
    }
  }

  if (changed && !required) return <PasswordChanged />;

  const field = (name: Field, autoComplete: string, hint?: string) => (
    <TextField
      id={ids[name]}
      label={LABELS[name]}
      hint={hint}
      error={errors[name]}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );

  return (
    <Card className="px-6 py-7 sm:px-8">
      <h1 className="text-xl font-semibold tracking-tight text-(--fg)">Change password</h1>
      <p className="mt-1 mb-6 text-sm text-(--fg-muted)">
        Signed in as <span className="font-medium text-(--fg)">{username}</span>. Every other session of this account ends when
        the password changes; this one stays signed in.
      </p>
      {required ? (
        <div className="mb-5">
          <Alert tone="info">Your password was set by someone else. Choose your own to open the console.</Alert>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
        {field("current", "current-password")}
        {field("next", "new-password", `At least ${MIN_PASSWORD_LENGTH} characters; a passphrase is best.`)}
        {field("confirm", "new-password")}
        {errors.form ? <Alert tone="danger">{errors.form}</Alert> : null}
        <div className="flex items-center justify-between gap-3 pt-2">
          {required ? (
            <span />
          ) : (
            <Link href="/overview" className="text-sm text-(--accent-text) hover:underline">
              Back to the console
            </Link>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? "Changing…" : "Change password"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PasswordChanged() {
  return (
    <Card className="px-6 py-7 sm:px-8">
      <h1 className="mb-6 text-xl font-semibold tracking-tight text-(--fg)">Password changed</h1>
      <Alert tone="info">Your password has been changed. Every other session of this account was signed out.</Alert>
      <div className="flex items-center justify-between gap-3 pt-6">
        <Link href="/account/password" className="text-sm text-(--accent-text) hover:underline">
          Change it again
        </Link>
        <Link href="/" className="text-sm font-medium text-(--accent-text) hover:underline">
          Back to the console
        </Link>
      </div>
    </Card>
  );
}
