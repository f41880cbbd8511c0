import type { Metadata } from "next";
import { PortalEntry } from "@/components/auth/portal-entry";
import { Brand } from "@/components/shell/brand";

export const metadata: Metadata = { title: "Opening the portal" };

// Where a portal link lands (/portal#<token>): the token is in the fragment, which the browser
// never sends, so the page's script reads it and signs in with it once.
export default function PortalPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm space-y-6">
        <div className="flex justify-center">
          <Brand />
        </div>
        <PortalEntry />
      </div>
    </main>
  );
}
