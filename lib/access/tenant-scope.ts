// The one place a caller becomes the set of merchants it may see (merchants are
// tenants). A service that serves merchant accounts asks tenantScope() instead of
// requirePermission() and puts the scope INTO its query: the Prisma `where` (merchantWhere and
// friends) or the SQL condition (ownerCondition), so another merchant's row is simply not found
// (404) and a list holds only the merchant's rows. Never fetch and then check, never filter a
// page after reading it. Lists also bind their cursors to the scope (scopeBinding), so a cursor
// made under one scope is refused (400) under another.
import { type Caller, can, insufficientScope, type Permission, requirePermission } from "@/lib/access/roles";
import { unprocessable } from "@/lib/errors";

/** Which merchants the caller's query may reach: one (a merchant account), or every one (staff). */
export type TenantScope = { readonly merchantId: string } | { readonly merchantId?: undefined };

export const EVERY_MERCHANT: TenantScope = {};

/** Checks the permission within the caller's scope and returns that scope. */
export function tenantScope(caller: Caller, permission: Permission): TenantScope {
  if (caller.role !== "merchant") {
    requirePermission(caller, permission);
    return EVERY_MERCHANT;
  }
  // Fail closed: a merchant account without its merchant (never minted) reaches nothing.
  if (!caller.merchantId || !can(caller, permission)) {
    throw insufficientScope(`A merchant account may not do this (needs ${permission}).`);
  }
  return { merchantId: caller.merchantId };
}

/** Prisma: the `where` of rows with a merchantId column (credentials, webhook endpoints). */
export function merchantWhere(scope: TenantScope): { merchantId?: string } {
  return scope.merchantId ? { merchantId: scope.merchantId } : {};
}

/**
 * Prisma: the `where` of webhook endpoints (and, through `endpoint`, their deliveries). An endpoint
 * that receives every merchant's alerts (all_alerts, set by an admin) is the operators' own
 * receiver that merely sits under some merchant: that merchant's account neither sees nor
 * changes it (its URL, its secret and its deliveries are about every merchant).
 */
export function endpointWhere(scope: TenantScope): { merchantId?: string; allAlerts?: false } {
  return scope.merchantId ? { merchantId: scope.merchantId, allAlerts: false } : {};
}

/** Prisma: the `where` of the merchants table itself (its id is the merchant). */
export function merchantRowWhere(scope: TenantScope): { id?: string } {
  return scope.merchantId ? { id: scope.merchantId } : {};
}

/** Prisma: the `where` of an event (its owner, docs/api.md "Which events are a merchant's"). */
export function eventOwnerWhere(scope: TenantScope): { ownerMerchantId?: string } {
  return scope.merchantId ? { ownerMerchantId: scope.merchantId } : {};
}

/** SQL: the condition on an events row `alias` (owner_merchant_id), or none for staff. */
export function ownerCondition(scope: TenantScope, bind: (value: unknown) => string, alias = "e"): string | undefined {
  return scope.merchantId ? `${alias}.owner_merchant_id = ${bind(scope.merchantId)}` : undefined;
}

/**
 * What a list's cursor is bound to besides its filters: the scope. Staff cursors stay as they
 * were (the key is left out), a merchant's carry its id, so neither passes for the other.
 */
export function scopeBinding(scope: TenantScope): { tenant?: string } {
  return scope.merchantId ? { tenant: scope.merchantId } : {};
}

/**
 * A body naming a merchant (merchantId) must name the caller's own: another one is refused as
 * unknown (422 merchant_not_found, the answer for a merchant that does not exist), so nothing
 * about other merchants is disclosed.
 */
export function requireOwnMerchant(scope: TenantScope, merchantId: string): void {
  if (scope.merchantId && scope.merchantId !== merchantId) {
    throw unprocessable("merchant_not_found", `There is no merchant ${merchantId}.`, [
      { field: "merchantId", message: "is not a known merchant" },
    ]);
  }
}
