// Line icons (24-unit grid, drawn with currentColor). Decorative: callers label the control.
import { lineIconSet } from "@/components/ui/line-icon";

export const Icon = lineIconSet({
  overview: [
    { rect: [3, 3, 7, 9, 1.5] },
    { rect: [14, 3, 7, 5, 1.5] },
    { rect: [14, 12, 7, 9, 1.5] },
    { rect: [3, 16, 7, 5, 1.5] },
  ],
  events: ["M22 12h-4l-3 9L9 3l-3 9H2"],
  credentials: [{ circle: [8, 15, 4] }, "m10.85 12.15 8.65-8.65M18 5l2 2M15 8l2 2"],
  merchants: ["M3 9l1.5-5h15L21 9", "M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0", "M5 12v8h14v-8M10 20v-5h4v5"],
  providers: ["M3 21h18M5 18v-7M9.5 18v-7M14.5 18v-7M19 18v-7", "M12 3 20.5 8h-17z"],
  audit: [
    { rect: [8, 2, 8, 4, 1] },
    "M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2",
    "M12 11h4M12 16h4M8 11h.01M8 16h.01",
  ],
  users: [
    "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2",
    { circle: [9, 7, 4] },
    "M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75",
  ],
  signOut: ["M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4", "m16 17 5-5-5-5M21 12H9"],
  inbox: [
    "M22 12h-6l-2 3h-4l-2-3H2",
    "M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z",
  ],
  lock: [{ rect: [4, 11, 16, 10, 2] }, "M8 11V7a4 4 0 0 1 8 0v4"],
  refresh: ["M21 12a9 9 0 0 1-15.5 6.2L3 16", "M3 12a9 9 0 0 1 15.5-6.2L21 8", "M21 3v5h-5M3 21v-5h5"],
});

export type IconName = Parameters<typeof Icon>[0]["name"];
