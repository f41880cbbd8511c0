// The types of scripts/request-target.mjs (plain JavaScript: scripts/server.mjs runs without a build).
import type http from "node:http";

export function originFormOf(
  target: string,
  ownHost: string,
): { path: string; host: string; refused?: undefined } | { refused: string };

export function answeredForRequestTarget(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: { ownHost: string; allow: string },
): boolean;
