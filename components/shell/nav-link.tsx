"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { NavItem } from "@/components/shell/nav-items";
import { cx } from "@/components/ui/class-names";
import { Icon } from "@/components/ui/icons";

export function NavLink({ item }: { item: NavItem }) {
  const pathname = usePathname();
  const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
  return (
    <Link
      href={item.href}
      aria-current={active ? "page" : undefined}
      className={cx(
        // An inset ring: the scrolling nav would clip one drawn outside the link.
        "flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:-outline-offset-2",
        active ? "bg-(--accent-soft) text-(--accent-text)" : "text-(--fg-muted) hover:bg-(--surface-muted) hover:text-(--fg)",
      )}
    >
      <Icon name={item.icon} className={cx("size-4 shrink-0", active ? "text-(--accent-text)" : "text-(--fg-subtle)")} />
      {item.label}
    </Link>
  );
}
