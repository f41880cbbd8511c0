import type { Metadata } from "next";
import { credentialPrefill } from "@/components/credentials/credential-prefill";
import { NewCredentialForm } from "@/components/credentials/new-credential-form";
import { Alert } from "@/components/ui/alert";
import { ControlIcon } from "@/components/ui/control-icons";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toast";
import { staffCan } from "@/lib/auth/staff-can";
import { staffOnlyPage } from "@/lib/auth/staff-only-page";

export const metadata: Metadata = { title: "New credential" };

export default async function NewCredentialPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await staffOnlyPage();
  const canWrite = await staffCan("credentials:write");
  const prefill = credentialPrefill(await searchParams);

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
          <NewCredentialForm prefill={prefill} />
        </>
      ) : (
        <Alert tone="info" title="Your role can read credentials but not create them.">
          Ask an operator or an administrator to create this credential.
        </Alert>
      )}
    </>
  );
}
