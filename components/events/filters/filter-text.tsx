"use client";

// A free-text filter of the events bar: typed freely, written to the URL after a pause in
// typing (or on Enter), and only when the value is one the API takes.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cx } from "@/components/ui/class-names";

const TEXT_COMMIT_DELAY_MS = 450;

/** A text filter: typed freely, written to the URL after a pause (or on Enter) when valid. */
export function FilterText({
  label,
  value,
  onCommit,
  placeholder,
  pattern,
  hint,
  icon,
  className,
  inputClassName,
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  placeholder: string;
  pattern?: RegExp;
  hint?: string;
  icon?: ReactNode;
  className?: string;
  inputClassName?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? "");
  const committed = useRef(value ?? "");
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;

  // The URL changed from elsewhere (Clear filters, Back): show what it says.
  useEffect(() => {
    if ((value ?? "") !== committed.current) {
      committed.current = value ?? "";
      setDraft(value ?? "");
    }
  }, [value]);

  const trimmed = draft.trim();
  const invalid = trimmed !== "" && pattern !== undefined && !pattern.test(trimmed);

  function commit() {
    if (invalid || trimmed === committed.current) return;
    committed.current = trimmed;
    onCommitRef.current(trimmed || undefined);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: commit reads the latest draft; the timer restarts per keystroke
  useEffect(() => {
    const timer = setTimeout(commit, TEXT_COMMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <div className={cx("relative", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {icon ? (
        <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-(--fg-subtle)">{icon}</span>
      ) : null}
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-hint` : undefined}
        title={hint}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
        onBlur={commit}
        className={cx(
          "block h-9 w-full rounded-md border border-(--line-strong) bg-(--surface) pr-3 text-sm text-(--fg) shadow-(--shadow-card)",
          "placeholder:text-(--fg-subtle) focus-visible:border-(--accent) aria-invalid:border-(--danger)",
          icon ? "pl-9" : "pl-3",
          inputClassName,
        )}
      />
      {invalid && hint ? (
        <p id={`${id}-hint`} className="absolute top-full left-0 z-10 mt-1 text-xs text-(--danger)">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
