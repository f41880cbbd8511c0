"use client";

// An editable combobox with a list popup (WAI-ARIA APG "combobox with listbox popup"): the
// caller filters the options (for example by searching the API as the user types); arrows move
// through them, Enter picks one, Escape closes the list, then clears the text.
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";

export type ComboboxOption = { value: string; label: string; description?: ReactNode };

function ClearButton({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <button
      type="button"
      onClick={onClear}
      className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2.5 text-(--fg-subtle) hover:text-(--fg)"
    >
      <ControlIcon name="close" className="size-3.5" />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** The popup's options; the focus stays in the input, which points at the active one. */
function ComboboxList({
  listId,
  optionId,
  options,
  hidden,
  active,
  selected,
  onPick,
  onPoint,
}: {
  listId: string;
  optionId: (index: number) => string;
  options: ComboboxOption[];
  hidden: boolean;
  active: number;
  selected: ComboboxOption | null;
  onPick: (option: ComboboxOption) => void;
  onPoint: (index: number) => void;
}) {
  return (
    <div
      id={listId}
      role="listbox"
      hidden={hidden}
      className="absolute z-20 mt-1 max-h-72 w-full min-w-64 overflow-y-auto rounded-md border border-(--line) bg-(--surface) py-1 shadow-lg"
    >
      {options.map((option, index) => (
        <div
          key={option.value}
          id={optionId(index)}
          role="option"
          // Focus stays in the input (aria-activedescendant points here); -1 keeps the option out of Tab.
          tabIndex={-1}
          aria-selected={index === active}
          // mousedown, not click: picking must happen before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(option);
          }}
          onMouseEnter={() => onPoint(index)}
          className={cx(
            "flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm",
            index === active ? "bg-(--accent-soft)" : "",
          )}
        >
          <span className="min-w-0 truncate font-medium text-(--fg)">{option.label}</span>
          {option.description ? (
            <span className="shrink-0 font-mono text-xs text-(--fg-subtle)">{option.description}</span>
          ) : null}
          {selected?.value === option.value ? (
            <ControlIcon name="check" className="size-4 shrink-0 text-(--accent-text)" />
          ) : null}
        </div>
      ))}
    </div>
  );
}

type ComboboxProps = {
  id: string;
  inputValue: string;
  onInputChange: (text: string) => void;
  options: ComboboxOption[];
  selected: ComboboxOption | null;
  onSelect: (option: ComboboxOption | null) => void;
  loading?: boolean;
  error?: ReactNode;
  placeholder?: string;
  emptyMessage?: ReactNode;
  invalid?: boolean;
  describedBy?: string;
  size?: "sm" | "md";
  clearLabel?: string;
  autoFocus?: boolean;
  testId?: string;
};

export function Combobox({
  id,
  inputValue,
  onInputChange,
  options,
  selected,
  onSelect,
  loading = false,
  error,
  placeholder,
  emptyMessage = "No matches",
  invalid = false,
  describedBy,
  size = "md",
  clearLabel = "Clear",
  autoFocus = false,
  testId,
}: ComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const showList = open && options.length > 0;
  const message = !open ? null : error ? error : options.length > 0 ? null : loading ? "Searching…" : emptyMessage;

  function pick(option: ComboboxOption) {
    onSelect(option);
    onInputChange(option.label);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
        break;
      case "Enter": {
        const option = options[active];
        if (open && option) {
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          // Inside a <dialog>, the first Escape closes only the list.
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (inputValue) {
          event.preventDefault();
          event.stopPropagation();
          onInputChange("");
          onSelect(null);
        }
        break;
      default:
        break;
    }
  }

  return (
    <div className="relative" data-testid={testId}>
      <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-(--fg-subtle)">
        <ControlIcon name="search" className="size-4" />
      </span>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={inputValue}
        // autoFocus for a page; data-autofocus for a <dialog>, where React's focus comes too early (ui/dialog.tsx).
        // biome-ignore lint/a11y/noAutofocus: the first field of a creation page or dialog, reached on purpose
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
        onChange={(event) => {
          onInputChange(event.target.value);
          if (selected) onSelect(null);
          setOpen(true);
          setActive(-1);
        }}
        // The list opens on a click, on typing and on ArrowDown, not on focus: a form that moves the
        // focus to its first invalid field (this one) must not cover its own error messages.
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          // Leaving with a half-typed change keeps the chosen option: show its name again.
          if (selected && inputValue !== selected.label) onInputChange(selected.label);
        }}
        onKeyDown={onKeyDown}
        className={cx(
          "block w-full rounded-md border border-(--line-strong) bg-(--surface) pl-9 text-sm text-(--fg) shadow-(--shadow-card)",
          "placeholder:text-(--fg-subtle) focus-visible:border-(--accent) aria-invalid:border-(--danger)",
          size === "sm" ? "h-8" : "h-10",
          selected || inputValue ? "pr-9" : "pr-3",
        )}
      />
      {selected || inputValue ? (
        <ClearButton
          label={clearLabel}
          onClear={() => {
            onInputChange("");
            onSelect(null);
          }}
        />
      ) : null}
      <ComboboxList
        listId={listId}
        optionId={optionId}
        options={options}
        hidden={!showList}
        active={active}
        selected={selected}
        onPick={pick}
        onPoint={setActive}
      />
      {message ? (
        <div
          role="status"
          className="absolute z-20 mt-1 w-full min-w-64 rounded-md border border-(--line) bg-(--surface) px-3 py-2.5 text-sm text-(--fg-muted) shadow-lg"
        >
          {message}
        </div>
      ) : null}
    </div>
  );
}
