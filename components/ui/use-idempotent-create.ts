"use client";

import { useRef } from "react";
import { useApiSubmit } from "@/components/ui/use-api-submit";

/**
 * A create form's POST with an Idempotency-Key: one key per distinct request body, so a double
 * submit or a retry after a lost answer replays the first answer and never creates twice, while
 * a changed form is a new request. `forget` starts over (the form was reset after a create).
 */
export function useIdempotentCreate() {
  const submit = useApiSubmit();
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    create<T>(path: string, body: unknown): Promise<T> {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
      return submit<T>(path, { method: "POST", body, idempotencyKey: last.current.key });
    },
    forget() {
      last.current = null;
    },
  };
}
