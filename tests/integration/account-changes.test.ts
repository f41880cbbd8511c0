// An account change made elsewhere (another instance, the users CLI, a hand-run UPDATE) refuses
// the account's tokens here at once, not when this instance's cached state of the account
// (ACCOUNT_STATUS_TTL_MS, 10 s) expires: the trigger's NOTIFY drops the entry
// (lib/users/account-change-listener.ts).
import { spawn } from "node:child_process";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { GET as providers } from "@/app/v1/providers/route";
import { sql } from "@/lib/db/client";
import { hearingAccountChanges } from "@/lib/users/account-change-listener";
import { ACCOUNT_STATUS_TTL_MS } from "@/lib/users/account-status";
import { call, userWithTokens } from "../support/api";

const onServer = process.env.TEST_SERVER_DATABASE === "1";
const status = async (token: string) => (await call(providers, "/v1/providers", { token })).status;

/** A user whose token this process has used, so that its account state is cached, and heard. */
async function cachedUser() {
  const user = await userWithTokens("viewer");
  expect(await status(user.accessToken)).toBe(200);
  await expect.poll(hearingAccountChanges, { timeout: 10_000, interval: 20 }).toBe(true);
  return user;
}

/** How long, after `since`, until the token is refused: at most a second, else the test fails. */
async function refusedWithinASecond(token: string, since: number): Promise<number> {
  await expect.poll(() => status(token), { timeout: 1_000, interval: 10 }).toBe(401);
  return Date.now() - since;
}

describe("account changes made elsewhere", () => {
  it("a user disabled by a statement that bypasses this process is refused within a second", async () => {
    expect(ACCOUNT_STATUS_TTL_MS).toBeGreaterThan(1_000);
    const { user, accessToken } = await cachedUser();
    const changedAt = Date.now();
    // Not through the service (which forgets the entry itself): as another instance's change.
    await sql({ text: "UPDATE users SET disabled = true, credentials_epoch = now() WHERE id = $1", values: [user.id] });
    expect(await refusedWithinASecond(accessToken, changedAt)).toBeLessThan(1_000);
  });

  it("a role change and a deleted user are heard too", async () => {
    const changed = await cachedUser();
    const deleted = await cachedUser();
    const at = Date.now();
    await sql({ text: "UPDATE users SET role = 'ingest', credentials_epoch = now() WHERE id = $1", values: [changed.user.id] });
    await sql({ text: "DELETE FROM users WHERE id = $1", values: [deleted.user.id] });
    await refusedWithinASecond(changed.accessToken, at);
    await refusedWithinASecond(deleted.accessToken, at);
  });

  // The CLI and another instance are other processes: they need a database server.
  it.runIf(onServer)("npm run users -- disable in another process refuses the token here within a second", async () => {
    const { user, username, accessToken } = await cachedUser();
    const cli = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/users.ts", "disable", username], {
      env: process.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    cli.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => cli.on("exit", resolve));
    const exitedAt = Date.now();
    expect(code, stderr).toBe(0);
    const [row] = (await sql({ text: "SELECT disabled FROM users WHERE id = $1", values: [user.id] })) as { disabled: boolean }[];
    expect(row!.disabled).toBe(true);
    expect(await refusedWithinASecond(accessToken, exitedAt)).toBeLessThan(1_000);
  });

  it.runIf(onServer)("a lost listener connection forgets every cached state, reconnects, and hears again", async () => {
    const first = await cachedUser();
    // The listener's own connection, ended by the server as a failover or a restart would.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN account_changed' AND pid <> pg_backend_pid()",
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      // While it is down, a change is not heard: the cache was dropped whole, so the next
      // request reads the state afresh and refuses the token all the same.
      await expect.poll(hearingAccountChanges, { timeout: 5_000, interval: 5 }).toBe(false);
      await admin.query("UPDATE users SET disabled = true, credentials_epoch = now() WHERE id = $1", [first.user.id]);
      expect(await status(first.accessToken)).toBe(401);
      // Back again: a change is heard at once.
      const second = await cachedUser();
      const at = Date.now();
      await admin.query("UPDATE users SET disabled = true, credentials_epoch = now() WHERE id = $1", [second.user.id]);
      await refusedWithinASecond(second.accessToken, at);
    } finally {
      await admin.end();
    }
  });
});
