// The production server a load script aims at (tests/support/scratch-server.ts): a scratch
// database on the PostgreSQL server that `adminUrlVariable` names (the local one when unset), its
// output in test-results/next-<script>.log.
import { type ScratchServer, startScratchServer } from "@/tests/support/scratch-server";

export const LOCAL_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export function startTargetServer(
  script: string,
  options: { adminUrlVariable: string; port: number; demoEvents?: number; env?: Record<string, string> },
): Promise<ScratchServer> {
  const { adminUrlVariable, ...rest } = options;
  return startScratchServer({
    purpose: script.replaceAll("-", "_"),
    adminUrl: process.env[adminUrlVariable] ?? LOCAL_ADMIN_URL,
    logFile: `test-results/next-${script}.log`,
    ...rest,
  });
}
