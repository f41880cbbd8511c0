import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Overview" };

// Placeholder: events per hour by status, counts and top failure reasons come here.
export default function OverviewPage() {
  return (
    <>
      <PageHeader title="Overview" description="Payment notifications received, processed and failed across all acquirers." />
      <EmptyState icon={<Icon name="inbox" className="size-5" />} title="No activity to show yet">
        When acquirers send payment notifications, their volume by status, the counts for the period and the most common failure
        reasons appear here.
      </EmptyState>
    </>
  );
}
