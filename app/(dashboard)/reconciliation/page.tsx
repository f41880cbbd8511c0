import type { Metadata } from "next";
import { ReconciliationView } from "@/components/reconciliation/reconciliation-view";
import { UrlStatePage } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Reconciliation" };

// Staff and merchant accounts alike: the API shows a merchant account its merchant's exceptions
// only (and refuses it the imports and the resolution, which the view therefore does not offer).
export default function ReconciliationPage() {
  return (
    <UrlStatePage
      title="Reconciliation"
      description="Acquirers' statements matched against the notifications: sales we never heard about, notifications the acquirer does not list, and amounts or statuses that disagree."
      view={ReconciliationView}
    />
  );
}
