import type { Metadata } from "next";
import Link from "next/link";
import { EventDetail } from "@/components/events/event-detail";
import { ControlIcon } from "@/components/ui/control-icons";
import { eventFiltersSearch, parseEventFilters } from "@/lib/events/list/event-filters";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Event ${id}` };
}

// The event's own page (a reload, a shared link, a new tab). The list's filters may ride along in
// the query string: "All events" goes back to that view.
export default async function EventPage({ params, searchParams }: Props) {
  const { id } = await params;
  const back = `/events${eventFiltersSearch(parseEventFilters(await searchParams))}`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4">
        <Link
          href={back}
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-(--fg-muted) hover:text-(--fg)"
        >
          <ControlIcon name="arrowLeft" className="size-4" />
          All events
        </Link>
      </nav>
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-(--fg)">Event</h1>
        <p className="mt-1 font-mono text-sm text-(--fg-muted)">{id}</p>
      </div>
      <EventDetail id={id} headingLevel={2} />
    </>
  );
}
