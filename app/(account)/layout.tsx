import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/app-context/app-providers";
import { BrandedColumn } from "@/components/shell/branded-column";
import { getStaffSession } from "@/lib/auth/staff-session";

// The account's own pages (change password): a session is needed, but not a usable password,
// so a user whose password must be changed lands here rather than in the dashboard.
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const session = await getStaffSession();
  if (!session) redirect("/login");
  if (session.error) redirect("/login?reason=session_expired");
  return (
    <AppProviders>
      <BrandedColumn id="main" width="max-w-md">
        {children}
      </BrandedColumn>
    </AppProviders>
  );
}
