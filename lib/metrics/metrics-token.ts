// GET /metrics's gate: the bearer token of METRICS_TOKEN, compared in constant time (both sides
// hashed first, so neither the token's length nor its prefix shows in the timing). Without
// METRICS_TOKEN the endpoint is off and answers 404, as if it did not exist.
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { notFound, unauthorized } from "@/lib/errors";

const REALM = 'Bearer realm="metrics"';

const digest = (text: string) => createHash("sha256").update(text).digest();

export function requireMetricsToken(request: Request): void {
  const token = env().metricsToken;
  if (!token) throw notFound();
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!given) throw unauthorized("unauthenticated", "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.", REALM);
  if (!timingSafeEqual(digest(given), digest(token))) {
    throw unauthorized("invalid_token", "The metrics token is wrong.", `${REALM}, error="invalid_token"`);
  }
}
