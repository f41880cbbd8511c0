// The metrics' observer: the domains' outcomes (lib/observe/outcomes.ts) counted into the registry.
// Registered once at start-up (instrumentation.ts; the tests' setup does the same), so that
// lib/events and lib/webhooks report what happened without importing lib/metrics.

import { countDecisions, countDeliveryAttempt, countReceived } from "@/lib/metrics/registry";
import { registerObserver } from "@/lib/observe/outcomes";

export function countOutcomes(): void {
  registerObserver("metrics", (outcome) => {
    switch (outcome.kind) {
      case "events_received":
        return countReceived(outcome.events);
      case "events_decided":
        return countDecisions(outcome.events);
      case "delivery_attempted":
        return countDeliveryAttempt(outcome);
    }
  });
}
