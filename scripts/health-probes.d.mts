// The types of scripts/health-probes.mjs (plain JavaScript: scripts/server.mjs runs without a build).
import type http from "node:http";

export function healthProbes(
  fixedHeaders: Record<string, string>,
): (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
