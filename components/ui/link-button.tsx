import Link from "next/link";
import type { ComponentProps } from "react";
import { cx } from "@/components/ui/class-names";

// A navigation that looks like a button (New credential, Back): a link for the browser and for
// assistive technology. The looks follow ui/button.tsx.
type Variant = "primary" | "secondary" | "ghost";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-(--accent) text-(--accent-fg) shadow-(--shadow-card) hover:bg-(--accent-hover)",
  secondary: "border border-(--line-strong) bg-(--surface) text-(--fg) shadow-(--shadow-card) hover:bg-(--surface-muted)",
  ghost: "text-(--fg-muted) hover:bg-(--surface-muted) hover:text-(--fg)",
};

export function LinkButton({
  variant = "primary",
  size = "md",
  className,
  ...props
}: ComponentProps<typeof Link> & { variant?: Variant; size?: "sm" | "md" }) {
  return (
    <Link
      className={cx(
        "inline-flex items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors",
        VARIANTS[variant],
        size === "sm" ? "h-8 gap-1.5 px-3 text-sm" : "h-10 gap-2 px-4 text-sm",
        className,
      )}
      {...props}
    />
  );
}
