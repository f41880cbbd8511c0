import type { Metadata } from "next";
import { EventsExplorer } from "@/components/events/events-explorer";
import { PageShell } from "@/components/ui/page-header";
import { parseEventFilters } from "@/lib/events/list/event-filters";
import { firstEventsPage } from "./first-page";

export const metadata: Metadata = { title: "Events" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The filter comes from the URL through the same parser the browser uses; the first page of
// events is rendered with the page.
export default async function EventsPage({ searchParams }: Props) {
  const initial = await firstEventsPage(parseEventFilters(await searchParams));
  return (
    <PageShell
      title="Events"
      description="Payment notifications from the acquirers: find one by filter or id, see why it failed, retry it, export the list."
    >
      <EventsExplorer initial={initial} />
    </PageShell>
  );
}
