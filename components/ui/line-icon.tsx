// The one frame of every line icon (ui/icons.tsx, ui/control-icons.tsx, events/event-icons.tsx):
// a 24-unit grid drawn with currentColor, decorative (callers label the control). The sets stay
// separate files so that a page bundles only the drawings it uses; each set is a table of
// drawings, a drawing a list of strokes.

/** One stroke of a drawing: a path's `d`, a circle (cx, cy, r) or a rounded rect (x, y, width, height, rx). */
export type Stroke =
  | string
  | { circle: readonly [cx: number, cy: number, r: number] }
  | { rect: readonly [x: number, y: number, width: number, height: number, rx: number] };

function StrokeShape({ stroke }: { stroke: Stroke }) {
  if (typeof stroke === "string") return <path d={stroke} />;
  if ("circle" in stroke) {
    const [cx, cy, r] = stroke.circle;
    return <circle cx={cx} cy={cy} r={r} />;
  }
  const [x, y, width, height, rx] = stroke.rect;
  return <rect x={x} y={y} width={width} height={height} rx={rx} />;
}

export function LineIcon({ strokes, className = "size-4" }: { strokes: readonly Stroke[]; className?: string }) {
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
      {strokes.map((stroke, index) => (
        // A drawing never changes: its strokes' places are their keys.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <StrokeShape key={index} stroke={stroke} />
      ))}
    </svg>
  );
}

/** An icon set's component: `<SetIcon name="..." />` draws the set's drawing of that name. */
export function lineIconSet<Name extends string>(drawings: Record<Name, readonly Stroke[]>) {
  return function SetIcon({ name, className }: { name: Name; className?: string }) {
    return <LineIcon strokes={drawings[name]} className={className} />;
  };
}
