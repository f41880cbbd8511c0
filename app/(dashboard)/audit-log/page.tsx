import type { Metadata } from "next";
import { Suspense } from "react";
import { AuditLogView } from "@/components/audit/audit-log-view";
import { Alert } from "@/components/ui/alert";
import { PageShell } from "@/components/ui/page-header";
import { staffCan } from "@/lib/auth/staff-can";
import { staffOnlyPage } from "@/lib/auth/staff-only-page";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage() {
  await staffOnlyPage();
  const allowed = await staffCan("audit:read");
  return (
    <PageShell
      title="Audit log"
      description="Every registration of a merchant, every creation or change of a credential, and every change to a user: who, when, and what changed. Secrets are redacted."
    >
      {allowed ? (
        <Suspense>
          <AuditLogView />
        </Suspense>
      ) : (
        // The API refuses the log to other roles too (audit:read); this only says so plainly.
        <Alert tone="info" title="Only administrators can read the audit log.">
          Ask an administrator if you need to know who changed a merchant or a credential.
        </Alert>
      )}
    </PageShell>
  );
}
