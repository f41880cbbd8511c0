import type { Metadata } from "next";
import { NewCredentialForm } from "@/components/credentials/new-credential-form";
import { Alert } from "@/components/ui/alert";
import { ControlIcon } from "@/components/ui/control-icons";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toast";
import { getStaffSession } from "@/lib/auth/next-auth-options";
import { can } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "New credential" };

export default async function NewCredentialPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await getStaffSession();
  const canWrite = Boolean(session && can(session.user, "credentials:write"));
  const { merchantId } = await searchParams;
  const initialMerchantId = typeof merchantId === "string" && /^[0-9a-v]{20}$/.test(merchantId) ? merchantId : undefined;

  return (
    <>
      <LinkButton variant="ghost" size="sm" href="/credentials" className="-ml-3 mb-3 text-(--fg-muted)">
        <ControlIcon name="arrowLeft" className="size-3.5" />
        Credentials
      </LinkButton>
      <PageHeader
        title="New credential"
        description="Link a merchant to an acquirer account. The provider decides which identifiers are asked for."
      />
      {canWrite ? (
        <>
          <Toaster />
          <NewCredentialForm initialMerchantId={initialMerchantId} />
        </>
      ) : (
        <Alert tone="info" title="Your role can read credentials but not create them.">
          Ask an operator or an administrator to create this credential.
        </Alert>
      )}
    </>
  );
}
