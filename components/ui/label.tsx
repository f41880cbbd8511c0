import type { ComponentProps } from "react";
import { cx } from "@/components/ui/class-names";

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cx("block text-sm font-medium text-(--fg)", className)} {...props} />;
}
