// lib/'s floors, bottom first: a part imports only from its own floor or below, and two parts of
// one floor import each other one way at most (tests/architecture/house-rules.test.ts measures
// it; docs/architecture.md, "Floors", says why each part is where it is, and must list the same).
// A new folder under lib/ is placed here before it is used.
import type { Floor } from "./lib-graph";

export const FLOORS: readonly Floor[] = [
  {
    name: "vocabulary and policy",
    parts: ["access", "declines", "errors", "ids", "observe", "vocabulary"],
  },
  {
    name: "platform",
    parts: [
      "background-loop",
      "config",
      "crypto",
      "db",
      "env",
      "idempotency",
      "idle-waiters",
      "jobs",
      "log",
      "paging",
      "request",
      "search",
      "security",
      "to-api-error",
      "tokens",
      "tracing",
      "validation",
      "wake-signal",
    ],
  },
  {
    name: "domains",
    parts: ["alerts", "audit", "credentials", "events", "merchants", "providers", "reconciliation", "stats", "users", "webhooks"],
  },
  {
    name: "services",
    parts: ["alert-delivery", "auth", "demo", "links", "maintenance", "metrics", "portal"],
  },
  { name: "http", parts: ["http", "openapi"] },
];
