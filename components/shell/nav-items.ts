// The dashboard's sections, and who sees them: an item shows when the role has its permission
// (the pages and the API check again; hiding a link is not the authorization).
import type { IconName } from "@/components/ui/icons";
import { can, type Permission, type Role } from "@/lib/auth/roles";

export type NavItem = { href: string; label: string; icon: IconName; permission: Permission };
export type NavSection = { label: string; items: NavItem[] };

const SECTIONS: NavSection[] = [
  {
    label: "Operations",
    items: [
      { href: "/overview", label: "Overview", icon: "overview", permission: "read" },
      { href: "/events", label: "Events", icon: "events", permission: "read" },
      { href: "/credentials", label: "Credentials", icon: "credentials", permission: "read" },
      { href: "/merchants", label: "Merchants", icon: "merchants", permission: "read" },
      { href: "/webhooks", label: "Webhook endpoints", icon: "inbox", permission: "read" },
      { href: "/providers", label: "Providers", icon: "providers", permission: "read" },
      { href: "/api-reference", label: "API reference", icon: "inbox", permission: "read" },
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
  return SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => can({ role }, item.permission)),
  })).filter((section) => section.items.length > 0);
}
