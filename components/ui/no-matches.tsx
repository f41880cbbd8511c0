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

/**
 * A filtered list's empty state: while its filters are applied, that no `plural` match them
 * (`widen`: how to widen them) and the button that clears them; otherwise `children`, why the
 * list itself is empty.
 */
export function FilteredEmptyState({
  filtered,
  plural,
  widen,
  onClear,
  children,
}: {
  filtered: boolean;
  plural: string;
  widen: ReactNode;
  onClear: () => void;
  children: ReactNode;
}) {
  if (!filtered) return children;
  return (
    <NoMatches narrowedBy="filters" title={`No ${plural} match these filters`} onClear={onClear}>
      {widen}
    </NoMatches>
  );
}
