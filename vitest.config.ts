import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests sit beside pure code (lib/**/*.test.ts); integration tests (tests/integration)
// call the real route handlers against a real database made fresh for the run.
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // The marker package throws outside React Server Components' bundler condition.
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    environment: "node",
    include: ["lib/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-database.ts", "tests/support/log-guard.ts", "tests/support/observers.ts"],
    pool: "forks",
    // Two files at a time, even on two cores: most of a file's time is spent waiting on
    // PostgreSQL, and each worker has a database of its own (setup-database.ts).
    maxWorkers: 2,
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
