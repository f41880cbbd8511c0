import type { ComponentProps } from "react";
import { cx } from "@/components/ui/class-names";

type Tone = "neutral" | "accent" | "success" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  neutral: "bg-(--surface-muted) text-(--fg-muted) ring-(--line)",
  accent: "bg-(--accent-soft) text-(--accent-text) ring-(--accent)/20",
  success: "bg-(--success-soft) text-(--success) ring-(--success)/20",
  warning: "bg-(--warning-soft) text-(--warning) ring-(--warning)/20",
  danger: "bg-(--danger-soft) text-(--danger) ring-(--danger)/20",
};

export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: Tone }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
