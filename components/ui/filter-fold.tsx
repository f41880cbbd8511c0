"use client";

// A list's filter bar on a phone: folded behind a "Filters" button that says how many filters
// are applied, so that the list starts on the first screen (at 390 px the open bar filled it).
// From Tailwind's `md` breakpoint up the bar is always open and the button is gone. The bar stays
// mounted while folded: typed filters keep their text and their pending commits.
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { disclosureProps } from "@/components/ui/disclosure";

export function FilterFold({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="mb-3 md:hidden"
        {...disclosureProps(open, id, () => setOpen(!open))}
        data-testid="filters-toggle"
      >
        <ControlIcon name={open ? "close" : "filterOff"} className="size-3.5" />
        {active > 0 ? `Filters (${active} active)` : "Filters"}
      </Button>
      <div id={id} className={cx(open ? undefined : "max-md:hidden")}>
        {children}
      </div>
    </>
  );
}

/** How many of a list's URL filters hold a value (the button's count). */
export const activeCount = (filters: Record<string, unknown>) =>
  Object.values(filters).filter((value) => value !== undefined && value !== "").length;
