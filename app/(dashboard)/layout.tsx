import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AlertBanner } from "@/components/alerts/alert-banner";
import { AppProviders } from "@/components/app-context/app-providers";
import { Sidebar } from "@/components/shell/sidebar";
import { SkipLink } from "@/components/shell/skip-link";
import { getStaffSession } from "@/lib/auth/staff-session";

// Every dashboard page is behind a staff session; what a page shows is checked again by the API.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getStaffSession();
  if (!session) redirect("/login");
  if (session.error) redirect("/login?reason=session_expired");
  if (session.user.passwordChangeRequired) redirect("/account/password");

  return (
    <AppProviders>
      <SkipLink />
      <div className="min-h-dvh md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
        <Sidebar user={{ name: session.user.name, role: session.user.role, portalSession: session.user.portalSession }} />
        <main id="main" tabIndex={-1} className="min-w-0 px-4 py-8 outline-none sm:px-8 lg:px-12 lg:py-10">
          <div className="mx-auto max-w-6xl">
            <AlertBanner />
            {children}
          </div>
        </main>
      </div>
    </AppProviders>
  );
}
