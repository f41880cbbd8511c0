import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/components/ui/class-names";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx("rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card)", className)} {...props} />;
}

export function CardHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-(--line) px-5 py-4">
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-(--fg)">{title}</h2>
        {description ? <p className="mt-1 text-sm text-(--fg-muted)">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}
