// Whether the signed-in staff member holds a permission, for pages that show or hide what they
// may not do. It only shapes the page: the API checks the role again on every request.
import "server-only";
import { can, type Permission } from "@/lib/access/roles";
import { getStaffSession } from "@/lib/auth/staff-session";

export async function staffCan(permission: Permission): Promise<boolean> {
  const session = await getStaffSession();
  return Boolean(session && can(session.user, permission));
}
