"use client";

// An endpoint's event types: the choice in the endpoint dialogs (one checkbox per type of the
// catalogue, lib/webhooks/event-types.ts, never free text) and the summary in its row. Names
// stored before the API checked them stay, marked as never delivered: the row shows why such an
// endpoint receives nothing, and the dialog lets the operator untick them.
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { describedBy, FieldError, FieldHint } from "@/components/ui/field-error";
import { ENDPOINT_EVENT_TYPES, EVENT_TYPE_DESCRIPTIONS, isKnownEventType, unknownEventTypes } from "@/lib/webhooks/event-types";

const NEVER_DELIVERED = "Not an event type: nothing is ever delivered for it";

export function EventTypeChoice({
  value,
  onChange,
  stored = [],
  error,
}: {
  value: readonly string[];
  onChange: (types: string[]) => void;
  /** The endpoint's types as saved: unknown ones among them are offered too, to be unticked. */
  stored?: readonly string[];
  error?: string;
}) {
  const hintId = useId();
  const errorId = useId();
  const choiceId = useId();
  const options = [...ENDPOINT_EVENT_TYPES, ...unknownEventTypes(stored)];
  const toggle = (name: string, checked: boolean) =>
    onChange(options.filter((option) => (option === name ? checked : value.includes(option))));
  return (
    <fieldset className="space-y-2" aria-describedby={describedBy(hintId, error && errorId)}>
      <legend className="text-sm font-medium">Event types</legend>
      <FieldHint id={hintId}>None ticked: every payment event, and no alerts. Alerts come only when ticked.</FieldHint>
      <div className="space-y-2">
        {options.map((name, index) => (
          <div key={name} className="flex items-start gap-2 text-sm">
            <input
              id={`${choiceId}-${index}`}
              type="checkbox"
              className="mt-1"
              aria-describedby={`${choiceId}-${index}-about`}
              checked={value.includes(name)}
              onChange={(e) => toggle(name, e.target.checked)}
            />
            <div>
              <label htmlFor={`${choiceId}-${index}`} className="font-mono text-[13px]">
                {name}
              </label>
              <p id={`${choiceId}-${index}-about`} className="text-xs text-(--fg-subtle)">
                {isKnownEventType(name) ? EVENT_TYPE_DESCRIPTIONS[name] : `${NEVER_DELIVERED}. Untick it.`}
              </p>
            </div>
          </div>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

export function EndpointEventTypes({ types }: { types: readonly string[] }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-(--fg-subtle)" data-testid="endpoint-event-types">
      {/* One span when empty, so the phrase wraps as text; the space keeps "Receives" apart from the first name when read aloud. */}
      {types.length === 0 ? <span>Receives every payment event</span> : <span>Receives</span>}{" "}
      {types.map((name) =>
        isKnownEventType(name) ? (
          <Badge key={name} className="font-mono">
            {name}
          </Badge>
        ) : (
          // The note beside the badge, not in it: a badge does not wrap, and the column is narrow.
          <span key={name} className="inline-flex flex-wrap items-center gap-1" title={NEVER_DELIVERED}>
            <Badge tone="warning" className="font-mono">
              {name}
            </Badge>{" "}
            <span className="text-(--warning)">(unknown: never delivered)</span>
          </span>
        ),
      )}
    </p>
  );
}
