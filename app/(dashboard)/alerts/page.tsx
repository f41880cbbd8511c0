import type { Metadata } from "next";
import { AlertsView } from "@/components/alerts/alerts-view";
import { urlStatePage } from "@/components/ui/page-header";

export const metadata = { title: "Alerts" } satisfies Metadata;

// Staff and merchant accounts alike: the API shows a merchant account its merchant's alerts only.
export default urlStatePage({
  title: metadata.title,
  description:
    "What the rules found wrong: failure rates by reason, acquirers, merchants or terminals gone silent, failing or disabled endpoints, stalled queues. An alert resolves by itself when its condition ends.",
  view: AlertsView,
});
