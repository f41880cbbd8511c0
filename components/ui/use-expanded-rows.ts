"use client";

import { useState } from "react";

/** Which rows of a table show their details: each opens and closes on its own. */
export function useExpandedRows() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  function toggle(id: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }
  return { isOpen: (id: string) => expanded.has(id), toggle };
}
