import type { ReactNode } from "react";
import { Icon, type IconName } from "@/components/ui/icons";

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  /** A line icon's name, or a drawing of the caller's. */
  icon?: IconName | ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-(--line-strong) bg-(--surface) px-6 py-14 text-center">
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-4 flex size-11 items-center justify-center rounded-full bg-(--accent-soft) text-(--accent-text)"
        >
          {typeof icon === "string" ? <Icon name={icon as IconName} className="size-5" /> : icon}
        </div>
      ) : null}
      <h2 className="text-base font-semibold text-(--fg)">{title}</h2>
      {children ? <div className="mt-2 max-w-md text-sm text-(--fg-muted)">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
