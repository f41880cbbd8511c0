// The shapes the events API sends to the browser, derived from the events contract (types only:
// nothing here reaches the bundle).
import type { EventDetailDto, EventDto } from "@/lib/events/event-contract";
import type { Page } from "@/lib/paging/page-params";

export type { TerminalData } from "@/lib/events/data-schema";
export type { EventDto } from "@/lib/events/event-contract";

export type EventPage = Page<EventDto>;

/** GET /v1/webhooks/events/{id}; `deliveries` and `payment` are absent in the placeholder built from a list row. */
export type EventDetail = Omit<EventDetailDto, "deliveries" | "payment"> &
  Partial<Pick<EventDetailDto, "deliveries" | "payment">>;
