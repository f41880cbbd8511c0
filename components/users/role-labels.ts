// How roles read in the dashboard (the user menu, the Users page), and what each may do.
import type { Choices } from "@/components/ui/select-field";
import { ROLES, type Role } from "@/lib/access/roles";

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  operator: "Operator",
  viewer: "Viewer",
  ingest: "Ingest",
  merchant: "Merchant",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including users and the audit log",
  operator: "Reads everything; creates and changes credentials and merchants; retries events",
  viewer: "Reads everything, changes nothing",
  ingest: "API only: posts payment notifications",
  merchant: "One merchant's own data: its events, credentials (read only), webhook endpoints and deliveries",
};

/** The role as a form's choice (new user, change of role). */
export const ROLE_CHOICES: Choices<Role> = { options: ROLES, labels: ROLE_LABELS, hint: (role) => `${ROLE_DESCRIPTIONS[role]}.` };
