"use client";

// Short confirmations ("Merchant registered") in a polite live region at the bottom right. A
// module-level store, so a page can announce something and then navigate: the next page's
// <Toaster /> shows it.
import { useSyncExternalStore } from "react";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";

type Tone = "success" | "danger";
export type Toast = { id: number; title: string; description?: string; tone: Tone };

const DURATION_MS = 6000;
const EMPTY: Toast[] = [];
let toasts: Toast[] = EMPTY;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  emit(toasts.filter((t) => t.id !== id));
}

export function showToast(toast: { title: string; description?: string; tone?: Tone }) {
  const id = nextId++;
  emit([...toasts.slice(-2), { id, tone: "success", ...toast }]);
  setTimeout(() => dismissToast(id), DURATION_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-88 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {current.map((toast) => (
          <div
            key={toast.id}
            data-testid="toast"
            className="pointer-events-auto flex items-start gap-3 rounded-lg border border-(--line) bg-(--surface) px-4 py-3 shadow-lg"
          >
            <span className={cx("mt-0.5", toast.tone === "success" ? "text-(--success)" : "text-(--danger)")}>
              <ControlIcon name={toast.tone === "success" ? "checkCircle" : "alertCircle"} className="size-4.5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-(--fg)">{toast.title}</p>
              {toast.description ? <p className="mt-0.5 text-sm break-words text-(--fg-muted)">{toast.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="-mt-0.5 -mr-1 rounded p-1 text-(--fg-subtle) hover:bg-(--surface-muted) hover:text-(--fg)"
            >
              <ControlIcon name="close" className="size-3.5" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
