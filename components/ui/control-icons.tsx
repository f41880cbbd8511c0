// Line icons for controls (add, copy, search, close...), drawn like ui/icons.tsx: 24-unit grid,
// currentColor, decorative (callers label the control).
import { lineIconSet } from "@/components/ui/line-icon";

export const ControlIcon = lineIconSet({
  plus: ["M12 5v14M5 12h14"],
  copy: [{ rect: [9, 9, 12, 12, 2] }, "M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"],
  check: ["M20 6 9 17l-5-5"],
  search: [{ circle: [11, 11, 7] }, "m20 20-3.5-3.5"],
  close: ["M18 6 6 18M6 6l12 12"],
  chevronDown: ["m6 9 6 6 6-6"],
  chevronRight: ["m9 6 6 6-6 6"],
  power: ["M12 2v10", "M18.4 6.6a9 9 0 1 1-12.77.04"],
  alertCircle: [{ circle: [12, 12, 9] }, "M12 8v4M12 16h.01"],
  checkCircle: [{ circle: [12, 12, 9] }, "m8.5 12 2.5 2.5 4.5-5"],
  arrowLeft: ["M19 12H5M12 19l-7-7 7-7"],
  menu: ["M4 6h16M4 12h16M4 18h16"],
  filterOff: ["M3 5h18l-7 8v6l-4 2v-8z"],
});

export type ControlIconName = Parameters<typeof ControlIcon>[0]["name"];
