import type { Metadata } from "next";
import { WritableView } from "@/components/shell/writable-view";
import { WebhooksView } from "@/components/webhooks/webhooks-view";

export const metadata: Metadata = { title: "Webhook endpoints" };

export default function WebhooksPage() {
  return <WritableView permission="webhooks:write" view={WebhooksView} />;
}
