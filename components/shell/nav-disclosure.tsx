"use client";

// Below the md breakpoint (a phone) the sections and the user menu fold behind a "Menu" button:
// a row of ten links scrolled sideways hid Users and Audit log at 390 px. From md up the sidebar
// shows them always and the button is gone. Following a link folds the menu again.
import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";

const MENU_ID = "main-menu";

export function NavDisclosure({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: folding follows the path, which the effect does not read
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <div className="flex h-16 shrink-0 items-center justify-between gap-3 px-5">
        {brand}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen(!open)}
          className="inline-flex h-9 items-center gap-2 rounded-md border border-(--line-strong) px-3 text-sm font-medium text-(--fg) md:hidden"
        >
          <ControlIcon name={open ? "close" : "menu"} className="size-4" />
          Menu
        </button>
      </div>
      <div id={MENU_ID} className={cx(open ? "flex" : "hidden", "min-h-0 flex-1 flex-col md:flex")}>
        {children}
      </div>
    </>
  );
}
