// The role matrix of the permission checks: requirePermission admits staff roles by their grants
// and never a merchant account; tenantScope admits a merchant account only for its grants, and
// only with its merchant, and answers the scope its queries must apply.
import { describe, expect, it } from "vitest";
import { type Caller, PERMISSIONS, type Permission, ROLES, type Role, requirePermission } from "@/lib/access/roles";
import { EVERY_MERCHANT, merchantWhere, scopeBinding, tenantScope } from "@/lib/access/tenant-scope";

// Restated here on purpose, by permission (lib/access/roles.ts grants by role), so that a change
// to the grants fails this test until the matrix is changed with it.
const HOLDERS: Record<Permission, readonly Role[]> = {
  read: ["admin", "operator", "viewer", "merchant"],
  "credentials:write": ["admin", "operator"],
  "merchants:write": ["admin", "operator"],
  "events:retry": ["admin", "operator"],
  "webhooks:write": ["admin", "operator", "merchant"],
  "events:ingest": ["admin", "ingest"],
  "audit:read": ["admin"],
  "users:manage": ["admin"],
  "alerts:acknowledge": ["admin", "operator"],
  "reconciliation:write": ["admin", "operator"],
};

const callerOf = (role: Role, merchantId?: string): Caller => ({ userId: "u", username: "u", role, merchantId });
const refused = (check: () => unknown) => {
  try {
    check();
    return false;
  } catch (error) {
    return (
      (error as { status?: number; code?: string }).status === 403 && (error as { code?: string }).code === "insufficient_scope"
    );
  }
};

describe("the role matrix", () => {
  for (const role of ROLES) {
    it(`${role}: each permission as the matrix says, and the scope it implies`, () => {
      const caller = callerOf(role, role === "merchant" ? "m1" : undefined);
      for (const permission of PERMISSIONS) {
        const granted = HOLDERS[permission].includes(role);
        // Unscoped rights are staff's only.
        expect(
          refused(() => requirePermission(caller, permission)),
          `${role} requirePermission ${permission}`,
        ).toBe(role === "merchant" || !granted);
        expect(
          refused(() => tenantScope(caller, permission)),
          `${role} tenantScope ${permission}`,
        ).toBe(!granted);
        if (granted) expect(tenantScope(caller, permission)).toEqual(role === "merchant" ? { merchantId: "m1" } : EVERY_MERCHANT);
      }
    });
  }

  it("refuses a merchant account that names no merchant (fail closed)", () => {
    expect(refused(() => tenantScope(callerOf("merchant"), "read"))).toBe(true);
  });

  it("turns a scope into a where and a cursor binding, and leaves staff's as they were", () => {
    expect(merchantWhere({ merchantId: "m1" })).toEqual({ merchantId: "m1" });
    expect(merchantWhere(EVERY_MERCHANT)).toEqual({});
    expect(scopeBinding({ merchantId: "m1" })).toEqual({ tenant: "m1" });
    expect(scopeBinding(EVERY_MERCHANT)).toEqual({});
  });
});
