import type { Metadata } from "next";
import { Suspense } from "react";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { getStaffSession } from "@/lib/auth/next-auth-options";
import { can } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Webhook endpoints" };

export default async function WebhooksPage() {
  const session = await getStaffSession();
  // The layout has checked the session; the API checks the role again on every request.
  const canWrite = Boolean(session && can(session.user, "webhooks:write"));
  return (
    <Suspense>
      <WebhooksView canWrite={canWrite} />
    </Suspense>
  );
}
