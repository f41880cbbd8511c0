"use client";

// A filter bar's "Clear filters": there only while a filter is applied, and it puts the bar back
// to no filter. One button for every list, so each says it with the same words and icon.
import { Button } from "@/components/ui/button";
import { ControlIcon } from "@/components/ui/control-icons";

export function ClearFiltersButton({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  if (!shown) return null;
  return (
    <Button variant="ghost" size="sm" onClick={onClear}>
      <ControlIcon name="close" className="size-3.5" />
      Clear filters
    </Button>
  );
}
