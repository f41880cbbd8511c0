// Line icons for controls (add, copy, search, close...), drawn like ui/icons.tsx: 24-unit grid,
// currentColor, decorative (callers label the control).
import type { ReactNode } from "react";
import { LineIconFrame } from "@/components/ui/line-icon-frame";

const PATHS = {
  plus: <path d="M12 5v14M5 12h14" />,
  copy: (
    <>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </>
  ),
  check: <path d="M20 6 9 17l-5-5" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
  close: <path d="M18 6 6 18M6 6l12 12" />,
  chevronDown: <path d="m6 9 6 6 6-6" />,
  chevronRight: <path d="m9 6 6 6-6 6" />,
  power: (
    <>
      <path d="M12 2v10" />
      <path d="M18.4 6.6a9 9 0 1 1-12.77.04" />
    </>
  ),
  alertCircle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </>
  ),
  checkCircle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>
  ),
  arrowLeft: <path d="M19 12H5M12 19l-7-7 7-7" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  filterOff: (
    <>
      <path d="M3 5h18l-7 8v6l-4 2v-8z" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type ControlIconName = keyof typeof PATHS;

export function ControlIcon({ name, className }: { name: ControlIconName; className?: string }) {
  return <LineIconFrame className={className}>{PATHS[name]}</LineIconFrame>;
}
