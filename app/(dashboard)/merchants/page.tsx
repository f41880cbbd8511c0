import type { Metadata } from "next";
import { Suspense } from "react";
import { MerchantsView } from "@/components/merchants/merchants-view";
import { getStaffSession } from "@/lib/auth/next-auth-options";
import { can } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Merchants" };

export default async function MerchantsPage() {
  const session = await getStaffSession();
  // The layout has checked the session; the API checks the role again on every request.
  const canWrite = Boolean(session && can(session.user, "merchants:write"));
  return (
    <Suspense>
      <MerchantsView canWrite={canWrite} />
    </Suspense>
  );
}
