/** First stop for keyboard users: jumps past the navigation to the page's content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-(--surface) focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-(--fg) focus:shadow-(--shadow-card)"
    >
      Skip to content
    </a>
  );
}
