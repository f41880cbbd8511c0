// Roles and what each may do. Service functions call requirePermission with the caller;
// nothing is decided by path or middleware.
import { forbidden } from "@/lib/errors";

export const ROLES = ["admin", "operator", "viewer", "ingest"] as const;
export type Role = (typeof ROLES)[number];

export type Permission =
  | "read"
  | "credentials:write"
  | "merchants:write"
  | "events:retry"
  | "webhooks:write"
  | "events:ingest"
  | "audit:read"
  | "users:manage";

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: [
    "read",
    "credentials:write",
    "merchants:write",
    "events:retry",
    "webhooks:write",
    "events:ingest",
    "audit:read",
    "users:manage",
  ],
  operator: ["read", "credentials:write", "merchants:write", "events:retry", "webhooks:write"],
  viewer: ["read"],
  ingest: ["events:ingest"],
};

/** Who is calling: the subject of a verified access token or of a staff session. */
export type Caller = {
  userId: string;
  username: string;
  role: Role;
  /** Set while the account still has a password someone else chose: only changing it is allowed. */
  passwordChangeRequired?: boolean;
};

export function can(caller: Pick<Caller, "role">, permission: Permission): boolean {
  return GRANTS[caller.role].includes(permission);
}

export function requirePermission(caller: Caller, permission: Permission): void {
  if (!can(caller, permission)) {
    throw forbidden("insufficient_scope", `The role ${caller.role} may not do this (needs ${permission}).`, {
      "www-authenticate": `Bearer realm="payment-integrations", error="insufficient_scope"`,
    });
  }
}
