// Sign-in limits (lib/auth/login-limiter.ts, in PostgreSQL): growing delays per username and
// address, a softer delay per username from everywhere, a hard limit per address (this run: 10
// failures before delays, 30 attempts per address, see tests/support/global-setup.ts).
import { describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/v1/auth/route";
import { db } from "@/lib/db/client";
import { call, TEST_PASSWORD, userWithTokens } from "../support/api";

const attempt = (username: string, password: string, address: string) =>
  call(signIn, "/v1/auth", { body: { username, password }, headers: { "x-forwarded-for": `203.0.113.9, ${address}` } });

/** As if the last counted attempt of the bucket had been `seconds` earlier. */
const backdate = (key: string, seconds: number) =>
  db()
    .$executeRaw`UPDATE rate_limit_buckets SET window_start = window_start - make_interval(secs => ${seconds}) WHERE key = ${key}`;

describe("login limits", () => {
  it("makes one address wait 30 s after 10 failures for a username, even with the right password, then longer", async () => {
    const { username } = await userWithTokens("viewer");
    const address = "198.51.100.10";
    for (let i = 0; i < 10; i++) expect((await attempt(username, "wrong password", address)).status).toBe(401);
    const limited = await attempt(username, TEST_PASSWORD, address);
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("too_many_attempts");
    const first = Number(limited.headers.get("retry-after"));
    expect(first).toBeGreaterThan(25);
    expect(first).toBeLessThanOrEqual(30);
    // Hammering while refused does not lengthen the wait.
    expect(Number((await attempt(username, "guess", address)).headers.get("retry-after"))).toBeLessThanOrEqual(30);
    // Once it has passed, one more failure is counted, and the next wait doubles.
    await backdate(`login:pair:${username}:${address}`, 31);
    expect((await attempt(username, "wrong again", address)).status).toBe(401);
    const second = Number((await attempt(username, TEST_PASSWORD, address)).headers.get("retry-after"));
    expect(second).toBeGreaterThan(55);
    expect(second).toBeLessThanOrEqual(60);
    // After the wait the right password works, and clears the delays.
    await backdate(`login:pair:${username}:${address}`, 61);
    expect((await attempt(username, TEST_PASSWORD, address)).status).toBe(200);
    expect((await attempt(username, "one slip", address)).status).toBe(401);
    expect((await attempt(username, TEST_PASSWORD, address)).status).toBe(200);
  });

  // Once, the hard per-username lockout let anyone lock an admin out by guessing.
  it("never locks the owner out: guesses from elsewhere leave the owner's address free", async () => {
    const { username } = await userWithTokens("admin");
    for (let i = 0; i < 12; i++) {
      const status = (await attempt(username, "guess", `198.51.101.${i % 2}`)).status;
      expect([401, 429]).toContain(status);
    }
    expect((await attempt(username, TEST_PASSWORD, "198.51.102.1")).status).toBe(200);
  });

  it("slows a guesser spread over many addresses to one attempt a minute at most, not a lockout", async () => {
    const { username } = await userWithTokens("viewer");
    for (let i = 0; i < 50; i++) expect((await attempt(username, "guess", `198.51.103.${i}`)).status).toBe(401);
    const slowed = await attempt(username, TEST_PASSWORD, "198.51.104.1");
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    await backdate(`login:user:${username}`, 61);
    expect((await attempt(username, TEST_PASSWORD, "198.51.104.1")).status).toBe(200);
  });

  it("does not count successful sign-ins", async () => {
    const { username } = await userWithTokens("viewer");
    for (let i = 0; i < 15; i++) expect((await attempt(username, TEST_PASSWORD, "198.51.100.77")).status).toBe(200);
  });

  it("limits one address guessing across many usernames, and counts parallel guesses", async () => {
    const address = "192.0.2.44";
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(`someone-${i}`, "guess", address).then((r) => r.status)),
    );
    expect(results.filter((s) => s === 401)).toHaveLength(30);
    expect(results.filter((s) => s === 429)).toHaveLength(10);
    // The same users from another address are not affected.
    expect((await attempt("someone-1", "guess", "192.0.2.45")).status).toBe(401);
  });

  it("counts parallel guesses at one username: of twenty at a due delay, one passes", async () => {
    const { username } = await userWithTokens("viewer");
    const address = "198.51.100.88";
    for (let i = 0; i < 10; i++) await attempt(username, "guess", address);
    await backdate(`login:pair:${username}:${address}`, 31);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => attempt(username, "guess", address).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
  });

  it("keys the address on the last X-Forwarded-For entry, which a client cannot forge", async () => {
    const { username } = await userWithTokens("viewer");
    const res = await call(signIn, "/v1/auth", {
      body: { username, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": "192.0.2.44, 192.0.2.99" },
    });
    // 192.0.2.44 is over its limit from the test above; this caller's real address is .99.
    expect(res.status).toBe(200);
  });
});
