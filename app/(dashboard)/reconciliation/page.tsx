import type { Metadata } from "next";
import { ReconciliationView } from "@/components/reconciliation/reconciliation-view";
import { urlStatePage } from "@/components/ui/page-header";

export const metadata = { title: "Reconciliation" } satisfies Metadata;

// Staff and merchant accounts alike: the API shows a merchant account its merchant's exceptions
// only (and refuses it the imports and the resolution, which the view therefore does not offer).
export default urlStatePage({
  title: metadata.title,
  description:
    "Acquirers' statements matched against the notifications: sales we never heard about, notifications the acquirer does not list, and amounts or statuses that disagree.",
  view: ReconciliationView,
});
