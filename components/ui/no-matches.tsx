"use client";

// The empty state of a narrowed list: nothing matched the search or the filters, and a button
// that brings the whole list back.
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ControlIcon } from "@/components/ui/control-icons";
import { EmptyState } from "@/components/ui/empty-state";

export function NoMatches({
  narrowedBy,
  title,
  onClear,
  clearLabel = narrowedBy === "search" ? "Clear the search" : "Clear filters",
  children,
}: {
  narrowedBy: "search" | "filters";
  title: string;
  onClear: () => void;
  clearLabel?: string;
  /** How to widen the list: what the search or the filters match. */
  children: ReactNode;
}) {
  return (
    <EmptyState
      icon={<ControlIcon name={narrowedBy === "search" ? "search" : "filterOff"} className="size-5" />}
      title={title}
      action={
        <Button variant="secondary" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
