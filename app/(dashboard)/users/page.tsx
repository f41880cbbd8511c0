import type { Metadata } from "next";
import { Suspense } from "react";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { UsersView } from "@/components/users/users-view";
import { staffCan } from "@/lib/auth/staff-can";
import { staffOnlyPage } from "@/lib/auth/staff-only-page";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  await staffOnlyPage();
  if (!(await staffCan("users:manage"))) {
    // The API refuses users:manage to other roles too; this only says so plainly.
    return (
      <>
        <PageHeader title="Users" />
        <Alert tone="info" title="Only administrators can manage users.">
          Ask an administrator to add an account or change a role.
        </Alert>
      </>
    );
  }
  return (
    <Suspense>
      <UsersView />
    </Suspense>
  );
}
