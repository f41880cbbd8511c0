// The one error type of the service, below both the HTTP layer and the domains: services, auth
// and the HTTP plumbing throw it (through the helpers below, one per status the code raises),
// and lib/to-api-error.ts turns every other error into one, which lib/http/problem-response.ts
// writes as RFC 9457 problem+json. Pure: no HTTP, database or logger import, so any layer may depend on it.

/** A field that is wrong; `line` when it is a line of an uploaded file (a reconciliation statement). */
export type FieldError = { field: string; message: string; line?: number };
/** The resource a conflict is with (problem+json's `existing`): its id and its URL in the API. */
export type ExistingResource = { id: string; href: string };

export type ApiErrorInit = {
  status: number;
  code: string;
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  existing?: ExistingResource;
};

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  readonly existing: ExistingResource | undefined;

  constructor(init: ApiErrorInit) {
    super(init.detail);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.headers = init.headers ?? {};
    this.existing = init.existing;
  }
}

type Headers = Record<string, string>;

/** 400: a request the server will not try (malformed, or a bad value with its own code). */
export const badRequest = (code: string, detail: string, errors?: FieldError[], headers?: Headers) =>
  new ApiError({ status: 400, code, detail, errors, headers });

/** 400 validation_failed: the fields that are wrong, each named. */
export const validationFailed = (errors: FieldError[], detail = "The request is not valid.") =>
  new ApiError({ status: 400, code: "validation_failed", detail, errors });

/** 401: who is calling is unknown; `challenge` is the WWW-Authenticate header every 401 needs. */
export const unauthorized = (code: string, detail: string, challenge: string) =>
  new ApiError({ status: 401, code, detail, headers: { "www-authenticate": challenge } });

/** 403: the caller is known and may not do this. */
export const forbidden = (code: string, detail: string, headers?: Headers) =>
  new ApiError({ status: 403, code, detail, headers });

export const notFound = (detail = "No such resource.") => new ApiError({ status: 404, code: "not_found", detail });

/** 405 with the Allow header. */
export const methodNotAllowed = (allow: string) =>
  new ApiError({ status: 405, code: "method_not_allowed", detail: `This resource allows ${allow}.`, headers: { allow } });

/** 408: the request's body did not arrive in time (an upload that stalled or dribbled). */
export const requestTimeout = (code: string, detail: string) => new ApiError({ status: 408, code, detail });

export const conflict = (code: string, detail: string, headers?: Headers) => new ApiError({ status: 409, code, detail, headers });

/** 409 naming the resource that holds the place (a link the client can follow). */
export const conflictWith = (code: string, detail: string, existing: ExistingResource) =>
  new ApiError({ status: 409, code, detail, existing });

export const payloadTooLarge = (detail: string) => new ApiError({ status: 413, code: "body_too_large", detail });

export const unsupportedMediaType = (detail: string) => new ApiError({ status: 415, code: "unsupported_media_type", detail });

export const unprocessable = (code: string, detail: string, errors?: FieldError[]) =>
  new ApiError({ status: 422, code, detail, errors });

/** 429 with Retry-After (whole seconds, at least 1). */
export const tooManyRequests = (code: string, detail: string, retryAfterSeconds: number) =>
  new ApiError({ status: 429, code, detail, headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

export const internalError = () =>
  new ApiError({ status: 500, code: "internal_error", detail: "An unexpected error occurred. It has been logged." });

export const serviceUnavailable = (detail: string, headers?: Headers) =>
  new ApiError({ status: 503, code: "service_unavailable", detail, headers });
