// Prisma 7 CLI configuration. The connection URL is deliberately not read here: env("DATABASE_URL")
// throws when it is unset, which would break `prisma generate` (postinstall) on a fresh clone.
// Migrations run through lib/db/schema-engine.ts, not the CLI.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
