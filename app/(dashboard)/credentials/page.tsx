import type { Metadata } from "next";
import { CredentialsView } from "@/components/credentials/credentials-view";
import { WritableView } from "@/components/shell/writable-view";

export const metadata: Metadata = { title: "Credentials" };

export default function CredentialsPage() {
  return <WritableView permission="credentials:write" view={CredentialsView} />;
}
