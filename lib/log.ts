// Structured JSON logs. Callers log identifiers and outcomes, never request bodies; the redact
// list is a second line of defence for fields that must never reach a log line.
import pino from "pino";
import { env } from "@/lib/env";

const REDACT = [
  "password",
  "*.password",
  "passwordHash",
  "*.passwordHash",
  "token",
  "*.token",
  "access_token",
  "refresh_token",
  "*.refresh_token",
  "authorization",
  "*.authorization",
  "authenticationData",
  "*.authenticationData",
  "holderName",
  "*.holderName",
];

let instance: pino.Logger | undefined;
let access: pino.Logger | undefined;
let destination: pino.DestinationStream | undefined;

function sharedDestination(): pino.DestinationStream {
  // Tests write through process.stdout, so that the log guard reads every line. The server
  // writes asynchronously (a synchronous write per request line costs tens of microseconds
  // on the hot path); flushLogs() runs at shutdown.
  destination ??= env().nodeEnv === "test" ? process.stdout : pino.destination({ dest: 1, sync: false });
  return destination;
}

export function logger(): pino.Logger {
  instance ??= pino(
    { level: env().logLevel, base: undefined, redact: { paths: REDACT, censor: "[redacted]" } },
    sharedDestination(),
  );
  return instance;
}

/**
 * The access log line's logger (lib/http/route.ts): the same level and lines, without the
 * redaction pass, since that line's fields are fixed (request id, method, path, status,
 * duration, user id) and none is a name on the redact list; the pass cost a walk per request.
 */
export function accessLogger(): pino.Logger {
  access ??= pino({ level: env().logLevel, base: undefined }, sharedDestination());
  return access;
}

export function flushLogs(): void {
  instance?.flush();
  access?.flush();
}
