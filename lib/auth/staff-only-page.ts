// Pages a merchant account may not use (the portal has no Overview, Merchants, Users, Audit log,
// Providers or credential writes): for a merchant account they are not found, as an object of
// another merchant is in the API, rather than a page whose every request would be refused.
import "server-only";
import { notFound, redirect } from "next/navigation";
import { getStaffSession } from "@/lib/auth/staff-session";

/** Where a signed-in account starts: the overview for staff, the events for a merchant's portal. */
export const PORTAL_HOME = "/events";

export async function isMerchantSession(): Promise<boolean> {
  const session = await getStaffSession();
  return session?.user.role === "merchant";
}

/** A staff page: a merchant account gets the not-found page. */
export async function staffOnlyPage(): Promise<void> {
  if (await isMerchantSession()) notFound();
}

/** A staff start page (the overview): a merchant account is sent to its portal's start instead. */
export async function staffHomePage(): Promise<void> {
  if (await isMerchantSession()) redirect(PORTAL_HOME);
}
