import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/components/ui/class-names";
import { HeadingRow } from "@/components/ui/heading-row";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx("rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card)", className)} {...props} />;
}

export function CardHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <HeadingRow look="panel" title={title} description={description}>
      {actions}
    </HeadingRow>
  );
}
