// What a caller may write to an endpoint, checked before a create or a change reads anything:
// webhooks:write within its merchants, a body naming a merchant names its own, only an admin
// makes an endpoint receive every alert (lib/alerts/all-alerts.ts), and only an admin touches an
// endpoint that does. Such an endpoint is the operators' own receiver of every merchant's alerts:
// whoever may change its URL or rotate its secret reads those alerts, so checking only who *sets*
// the flag is not enough. A merchant account does not even see it (endpointWhere); an operator
// sees it and is refused (403) any change, test, recovery or deletion. Also who counts as staff
// for an endpoint's URL (staffCaller): the allow-list serves only URLs staff set
// (lib/webhooks/egress/address-policy.ts, endpointPolicy).
import "server-only";
import type { WebhookEndpoint } from "@/generated/prisma/client";
import { type Caller, insufficientScope } from "@/lib/access/roles";
import { endpointWhere, requireOwnMerchant, type TenantScope, tenantScope } from "@/lib/access/tenant-scope";
import { requireAllAlertsByAdmin } from "@/lib/alerts/all-alerts";
import { findWebhookEndpointRow } from "@/lib/webhooks/endpoints/get-webhook-endpoint";

/** Refuses what the caller may not write (403, or 422 for another merchant); answers the scope the write runs in. */
export function requireEndpointWrite(caller: Caller, input: { merchantId?: string; allAlerts?: boolean }): TenantScope {
  const scope = tenantScope(caller, "webhooks:write");
  // Another merchant's id in the body is answered as an unknown merchant (422).
  if (input.merchantId !== undefined) requireOwnMerchant(scope, input.merchantId);
  requireAllAlertsByAdmin(caller, input.allAlerts);
  return scope;
}

/**
 * An existing endpoint the caller may change (update, rotate its secret, test, recover, delete),
 * and the `where` that guards the write itself: an admin turning the flag on between the read and
 * the write leaves the row untouched (not found) rather than changed by a non-admin.
 */
export async function findEndpointToChange(
  caller: Caller,
  id: string,
  input: { merchantId?: string; allAlerts?: boolean } = {},
): Promise<{ scope: TenantScope; before: WebhookEndpoint; where: { id: string; merchantId?: string; allAlerts?: false } }> {
  const scope = requireEndpointWrite(caller, input);
  const before = await findWebhookEndpointRow(id, scope);
  const admin = caller.role === "admin";
  if (before.allAlerts && !admin) {
    throw insufficientScope(
      "Only an admin may change, test, recover or delete an endpoint that receives every alert (allAlerts).",
    );
  }
  return { scope, before, where: { id: before.id, ...endpointWhere(scope), ...(admin ? {} : { allAlerts: false }) } };
}

/**
 * Staff: admins and operators, who set endpoints' URLs for any merchant and whose URLs the
 * allow-list serves. Every other caller with webhooks:write (a merchant account, a portal session,
 * a role added later until it is named here) is the merchant itself.
 */
export function staffCaller(caller: Pick<Caller, "role">): boolean {
  return caller.role === "admin" || caller.role === "operator";
}
