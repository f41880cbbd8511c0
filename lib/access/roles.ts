// Roles and what each may do. Service functions call requirePermission with the caller;
// nothing is decided by path or middleware. A `merchant` account is bound to one merchant: its
// grants hold only inside that merchant's scope, so requirePermission refuses it everywhere and
// only a service that applies the scope in its query (lib/access/tenant-scope.ts) admits it. A
// service that forgets the scope refuses merchant accounts (403) rather than showing them all.
import { forbidden } from "@/lib/errors";

export const ROLES = ["admin", "operator", "viewer", "ingest", "merchant"] as const;
export type Role = (typeof ROLES)[number];

/** Every permission, in the order the role table and the tests list them. */
export const PERMISSIONS = [
  "read",
  "credentials:write",
  "merchants:write",
  "events:retry",
  "webhooks:write",
  "events:ingest",
  "audit:read",
  "users:manage",
  "alerts:acknowledge",
  "reconciliation:write",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  operator: [
    "read",
    "credentials:write",
    "merchants:write",
    "events:retry",
    "webhooks:write",
    "alerts:acknowledge",
    "reconciliation:write",
  ],
  viewer: ["read"],
  ingest: ["events:ingest"],
  // Only through tenantScope(): its own events, credentials, endpoints, deliveries; its endpoints' writes.
  merchant: ["read", "webhooks:write"],
};

/** Who is calling: the subject of a verified access token or of a staff session. */
export type Caller = {
  userId: string;
  username: string;
  role: Role;
  /** The merchant a `merchant` account belongs to (the token's merchant_id claim); unset for staff roles. */
  merchantId?: string;
  /**
   * A portal session (lib/portal/), not an account: userId is the session's id, role merchant;
   * its tokens are checked against the session (expiry, revocation) instead of a users row.
   */
  portalSession?: true;
  /** Set while the account still has a password someone else chose: only changing it is allowed. */
  passwordChangeRequired?: boolean;
};

/**
 * A change to one resource by its id, as a route asks a service for it (lib/http/resource-routes.ts's
 * patchByIdRoute): who asks, which resource, and the change.
 */
export type ChangeById<Input> = { caller: Caller; id: string; input: Input };

/** Whether the role holds the permission at all (a merchant account: within its merchant). For pages. */
export function can(caller: Pick<Caller, "role">, permission: Permission): boolean {
  return GRANTS[caller.role].includes(permission);
}

export function insufficientScope(detail: string) {
  return forbidden("insufficient_scope", detail, {
    "www-authenticate": `Bearer realm="payment-integrations", error="insufficient_scope"`,
  });
}

/** An unscoped right: staff roles only. A merchant account is refused (tenantScope admits it where scoped). */
export function requirePermission(caller: Caller, permission: Permission): void {
  if (caller.role === "merchant") {
    throw insufficientScope("A merchant account may not do this.");
  }
  if (!can(caller, permission)) {
    throw insufficientScope(`The role ${caller.role} may not do this (needs ${permission}).`);
  }
}
