// `prisma generate` offline. The Prisma 7.10 CLI downloads its native schema engine before any
// command, although generate never runs it, and that host is unreachable here. Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips the download. Never do this for
// migrate (it would silently do nothing): migrations go through lib/db/schema-engine.ts.
import { spawnSync } from "node:child_process";

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);
