// `npm start` with a configuration the server refuses (found by the second security review): an http NEXTAUTH_URL
// beyond loopback with NODE_ENV unset passed the start script's check, was migrated and served,
// and only the built server (NODE_ENV "production" in its bundles) refused it, after "Ready",
// answering every request with an empty 500. The start script must refuse it first.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const folder = mkdtempSync(path.join(os.tmpdir(), "start-refusal-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `npm start`'s script (its arguments after the script) to its end. */
function start(args: string[], environment: Record<string, string>): { code: number | null; stdout: string; stderr: string } {
  // Only what a shell would hand it: no NODE_ENV (Vitest sets "test"), none of the test's database settings.
  const inherited: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR"]) if (process.env[name]) inherited[name] = process.env[name];
  const result = spawnSync("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/start.ts", ...args], {
    // The project's ProcessEnv type declares NODE_ENV; leaving it out is the point here.
    env: { ...inherited, ...environment } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const secrets = {
  AUTH_SIGNING_KEYS: "[]",
  ENCRYPTION_KEYS: "1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  NEXTAUTH_SECRET: "s".repeat(40),
};

describe("npm start with a refused configuration", () => {
  it("stops before it migrates or listens, with the message and a non-zero exit code", async () => {
    const port = await freePort();
    const database = path.join(folder, "refused");
    const refused = {
      ...secrets,
      NEXTAUTH_URL: "http://pay.example.com",
      PORT: String(port),
      DATABASE_URL: `pglite:${database}`,
    };
    for (const args of [["--check"], []]) {
      const result = start(args, refused);
      expect(result.code, result.stdout).not.toBe(0);
      expect(result.stderr).toContain("NEXTAUTH_URL must be https in production (http://pay.example.com)");
      expect(result.stdout).not.toMatch(/Ready|migrations|building/i);
      expect(existsSync(database)).toBe(false);
      expect(await listening(port)).toBe(false);
    }
  });

  // Once, ADMIN_USERNAME=lh crashed `npm start` with a ZodError stack after migrating.
  it("refuses a malformed setting in one line naming it, with no stack trace", () => {
    const database = path.join(folder, "short-admin");
    for (const args of [["--check"], []]) {
      const result = start(args, {
        ADMIN_USERNAME: "lh",
        ADMIN_PASSWORD: "a long enough password",
        DATABASE_URL: `pglite:${database}`,
      });
      expect(result.code, result.stdout).toBe(1);
      expect(result.stderr.trim()).toBe("ADMIN_USERNAME must be 3 to 64 lowercase letters, digits, dots, dashes or underscores.");
      expect(existsSync(database)).toBe(false);
    }
  });

  it("passes the same configuration over https (--check validates and exits)", async () => {
    const database = path.join(folder, "accepted");
    const result = start(["--check"], {
      ...secrets,
      NEXTAUTH_URL: "https://pay.example.com",
      DATABASE_URL: `pglite:${database}`,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Configuration is valid.");
    expect(existsSync(database)).toBe(false);
  });
});
