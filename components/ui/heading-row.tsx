import type { ReactNode } from "react";

// The head of a page (its one h1), of a card or of a dialog (an h2): a title, a line under it,
// and the controls beside them.
const LOOKS = {
  page: {
    row: "mb-8 flex flex-wrap items-end justify-between gap-4",
    title: "text-2xl font-semibold tracking-tight text-(--fg)",
    description: "mt-1.5 max-w-2xl text-sm text-(--fg-muted)",
  },
  panel: {
    row: "flex items-start justify-between gap-4 border-b border-(--line) px-5 py-4",
    title: "text-base font-semibold text-(--fg)",
    description: "mt-1 text-sm text-(--fg-muted)",
  },
} as const;

export function HeadingRow({
  look,
  title,
  description,
  children,
  ids,
}: {
  /** A page's head has an h1; a card's or a dialog's, an h2. */
  look: keyof typeof LOOKS;
  title: ReactNode;
  description?: ReactNode;
  /** The controls beside the title. */
  children?: ReactNode;
  /** Ids for the title and the description, for a dialog's aria-labelledby and aria-describedby. */
  ids?: { title: string; description: string };
}) {
  const Heading = look === "page" ? "h1" : "h2";
  const styles = LOOKS[look];
  return (
    <div className={styles.row}>
      <div className="min-w-0">
        <Heading id={ids?.title} className={styles.title}>
          {title}
        </Heading>
        {description ? (
          <p id={ids?.description} className={styles.description}>
            {description}
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
