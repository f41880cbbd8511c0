import Link from "next/link";

function Mark() {
  return (
    <span
      aria-hidden="true"
      className="flex size-7 shrink-0 items-center justify-center rounded-md bg-(--accent) text-(--accent-fg) shadow-(--shadow-card)"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
        <path d="M3 10h18M7 14.5h3" />
      </svg>
    </span>
  );
}

/** The product mark and name; a link home when `href` is given. */
export function Brand({ href }: { href?: string }) {
  const content = (
    <>
      <Mark />
      <span className="text-sm leading-tight font-semibold">
        Payment Integrations
        <span className="block text-xs font-normal text-(--fg-subtle)">Operations console</span>
      </span>
    </>
  );
  const className = "flex items-center gap-2.5 rounded-md text-(--fg)";
  return href ? (
    <Link href={href} className={className}>
      {content}
    </Link>
  ) : (
    <div className={className}>{content}</div>
  );
}
