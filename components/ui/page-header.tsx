import type { ReactNode } from "react";

/** The page's one h1, a line about what the page is for, and its main actions. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-(--fg)">{title}</h1>
        {description ? <p className="mt-1.5 max-w-2xl text-sm text-(--fg-muted)">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}
