// The text controls: a one-line input and a textarea, drawn alike (a field marked aria-invalid
// takes the danger border).
import type { ComponentProps } from "react";
import { cx } from "@/components/ui/class-names";

const FIELD =
  "block w-full rounded-md border border-(--line-strong) bg-(--surface) px-3 text-sm text-(--fg) shadow-(--shadow-card) " +
  "placeholder:text-(--fg-subtle) focus-visible:border-(--accent) aria-invalid:border-(--danger)";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cx(FIELD, "h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cx(FIELD, "py-2", className)} {...props} />;
}

/** For a name or code typed as it is (a username, a CNPJ): no spelling marks, no autofill, no capital first letter. */
export const TYPED_AS_IS = { autoComplete: "off", spellCheck: false, autoCapitalize: "none" } as const;
