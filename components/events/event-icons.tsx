// Icons the events screens need beyond ui/icons.tsx and ui/control-icons.tsx, drawn the same way
// (24-unit grid, currentColor, decorative: callers label the control).
import { lineIconSet } from "@/components/ui/line-icon";

export const EventIcon = lineIconSet({
  download: ["M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"],
  arrowDown: ["M12 5v14m0 0-5-5m5 5 5-5"],
  arrowUp: ["M12 19V5m0 0-5 5m5-5 5 5"],
  externalLink: ["M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"],
  mapPin: ["M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21z", { circle: [12, 9.5, 2.5] }],
  card: [{ rect: [2.5, 5, 19, 14, 2.5] }, "M2.5 10h19M6.5 15h4"],
  pix: ["m12 3 4 4-4 4-4-4zM12 13l4 4-4 4-4-4zM3 12l4-4 4 4-4 4zM13 12l4-4 4 4-4 4z"],
  sparkle: ["M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.8 2.8M14.9 14.9l2.8 2.8M6.3 17.7l2.8-2.8M14.9 9.1l2.8-2.8"],
});

export type EventIconName = Parameters<typeof EventIcon>[0]["name"];
