"use client";

// Sends a change (POST, PATCH) to the /v1 API and keeps what a form needs from a refusal: the
// problem's field errors (`errors: [{field, message}]`, RFC 9457 extension). It mirrors
// useApiFetch (bearer token, one renewal and retry on a 401), whose ApiRequestError keeps only
// the status, code and detail.
import { useSession } from "next-auth/react";
import { useCallback, useEffect, useRef } from "react";
import { ApiRequestError } from "@/components/providers/api-request-error";
import { renewAccessToken } from "@/components/providers/renew-access-token";

export type ProblemFieldError = { field: string; message: string };

/** A refused change, with the fields the API named. */
export class ApiSubmitError extends ApiRequestError {
  readonly fieldErrors: ProblemFieldError[];

  constructor(init: ConstructorParameters<typeof ApiRequestError>[0] & { fieldErrors?: ProblemFieldError[] }) {
    super(init);
    this.name = "ApiSubmitError";
    this.fieldErrors = init.fieldErrors ?? [];
  }

  static async fromResponse(response: Response): Promise<ApiSubmitError> {
    let problem: { code?: unknown; detail?: unknown; errors?: unknown } = {};
    try {
      problem = (await response.json()) as typeof problem;
    } catch {
      // Not problem+json (a proxy's page): the status says enough.
    }
    const fieldErrors = Array.isArray(problem.errors)
      ? problem.errors.filter(
          (e): e is ProblemFieldError => typeof e?.field === "string" && typeof (e as { message?: unknown }).message === "string",
        )
      : [];
    return new ApiSubmitError({
      status: response.status,
      code: typeof problem.code === "string" ? problem.code : undefined,
      detail: typeof problem.detail === "string" ? problem.detail : undefined,
      requestId: response.headers.get("x-request-id") ?? undefined,
      fieldErrors,
    });
  }
}

export type SubmitOptions = { method: "POST" | "PATCH"; body: unknown; idempotencyKey?: string };

export function useApiSubmit() {
  const { data: session } = useSession();
  const latestToken = useRef<string | undefined>(session?.accessToken);

  useEffect(() => {
    if (session?.accessToken) latestToken.current = session.accessToken;
  }, [session?.accessToken]);

  return useCallback(async <T>(path: string, { method, body, idempotencyKey }: SubmitOptions): Promise<T> => {
    const send = (token: string) => {
      const headers = new Headers({
        authorization: `Bearer ${token}`,
        accept: "application/json",
        "content-type": "application/json",
      });
      if (idempotencyKey) headers.set("idempotency-key", idempotencyKey);
      return fetch(path, { method, headers, body: JSON.stringify(body), cache: "no-store" });
    };
    const token = latestToken.current ?? (await renewAccessToken());
    if (!token) throw new ApiSubmitError({ status: 401, code: "unauthenticated", detail: "You are signed out." });
    let response = await send(token);
    if (response.status === 401) {
      const renewed = await renewAccessToken();
      if (renewed) latestToken.current = renewed;
      if (renewed && renewed !== token) response = await send(renewed);
    }
    if (!response.ok) throw await ApiSubmitError.fromResponse(response);
    return (await response.json()) as T;
  }, []);
}
