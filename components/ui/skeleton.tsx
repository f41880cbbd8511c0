import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/class-names";

/** A placeholder block while content loads; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx("rounded-md motion-safe:animate-pulse bg-(--surface-muted)", className)} />;
}

/** Four placeholder cards in the page's grid while its cards load, each a skeleton block per class of `lines`. */
export function SkeletonCards({ grid, card, lines }: { grid: string; card: string; lines: readonly string[] }) {
  return (
    <div className={grid}>
      {["a", "b", "c", "d"].map((key) => (
        <Card key={key} className={card}>
          {lines.map((line) => (
            <Skeleton key={line} className={line} />
          ))}
        </Card>
      ))}
    </div>
  );
}
