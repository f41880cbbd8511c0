// Who may make an endpoint receive every alert (all_alerts): admins. Anyone else may subscribe an
// endpoint to its merchant's alerts only (alert.* event types), so a merchant account or an
// operator cannot read every merchant's alerts through a webhook.
import { type Caller, insufficientScope } from "@/lib/access/roles";

export function requireAllAlertsByAdmin(caller: Caller, allAlerts: boolean | undefined): void {
  if (allAlerts === true && caller.role !== "admin")
    throw insufficientScope("Only an admin may make an endpoint receive every alert (allAlerts).");
}
