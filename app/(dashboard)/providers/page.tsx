import type { Metadata } from "next";
import { ProviderList } from "@/components/providers/provider-list";
import { PageShell } from "@/components/ui/page-header";
import { staffOnlyPage } from "@/lib/auth/staff-only-page";

export const metadata: Metadata = { title: "Providers" };

export default async function ProvidersPage() {
  await staffOnlyPage();
  return (
    <PageShell
      title="Providers"
      description="The acquirers a credential can connect to, and the fields each one asks for. Reference data: read only."
    >
      <ProviderList />
    </PageShell>
  );
}
