// An ApiError as an RFC 9457 application/problem+json response. Apart from the mapper
// (problem.ts, which knows Prisma and the logger) so that the proxy, which runs before every
// page, answers its refusals in the same shape without loading either.
import type { ApiError } from "@/lib/errors";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function problemResponse(error: ApiError, requestId: string): Response {
  const body = {
    type: `/problems/${error.code}`,
    title: TITLES[error.status] ?? "Error",
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.existing ? { existing: error.existing } : {}),
    request_id: requestId,
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: {
      "content-type": "application/problem+json",
      "cache-control": "no-store",
      "x-request-id": requestId,
      ...error.headers,
    },
  });
}
