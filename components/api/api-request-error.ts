/** A refused /v1 request, from its problem+json body (RFC 9457). */
export type ProblemFieldError = { field: string; message: string };

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  /** The fields a validation failure named (`errors: [{field, message}]`), for forms. */
  readonly fieldErrors: ProblemFieldError[];
  /** The resource a 409 is with (`existing: {id, href}`), when the API names one. */
  readonly existingId: string | undefined;

  constructor(init: {
    status: number;
    code?: string;
    detail?: string;
    requestId?: string;
    fieldErrors?: ProblemFieldError[];
    existingId?: string;
  }) {
    super(init.detail ?? `The request failed (HTTP ${init.status}).`);
    this.name = "ApiRequestError";
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.fieldErrors = init.fieldErrors ?? [];
    this.existingId = init.existingId;
  }

  static async from(response: Response): Promise<ApiRequestError> {
    let problem: { code?: unknown; detail?: unknown; errors?: unknown; existing?: { id?: unknown } } = {};
    try {
      problem = (await response.json()) as typeof problem;
    } catch {
      // Not problem+json (a proxy's page): the status says enough.
    }
    return new ApiRequestError({
      status: response.status,
      code: typeof problem.code === "string" ? problem.code : undefined,
      detail: typeof problem.detail === "string" ? problem.detail : undefined,
      requestId: response.headers.get("x-request-id") ?? undefined,
      existingId: typeof problem.existing?.id === "string" ? problem.existing.id : undefined,
      fieldErrors: Array.isArray(problem.errors)
        ? problem.errors.filter(
            (e): e is ProblemFieldError =>
              typeof e?.field === "string" && typeof (e as { message?: unknown }).message === "string",
          )
        : [],
    });
  }
}
