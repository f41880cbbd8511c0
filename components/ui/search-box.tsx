"use client";

// The search field of a list page: a labelled (visually hidden) search input with its icon.
import { useId } from "react";
import { ControlIcon } from "@/components/ui/control-icons";
import { Input } from "@/components/ui/input";

export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-(--fg-subtle)">
        <ControlIcon name="search" />
      </span>
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        className="h-9! pl-9"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
