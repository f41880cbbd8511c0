import { redirect } from "next/navigation";
import { isMerchantSession, PORTAL_HOME } from "@/lib/auth/staff-only-page";

// The console starts at the overview (a merchant's portal at its events); the dashboard layout
// sends signed-out visitors to /login.
export default async function Home(): Promise<never> {
  redirect((await isMerchantSession()) ? PORTAL_HOME : "/overview");
}
