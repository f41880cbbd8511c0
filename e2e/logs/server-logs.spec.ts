// Runs after the api and ui projects: reads every line the run's servers logged (the two
// instances, and the SIGTERM, fault and fuzz servers) and fails if a password, a token, a key,
// a provider secret or a cardholder name appears in one.
import { readdirSync, readFileSync } from "node:fs";
import { firstLeak, forbiddenInLogs } from "@/tests/support/secret-patterns";
import { expect, test } from "../support/fixtures";
import { e2eRun } from "../support/run-env";
import { USERS } from "../support/users";

function runSecrets(): Record<string, string> {
  const run = e2eRun();
  const [signingKey] = JSON.parse(run.signingKeys) as { d: string }[];
  return {
    ...Object.fromEntries(Object.values(USERS).map((u) => [`the password of ${u.username}`, u.password])),
    "the NextAuth secret": run.nextAuthSecret,
    "the encryption key": run.encryptionKeys.split(":")[1]!,
    "the signing key": signingKey!.d,
    "the metrics token": run.metricsToken,
  };
}

test("no server log line holds a password, token, key, provider secret or cardholder name", () => {
  const forbidden = forbiddenInLogs(runSecrets());
  // The scan itself works: each kind of secret in a made-up line is found.
  expect(firstLeak([`{"msg":"x","token":"eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig"}`], forbidden)).toMatch(/JWT/);
  expect(firstLeak([`{"password":"${USERS.admin.password}"}`], forbidden)).toMatch(/password of admin/);
  expect(firstLeak(['{"name":"MARIA S SILVA"}'], forbidden)).toMatch(/cardholder/);

  const files = readdirSync("test-results").filter((name) => /^next-.+\.log$/.test(name));
  expect(files.length).toBeGreaterThanOrEqual(2);
  let lines = 0;
  for (const file of files) {
    const content = readFileSync(`test-results/${file}`, "utf8").split("\n");
    lines += content.length;
    expect(firstLeak(content, forbidden), `test-results/${file}`).toBeUndefined();
  }
  // The servers log every request: a near-empty scan would prove nothing.
  expect(lines).toBeGreaterThan(500);
});
