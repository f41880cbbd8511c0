// Request ids: a caller's X-Request-Id is kept when it is sane, else a new one is made.
import { newId } from "@/lib/ids";

const SANE = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && SANE.test(given) ? given : newId();
}
