"use client";

// A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
// (focus stays inside), Escape asks onClose to close it, and the browser returns focus to the opener. Labelled
// by its title, described by its description.
//
// It is portalled to document.body: the top layer lifts a modal's box out of its opener's layout,
// but not out of its inherited styles, so a dialog opened from a right-aligned, no-wrap table cell
// (a row's actions) took that alignment and overflowed its own panel.
import { type ReactNode, useEffect, useId, useRef, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { HeadingRow } from "@/components/ui/heading-row";

type Size = "sm" | "md" | "lg";

const SIZES: Record<Size, string> = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl" };

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: Size;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // document.body exists only in the browser: the server renders no dialog, the client adds it.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the element exists only once inBrowser is true; a dialog open from the first render opens then.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs while the dialog is still closed; a marked field takes the focus instead.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, inBrowser]);

  if (!inBrowser) return null;
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      // Escape asks, it does not close: the element closes when `open` turns false, so a dialog
      // whose onClose declines (an action held until it answers, then a password shown once)
      // stays open and in step with React's state.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // form[method=dialog] closes the element itself: keep React's state in step.
      onClose={onClose}
      // A click on the backdrop lands on the <dialog> element itself, outside its panel.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cx(
        "m-auto w-[calc(100%-2rem)] rounded-xl border border-(--line) bg-(--surface) p-0 text-(--fg) shadow-2xl",
        "backdrop:bg-[rgb(12_14_19/0.45)] backdrop:backdrop-blur-[1px]",
        SIZES[size],
      )}
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-4rem)] flex-col">
          <HeadingRow look="panel" title={title} description={description} ids={{ title: titleId, description: descriptionId }}>
            <button
              type="button"
              onClick={onClose}
              className="-mt-1 -mr-2 rounded-md p-1.5 text-(--fg-subtle) hover:bg-(--surface-muted) hover:text-(--fg)"
            >
              <ControlIcon name="close" />
              <span className="sr-only">Close</span>
            </button>
          </HeadingRow>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5">{children}</div>
          {footer ? (
            <div className="flex items-center justify-end gap-2 border-t border-(--line) bg-(--surface-muted)/60 px-5 py-3">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>,
    document.body,
  );
}

const noSubscription = () => () => {};
