import type { ComponentProps } from "react";
import { cx } from "@/components/ui/class-names";

type Variant = "primary" | "secondary" | "ghost";
type Size = "sm" | "md";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-(--accent) text-(--accent-fg) shadow-(--shadow-card) hover:bg-(--accent-hover)",
  secondary: "border border-(--line-strong) bg-(--surface) text-(--fg) shadow-(--shadow-card) hover:bg-(--surface-muted)",
  ghost: "text-(--fg-muted) hover:bg-(--surface-muted) hover:text-(--fg)",
};

const SIZES: Record<Size, string> = {
  sm: "h-8 gap-1.5 px-3 text-sm",
  md: "h-10 gap-2 px-4 text-sm",
};

export type ButtonProps = ComponentProps<"button"> & { variant?: Variant; size?: Size };

export function Button({ variant = "primary", size = "md", className, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        "inline-flex items-center justify-center rounded-md font-medium transition-colors",
        "disabled:cursor-not-allowed disabled:opacity-60",
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
