import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { getStaffSession } from "@/lib/auth/staff-session";

export const metadata: Metadata = { title: "Change password" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ChangePasswordPage({ searchParams }: Props) {
  const session = await getStaffSession();
  const { changed } = await searchParams;
  return (
    <ChangePasswordForm
      username={session?.user.name ?? ""}
      required={Boolean(session?.user.passwordChangeRequired)}
      changed={changed === "1"}
    />
  );
}
