// The events filters' vocabulary, part of the events contract (lib/events/event-contract.ts)
// but without zod, so that the events page, which parses its URL with it, ships none.
// The API takes these; the dashboard's URL parser keeps only values the API takes (and, for ids,
// only values an event can hold), so a hand-edited link never turns into a 400.

/**
 * What the API takes for an id filter (ours or the acquirer's MID, TID, serial number), a failure
 * reason, a type or q: any 1 to 64 characters. A value no event can hold answers an empty page.
 */
export const FILTER_TEXT = { min: 1, max: 64 } as const;
/**
 * What an id filter can match: the Data object's identifiers (lib/events/data-schema.ts). The
 * dashboard writes only these, so a hand-edited link with "a b" shows every event, not none.
 */
export const FILTER_IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;
/** An event type as the dashboard takes it: payment.completed and the like. */
export const FILTER_TYPE = /^[A-Za-z0-9_.:-]{1,64}$/;
/** What an acquirer response code can be (acquirerResponseCode): ABECS codes have 2 characters, Stone sends 4. */
export const FILTER_RESPONSE_CODE = /^[0-9A-Za-z]{1,4}$/;
/** A part of a merchant's name. */
export const FILTER_NAME_PART = { min: 2, max: 100 } as const;
/** An instant and a UTC day, as every date input of the API takes them (lib/validation/instant-range.ts). */
export { DAY_PATTERN as FILTER_DAY, INSTANT_PATTERN as FILTER_INSTANT } from "@/lib/validation/instant-range";
