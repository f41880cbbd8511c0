// The dashboard's sections, and who sees them: an item shows when the role has its permission
// (the pages and the API check again; hiding a link is not the authorization). A merchant
// account sees its portal instead: the items marked `portal`, and nothing staff-only.
import type { IconName } from "@/components/ui/icons";
import { can, type Permission, type Role } from "@/lib/access/roles";

export type NavItem = {
  href: string;
  label: string;
  icon: IconName;
  permission: Permission;
  /** Shown in a merchant account's portal (its scoped events, credentials, endpoints). */
  portal?: true;
};
export type NavSection = { label: string; items: NavItem[] };

const SECTIONS: NavSection[] = [
  {
    label: "Operations",
    items: [
      { href: "/overview", label: "Overview", icon: "overview", permission: "read" },
      { href: "/alerts", label: "Alerts", icon: "audit", permission: "read", portal: true },
      { href: "/events", label: "Events", icon: "events", permission: "read", portal: true },
      { href: "/credentials", label: "Credentials", icon: "credentials", permission: "read", portal: true },
      { href: "/reconciliation", label: "Reconciliation", icon: "refresh", permission: "read", portal: true },
      { href: "/merchants", label: "Merchants", icon: "merchants", permission: "read" },
      { href: "/webhooks", label: "Webhook endpoints", icon: "inbox", permission: "read", portal: true },
      { href: "/verifying-signatures", label: "Verifying signatures", icon: "audit", permission: "read", portal: true },
      { href: "/providers", label: "Providers", icon: "providers", permission: "read" },
      { href: "/api-reference", label: "API reference", icon: "inbox", permission: "read", portal: true },
    ],
  },
  {
    label: "Administration",
    items: [
      { href: "/users", label: "Users", icon: "users", permission: "users:manage" },
      { href: "/audit-log", label: "Audit log", icon: "audit", permission: "audit:read" },
    ],
  },
];

export function navSectionsFor(role: Role): NavSection[] {
  if (role === "merchant") {
    return [{ label: "Portal", items: SECTIONS.flatMap((section) => section.items.filter((item) => item.portal)) }];
  }
  return SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => can({ role }, item.permission)),
  })).filter((section) => section.items.length > 0);
}

/** Where the brand links and an account starts: the overview for staff, the events in the portal. */
export function homeFor(role: Role): string {
  return role === "merchant" ? "/events" : "/overview";
}
