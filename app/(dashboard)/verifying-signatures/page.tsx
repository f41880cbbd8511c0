import type { Metadata } from "next";
import { VerifyingSignatures } from "@/components/webhooks/verifying-signatures";

export const metadata: Metadata = { title: "Verifying signatures" };

export default function VerifyingSignaturesPage() {
  return <VerifyingSignatures />;
}
