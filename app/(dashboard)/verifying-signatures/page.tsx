import type { Metadata } from "next";
import { PageShell } from "@/components/ui/page-header";
import { VerifyingSignatures } from "@/components/webhooks/verifying-signatures";

export const metadata: Metadata = { title: "Verifying signatures" };

export default function VerifyingSignaturesPage() {
  return (
    <PageShell
      title="Verifying signatures"
      description="Every delivery is signed as Standard Webhooks specifies: check it before trusting the body."
    >
      <VerifyingSignatures />
    </PageShell>
  );
}
