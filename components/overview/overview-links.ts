// The overview's links to the events behind its figures. A figure counts whole buckets
// (overview.from to overview.to), not "the last 24 hours from now": its link carries that exact
// window, so the list behind it holds the same events.
import type { Overview } from "@/components/overview/overview-queries";
import type { EventFilters } from "@/lib/events/list/event-filters";
import { eventsLink } from "@/lib/links/list-links";

/** /events with these filters, within the overview's counted window. */
export const countedEventsLink = (overview: Overview, filters: Partial<EventFilters>) =>
  eventsLink({ ...filters, from: overview.from, to: overview.to });
