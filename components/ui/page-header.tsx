import { type ComponentType, type ReactNode, Suspense } from "react";
import { HeadingRow } from "@/components/ui/heading-row";

/** The page's one h1, a line about what the page is for, and its main actions. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <HeadingRow look="page" title={title} description={description}>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </HeadingRow>
  );
}

/** A dashboard page that is its header and one view under it. */
export function PageShell({
  title,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </>
  );
}

/**
 * A dashboard page whose one view keeps its state in the URL (its filters): the view reads the
 * search params, so it renders under Suspense, which lets the rest of the page prerender. The
 * page file exports it as its default, titled as its metadata is.
 */
export function urlStatePage({ title, description, view: View }: { title: string; description: string; view: ComponentType }) {
  return function UrlStatePage() {
    return (
      <PageShell title={title} description={description}>
        <Suspense>
          <View />
        </Suspense>
      </PageShell>
    );
  };
}
