// The accounts every e2e run starts with (seeded by prepare-database.ts). Test-only passwords.
import type { Role } from "@/lib/access/roles";

export type E2EUser = { username: string; password: string; role: Role; disabled?: boolean };

export const USERS = {
  admin: { username: "admin", password: "e2e-admin-password", role: "admin" },
  operator: { username: "operator", password: "e2e-operator-password", role: "operator" },
  viewer: { username: "viewer", password: "e2e-viewer-password", role: "viewer" },
  ingest: { username: "ingest", password: "e2e-ingest-password", role: "ingest" },
  retired: { username: "retired", password: "e2e-retired-password", role: "operator", disabled: true },
} as const satisfies Record<string, E2EUser>;
