import type { ComponentProps } from "react";
import { cx } from "@/components/ui/class-names";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cx(
        "block h-10 w-full rounded-md border border-(--line-strong) bg-(--surface) px-3 text-sm text-(--fg) shadow-(--shadow-card)",
        "placeholder:text-(--fg-subtle) focus-visible:border-(--accent)",
        "aria-invalid:border-(--danger)",
        className,
      )}
      {...props}
    />
  );
}
