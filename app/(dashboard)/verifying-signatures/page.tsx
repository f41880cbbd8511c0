import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { VerifyingSignatures } from "@/components/webhooks/verifying-signatures";

export const metadata: Metadata = { title: "Verifying signatures" };

export default function VerifyingSignaturesPage() {
  return (
    <>
      <PageHeader
        title="Verifying signatures"
        description="Every delivery is signed as Standard Webhooks specifies: check it before trusting the body."
      />
      <VerifyingSignatures />
    </>
  );
}
