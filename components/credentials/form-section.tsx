import type { ReactNode } from "react";

/** A titled band of a long form: its title and description on the left, its fields on the right. */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-x-8 gap-y-4 border-t border-(--line) px-5 py-6 first:border-t-0 md:grid-cols-[14rem_minmax(0,1fr)] sm:px-6">
      <div>
        <h2 className="text-sm font-semibold text-(--fg)">{title}</h2>
        {description ? <p className="mt-1 text-sm text-(--fg-muted)">{description}</p> : null}
      </div>
      <div className="min-w-0 space-y-5">{children}</div>
    </section>
  );
}
