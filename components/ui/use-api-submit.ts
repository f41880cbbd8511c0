"use client";

// Sends a change (POST, PATCH, DELETE) with a JSON body (none for a DELETE) to the /v1 API through useApiFetch (bearer
// token, one renewal and retry on a 401). A refusal is an ApiRequestError whose fieldErrors
// carry the fields the API named, for the form to show beside each input.
import { useCallback } from "react";
import { useApiFetch } from "@/components/api/use-api-fetch";

export type SubmitOptions =
  | { method: "POST" | "PATCH"; body: unknown; idempotencyKey?: string }
  | { method: "DELETE"; body?: undefined; idempotencyKey?: undefined };

export function useApiSubmit() {
  const apiFetch = useApiFetch();
  return useCallback(
    <T>(path: string, { method, body, idempotencyKey }: SubmitOptions): Promise<T> =>
      apiFetch<T>(path, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : undefined,
      }),
    [apiFetch],
  );
}
