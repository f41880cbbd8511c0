// The one mapper from any thrown value to an ApiError, which lib/http/problem-response.ts writes
// as RFC 9457 application/problem+json. ApiErrors keep their status and code; Prisma's known
// failures become 409/404/503; anything else is a logged 500 whose body says nothing about the
// cause. Below HTTP: the wrapper and next-auth's sign-in (lib/auth) both use it.
import { Prisma } from "@/generated/prisma/client";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { ApiError, conflict, internalError, notFound, serviceUnavailable } from "@/lib/errors";
import { logger } from "@/lib/log";

/** Any thrown value as an ApiError; unexpected ones are logged (without their data) as 500s. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return conflict("conflict", "The resource already exists.");
    if (error.code === "P2025") return notFound();
  }
  if (isDatabaseUnavailable(error)) {
    logger().warn({ requestId, err: errorSummary(error) }, "database unavailable");
    return unavailable();
  }
  logger().error({ requestId, err: errorSummary(error) }, "unhandled error");
  return internalError();
}

function unavailable(): ApiError {
  return serviceUnavailable("The database is unavailable. Try again shortly.", { "retry-after": "1" });
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
