import type { ReactNode } from "react";
import { ControlIcon } from "@/components/ui/control-icons";

/** A field's validation message; the control points at it with aria-describedby (and aria-invalid). */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-(--danger)" data-testid="field-error">
      <ControlIcon name="alertCircle" className="mt-0.5 size-3.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** A field's help line under the control. */
export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-xs text-(--fg-subtle)">
      {children}
    </p>
  );
}

/** The ids a control lists in aria-describedby: its hint and, when there is one, its error. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined || undefined;
}

/** An API or schema message ("is required", "must match ...") as a sentence about the field. */
export function fieldMessage(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}.`.replace(/\.\.$/, ".") : message;
}
