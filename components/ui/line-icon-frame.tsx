// The one frame of every line icon (ui/icons.tsx, ui/control-icons.tsx, events/event-icons.tsx):
// a 24-unit grid drawn with currentColor, decorative (callers label the control). The sets stay
// separate files so that a page bundles only the drawings it uses.
import type { ReactNode } from "react";

export function LineIconFrame({ className = "size-4", children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}
