// Reads every line the code under test writes to stdout and fails the file if a password, a
// token, a secret or a cardholder name appears in one. Runs with every test file (vitest setupFiles).
import { afterAll, expect } from "vitest";
import { firstLeak, forbiddenInLogs } from "./secret-patterns";
import { TEST_PASSWORD } from "./test-password";

const FORBIDDEN = forbiddenInLogs({ "the test password": TEST_PASSWORD });

const captured: string[] = [];
const write = process.stdout.write.bind(process.stdout);
// Application log lines are kept here (and checked below), not echoed: the test output stays
// readable. Everything else passes through.
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  captured.push(text);
  if (text.startsWith('{"level"')) return true;
  return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

afterAll(() => {
  const logLines = captured
    .join("")
    .split("\n")
    .filter((line) => line.startsWith('{"level"'));
  expect(firstLeak(logLines, FORBIDDEN), "a secret appeared in a log line").toBeUndefined();
});
