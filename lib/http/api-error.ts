// The one error type of the API. Service code throws it; lib/http/problem.ts turns it (and
// every other error) into an RFC 9457 problem+json response.

export type FieldError = { field: string; message: string };

export type ApiErrorInit = {
  status: number;
  code: string;
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
};

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(init: ApiErrorInit) {
    super(init.detail);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.headers = init.headers ?? {};
  }
}

export const badRequest = (code: string, detail: string, errors?: FieldError[]) =>
  new ApiError({ status: 400, code, detail, errors });

export const validationFailed = (errors: FieldError[], detail = "The request is not valid.") =>
  new ApiError({ status: 400, code: "validation_failed", detail, errors });

export const notFound = (detail = "No such resource.") => new ApiError({ status: 404, code: "not_found", detail });

export const conflict = (code: string, detail: string) => new ApiError({ status: 409, code, detail });

export const unprocessable = (code: string, detail: string, errors?: FieldError[]) =>
  new ApiError({ status: 422, code, detail, errors });
