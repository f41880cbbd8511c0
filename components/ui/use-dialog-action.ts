"use client";

import { useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";

/**
 * A dialog's one action (a request): whether it is running, and why it failed. `run` clears the
 * error, runs the action and shows a refusal in the API's words (`failure` chooses others, or
 * words for when the service did not answer). Given the dialog's `onClose`, `close` is its
 * Cancel, Escape and ×: ignored while the action runs (its answer is awaited), else it forgets
 * the error and what `reset` clears (a note typed, a result shown), so the next opening starts
 * afresh, and closes.
 */
export function useDialogAction(dialog?: { onClose: () => void; reset?: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<void>, failure: string | ((error: unknown) => string)) {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(typeof failure === "function" ? failure(e) : e instanceof ApiRequestError ? e.message : failure);
    } finally {
      setPending(false);
    }
  }
  function close() {
    if (pending) return;
    setError(null);
    dialog?.reset?.();
    dialog?.onClose();
  }
  return { pending, error, setError, run, close };
}
