import type { ComponentProps } from "react";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";

/** A native <select> drawn like Input: the browser keeps its keyboard and screen-reader behaviour. */
export function Select({ className, size = "md", ...props }: Omit<ComponentProps<"select">, "size"> & { size?: "sm" | "md" }) {
  return (
    <div className={cx("relative", className)}>
      <select
        className={cx(
          "block w-full appearance-none rounded-md border border-(--line-strong) bg-(--surface) pr-9 pl-3 text-sm text-(--fg) shadow-(--shadow-card)",
          "focus-visible:border-(--accent) aria-invalid:border-(--danger) disabled:cursor-not-allowed disabled:opacity-60",
          size === "sm" ? "h-8" : "h-10",
        )}
        {...props}
      />
      <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-2.5 text-(--fg-subtle)">
        <ControlIcon name="chevronDown" className="size-4" />
      </span>
    </div>
  );
}
