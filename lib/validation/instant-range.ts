// The instants an input may name: years 0001 to 9999 (UTC), after any arithmetic done on them
// (a day's end, "> t" as ">= t + 1 ms"). PostgreSQL's timestamptz itself spans 4713 BC to
// 294276 AD, but an instant reaches it as JavaScript's ISO text, and year 0 ("0000-01-01", 1 BC)
// and years past 9999 ("+010000-01-01") are refused there (22008): a 500. Every date input of
// the API passes through here: the events filters (list, count, export, bulk retry) and the
// audit log through createdAtRange (lib/validation/created-at-range.ts), the deliveries' filters and
// recover's `since` (lib/webhooks/schemas.ts); the dashboard's URL parser drops an instant
// outside it (lib/events/list/event-filters.ts), so a hand-edited link never turns into a 400.
// No zod here: the events page ships this.

/** An instant: ISO 8601 with an offset, seconds optional, up to 6 fraction digits. */
export const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A UTC day. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const EARLIEST_INSTANT = new Date("0001-01-01T00:00:00.000Z");
export const LATEST_INSTANT = new Date("9999-12-31T23:59:59.999Z");
export const INSTANT_RANGE_MESSAGE =
  "must stay between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z (a date's whole day included)";

export const inInstantRange = (instant: Date): boolean =>
  !Number.isNaN(instant.getTime()) && instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT;
