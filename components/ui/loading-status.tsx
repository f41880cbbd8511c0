// What a screen reader hears while a view's data loads; sighted users see skeletons instead.
import type { ReactNode } from "react";

export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="sr-only">
      {children}
    </p>
  );
}
