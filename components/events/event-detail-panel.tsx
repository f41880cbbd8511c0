"use client";

// The event detail as a side panel over the table: the URL is the event's own (/events/{id}),
// so the browser's Back closes it and the table behind keeps its scroll position, while a
// reload or a new tab opens the full page. Escape closes it and returns to the table.
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { EventDetail } from "@/components/events/event-detail";
import { EventIcon } from "@/components/events/event-icons";
import { ControlIcon } from "@/components/ui/control-icons";

/** Set by the table when it opens the panel: Back then returns to it. */
let openedFromTable = false;
export function markPanelOpenedFromTable(): void {
  openedFromTable = true;
}

function focusTable() {
  document.querySelector<HTMLElement>("[data-testid=events-grid]")?.focus({ preventScroll: true });
}

export function EventDetailPanel({ id }: { id: string }) {
  const router = useRouter();
  const headingRef = useRef<HTMLHeadingElement>(null);

  function close() {
    if (openedFromTable) {
      openedFromTable = false;
      router.back();
    } else router.push(`/events${window.location.search}`, { scroll: false });
    focusTable();
  }
  const closeRef = useRef(close);
  closeRef.current = close;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new event takes the focus
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [id]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && !event.defaultPrevented) closeRef.current();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <aside
      aria-labelledby="event-panel-title"
      data-testid="event-panel"
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-[42rem] flex-col border-l border-(--line) bg-(--canvas) shadow-[0_0_40px_rgb(0_0_0/0.18)]"
    >
      <header className="flex h-14 shrink-0 items-center justify-between gap-3 border-b border-(--line) bg-(--surface) px-5">
        <h2
          id="event-panel-title"
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 text-base font-semibold text-(--fg) outline-none"
        >
          Event <span className="font-mono text-sm font-normal text-(--fg-muted)">{id}</span>
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          <a
            href={`/events/${id}`}
            target="_blank"
            rel="noopener"
            className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-(--fg-muted) hover:bg-(--surface-muted) hover:text-(--fg)"
          >
            <EventIcon name="externalLink" className="size-4" />
            Open in new tab
          </a>
          <button
            type="button"
            onClick={close}
            className="inline-flex size-8 items-center justify-center rounded-md text-(--fg-muted) hover:bg-(--surface-muted) hover:text-(--fg)"
          >
            <ControlIcon name="close" className="size-4" />
            <span className="sr-only">Close the event (Escape)</span>
          </button>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5">
        <EventDetail id={id} />
      </div>
    </aside>
  );
}
