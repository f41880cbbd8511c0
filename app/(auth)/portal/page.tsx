import type { Metadata } from "next";
import { PortalEntry } from "@/components/auth/portal-entry";

export const metadata: Metadata = { title: "Opening the portal" };

// Where a portal link lands (/portal#<token>): the token is in the fragment, which the browser
// never sends, so the page's script reads it and signs in with it once.
export default function PortalPage() {
  return <PortalEntry />;
}
