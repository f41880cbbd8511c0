// What a caller may write to an endpoint, checked before a create or a change reads anything:
// webhooks:write within its merchants, a body naming a merchant names its own, and only an admin
// makes an endpoint receive every alert (lib/alerts/all-alerts.ts).
import "server-only";
import { requireAllAlertsByAdmin } from "@/lib/alerts/all-alerts";
import type { Caller } from "@/lib/auth/roles";
import { requireOwnMerchant, type TenantScope, tenantScope } from "@/lib/auth/tenant-scope";

/** Refuses what the caller may not write (403, or 422 for another merchant); answers the scope the write runs in. */
export function requireEndpointWrite(caller: Caller, input: { merchantId?: string; allAlerts?: boolean }): TenantScope {
  const scope = tenantScope(caller, "webhooks:write");
  // Another merchant's id in the body is answered as an unknown merchant (422).
  if (input.merchantId !== undefined) requireOwnMerchant(scope, input.merchantId);
  requireAllAlertsByAdmin(caller, input.allAlerts);
  return scope;
}
