import type { ComponentProps } from "react";
import { cx } from "@/components/ui/class-names";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cx(
        "block w-full rounded-md border border-(--line-strong) bg-(--surface) px-3 py-2 text-sm text-(--fg) shadow-(--shadow-card)",
        "placeholder:text-(--fg-subtle) focus-visible:border-(--accent) aria-invalid:border-(--danger)",
        className,
      )}
      {...props}
    />
  );
}
