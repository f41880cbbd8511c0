import type { ReactNode } from "react";
import { cx } from "@/components/ui/class-names";

type Tone = "danger" | "info";

const TONES: Record<Tone, string> = {
  danger: "border-(--danger-line) bg-(--danger-soft) text-(--danger)",
  info: "border-(--line) bg-(--surface-muted) text-(--fg-muted)",
};

export function Alert({
  tone = "danger",
  title,
  children,
  action,
  id,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  id?: string;
}) {
  return (
    <div id={id} role={tone === "danger" ? "alert" : "status"} className={cx("rounded-md border px-4 py-3 text-sm", TONES[tone])}>
      <div className="flex items-start justify-between gap-4">
        <div>
          {title ? <p className="font-medium">{title}</p> : null}
          {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
        </div>
        {action}
      </div>
    </div>
  );
}
