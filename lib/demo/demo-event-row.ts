// A demo event as a row of the events table, for both loaders (COPY on a server, one JSON
// statement on the embedded database): the columns they write, and an event's values for them.
import type { DemoEvent } from "@/lib/demo/generate-events";
import type { EventData } from "@/lib/events/data-schema";
import { eventColumnsOf, LIFTED_COLUMNS, liftedValues } from "@/lib/events/ingest/event-columns";

export const DEMO_EVENT_COLUMNS = [
  "id",
  "type",
  "status",
  "data",
  ...LIFTED_COLUMNS,
  "failure_reason",
  "attempt_count",
  "created_at",
  "updated_at",
  // The Data object's compact text, which the body trigger wraps (migration *_compact_event_body).
  "body",
] as const;

export const iso = (ms: number) => new Date(ms).toISOString();

/** The event's values in DEMO_EVENT_COLUMNS order; `data` as the object, for the loader to encode. */
export function demoEventValues(event: DemoEvent): (string | number | null | EventData)[] {
  return [
    event.id,
    event.type,
    event.status,
    event.data,
    ...liftedValues(eventColumnsOf(event.data)),
    event.failureReason,
    event.attempt ? 1 : 0,
    iso(event.createdAt),
    iso(event.updatedAt),
    JSON.stringify(event.data),
  ];
}
