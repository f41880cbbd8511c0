import type { Metadata } from "next";
import { Suspense } from "react";
import { CredentialsView } from "@/components/credentials/credentials-view";
import { getStaffSession } from "@/lib/auth/next-auth-options";
import { can } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Credentials" };

export default async function CredentialsPage() {
  const session = await getStaffSession();
  // The layout has checked the session; the API checks the role again on every change.
  const canWrite = Boolean(session && can(session.user, "credentials:write"));
  return (
    <Suspense>
      <CredentialsView canWrite={canWrite} />
    </Suspense>
  );
}
