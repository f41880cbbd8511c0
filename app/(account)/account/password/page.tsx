import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { getStaffSession } from "@/lib/auth/next-auth-options";

export const metadata: Metadata = { title: "Change password" };

export default async function ChangePasswordPage() {
  const session = await getStaffSession();
  return <ChangePasswordForm username={session?.user.name ?? ""} required={Boolean(session?.user.passwordChangeRequired)} />;
}
