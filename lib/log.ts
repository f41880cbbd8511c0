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

export function logger(): pino.Logger {
  if (instance) return instance;
  const config = env();
  // Tests write through process.stdout, so that the log guard reads every line. The server
  // writes asynchronously (a synchronous write per request line costs tens of microseconds
  // on the hot path); flushLogs() runs at shutdown.
  const destination = config.nodeEnv === "test" ? process.stdout : pino.destination({ dest: 1, sync: false });
  instance = pino({ level: config.logLevel, base: undefined, redact: { paths: REDACT, censor: "[redacted]" } }, destination);
  return instance;
}

export function flushLogs(): void {
  instance?.flush();
}
