// The types of scripts/fair-use-door.mjs (plain JavaScript: scripts/server.mjs runs without a build).
import type http from "node:http";

export function fairUseDoor(caps: {
  read: number;
  write: number;
  ingest: number;
}): (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
