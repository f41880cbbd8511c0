// A dashboard page's list view, told whether the signed-in staff member may change what it
// lists. The layout has checked the session; the API checks the role again on every request.
import { type ComponentType, Suspense } from "react";
import type { Permission } from "@/lib/access/roles";
import { staffCan } from "@/lib/auth/staff-can";

export async function WritableView({
  permission,
  view: View,
}: {
  permission: Permission;
  view: ComponentType<{ canWrite: boolean }>;
}) {
  const canWrite = await staffCan(permission);
  return (
    <Suspense>
      <View canWrite={canWrite} />
    </Suspense>
  );
}
