import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallbackPath } from "@/components/auth/sign-in-messages";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getStaffSession } from "@/lib/auth/staff-session";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = first(params.callbackUrl);
  const session = await getStaffSession();
  // A session whose renewal was refused is over: show the form rather than bouncing back.
  if (session && !session.error) redirect(safeCallbackPath(callbackUrl));

  const ended = first(params.reason) === "session_expired" || Boolean(session?.error);
  const passwordChanged = first(params.reason) === "password_changed";
  return (
    <>
      <Card className="px-6 py-7 sm:px-8">
        <h1 className="text-xl font-semibold tracking-tight text-(--fg)">Sign in</h1>
        <p className="mt-1 mb-6 text-sm text-(--fg-muted)">Use your staff account to open the console.</p>
        {passwordChanged ? (
          <div className="mb-5">
            <Alert tone="info">Your password has been changed. Sign in with the new one.</Alert>
          </div>
        ) : ended ? (
          <div className="mb-5">
            <Alert tone="info">Your session has ended. Sign in again to continue.</Alert>
          </div>
        ) : null}
        <SignInForm callbackUrl={callbackUrl} initialError={first(params.error)} />
      </Card>
      <p className="mt-6 text-center text-xs text-(--fg-subtle)">
        Accounts are created by an administrator. API clients authenticate at <code className="font-mono">POST /v1/auth</code>.
      </p>
    </>
  );
}
