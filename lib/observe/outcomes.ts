// What the domains report as they work, as typed outcomes, to the observers registered at start-up
// (instrumentation.ts: lib/metrics counts them for /metrics). A domain says what happened and
// nothing about who counts it, so it imports this vocabulary, never lib/metrics: the counting sits
// floors above the code it counts (docs/architecture.md, "Floors").
// The observers live on globalThis: Next.js may load this module once per bundle (the
// instrumentation hook's and the route handlers'), and all of them must reach the same observers.

/** A notification received, single or in a batch; acquirerName is whatever it said (labels bucket it). */
export type ReceivedEvent = { acquirerName: unknown; result: "created" | "duplicate" | "invalid" };

/** An event decided by a decision statement (on arrival, by the worker, or retried). */
export type DecidedEvent = { acquirerName?: unknown; status: unknown; failureReason?: unknown };

export type Outcome =
  | { kind: "events_received"; events: readonly ReceivedEvent[] }
  | { kind: "events_decided"; events: readonly DecidedEvent[] }
  | { kind: "delivery_attempted"; ok: boolean; errorClass: unknown; deliveredAfterSeconds?: unknown };

export type Observer = (outcome: Outcome) => void;

const g = globalThis as unknown as { __pic_observers?: Map<string, Observer> };

/** Registers (or, by the same name, replaces: a module evaluated again does not count twice) an observer. */
export function registerObserver(name: string, observer: Observer): void {
  g.__pic_observers ??= new Map();
  g.__pic_observers.set(name, observer);
}

/** Tells every registered observer; with none registered (a script, a unit test) it costs a lookup. */
export function reportOutcome(outcome: Outcome): void {
  const observers = g.__pic_observers;
  if (!observers) return;
  for (const observer of observers.values()) observer(outcome);
}
