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
  // process.stdout (not fd 1 directly) so that tests can read every line that is written.
  instance ??= pino({ level: env().logLevel, base: undefined, redact: { paths: REDACT, censor: "[redacted]" } }, process.stdout);
  return instance;
}
