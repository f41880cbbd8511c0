import { cx } from "@/components/ui/class-names";

/** A placeholder block while content loads; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx("rounded-md motion-safe:animate-pulse bg-(--surface-muted)", className)} />;
}
