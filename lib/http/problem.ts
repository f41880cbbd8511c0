// The one mapper from errors to RFC 9457 application/problem+json. ApiErrors keep their status
// and code; Prisma's known failures become 409/404/503; anything else is a logged 500 whose
// body says nothing about the cause.
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/http/api-error";
import { logger } from "@/lib/log";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

// Connection failures, pool and transaction-start timeouts: the database is busy or away.
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);

export function problemResponse(error: ApiError, requestId: string): Response {
  const body = {
    type: `/problems/${error.code}`,
    title: TITLES[error.status] ?? "Error",
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
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

/** Any thrown value as an ApiError; unexpected ones are logged (without their data) as 500s. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return new ApiError({ status: 409, code: "conflict", detail: "The resource already exists." });
    if (error.code === "P2025") return new ApiError({ status: 404, code: "not_found", detail: "No such resource." });
    if (UNAVAILABLE_PRISMA_CODES.has(error.code)) return unavailable();
  }
  if (error instanceof Prisma.PrismaClientInitializationError || isConnectionFailure(error)) {
    logger().warn({ requestId, err: errorSummary(error) }, "database unavailable");
    return unavailable();
  }
  logger().error({ requestId, err: errorSummary(error) }, "unhandled error");
  return new ApiError({ status: 500, code: "internal_error", detail: "An unexpected error occurred. It has been logged." });
}

function unavailable(): ApiError {
  return new ApiError({
    status: 503,
    code: "service_unavailable",
    detail: "The database is unavailable. Try again shortly.",
    headers: { "retry-after": "1" },
  });
}

function isConnectionFailure(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.name} ${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  return /ECONNREFUSED|ECONNRESET|Connection terminated|connection timeout|timeout exceeded when trying to connect|canceling statement due to statement timeout|the database system is (starting up|shutting down)|terminating connection/i.test(
    text,
  );
}

// Name, code and stack only: messages of driver errors can quote query parameters.
function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  return {
    name: error.name,
    code: (error as { code?: unknown }).code,
    stack: error.stack?.split("\n").slice(1, 8).join("\n"),
  };
}
