// Sign-in limits (lib/auth/login-limiter.ts, in PostgreSQL): growing delays per username and
// address, a softer delay per username from everywhere, a hard limit per address (this run: 10
// failures before delays, 30 attempts per address, see tests/support/global-setup.ts); and
// sign-ins that succeed, a minute's worth per username and per address (the defaults, 30 and 100).
import { describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/v1/auth/route";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createUser } from "@/lib/users/system-accounts";
import { call, TEST_PASSWORD, uniqueName, userWithTokens } from "../support/api";

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

  it("does not count successful sign-ins as failures", async () => {
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

describe("successful sign-in limits", () => {
  /** A user nobody has signed in as yet. */
  const freshViewer = async () => {
    const username = uniqueName("viewer");
    const user = await createUser({ username, password: TEST_PASSWORD, role: "viewer" });
    return { username, userId: user.id };
  };
  const familiesOf = (userId: string) => db().refreshFamily.count({ where: { userId } });
  const countOf = async (key: string) => (await db().rateLimitBucket.findUnique({ where: { key } }))?.count ?? 0;
  /** As if `count` sign-ins had been counted this minute already (the limits are tens a minute). */
  const fill = (key: string, count: number) =>
    db().$executeRaw`UPDATE rate_limit_buckets SET count = ${count} WHERE key = ${key}`;
  /** As if the bucket's minute had ended. */
  const expire = (key: string) => db().$executeRaw`UPDATE rate_limit_buckets SET expires_at = now() WHERE key = ${key}`;

  // 174 sign-ins of one account in 10 s, each a hash, an audit row and a refresh family, once
  // slowed every other caller.
  it("gives one account its minute's sign-ins from any addresses, then 429 with Retry-After, minting nothing", async () => {
    const { successesPerUsername } = env().loginLimits;
    const { username, userId } = await freshViewer();
    const key = `login:ok:user:${username}`;
    for (let i = 0; i < 3; i++) expect((await attempt(username, TEST_PASSWORD, `198.51.110.${i}`)).status).toBe(200);
    expect(await countOf(key)).toBe(3);
    await fill(key, successesPerUsername - 1);
    expect((await attempt(username, TEST_PASSWORD, "198.51.110.9")).status).toBe(200);
    const refused = await attempt(username, TEST_PASSWORD, "198.51.111.1");
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "too_many_attempts", status: 429 });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await familiesOf(userId)).toBe(4);
    // Not counted as a failure: the failure delays do not start from refusals.
    expect(await countOf(`login:pair:${username}:198.51.111.1`)).toBe(0);
    // Other accounts from the same addresses are not affected; this one is again after its minute.
    const other = await freshViewer();
    expect((await attempt(other.username, TEST_PASSWORD, "198.51.110.1")).status).toBe(200);
    await expire(key);
    expect((await attempt(username, TEST_PASSWORD, "198.51.111.1")).status).toBe(200);
  });

  it("gives a burst of parallel sign-ins exactly what is left of the limit, and refuses the rest", async () => {
    const { successesPerUsername } = env().loginLimits;
    const { username, userId } = await freshViewer();
    const key = `login:ok:user:${username}`;
    expect((await attempt(username, TEST_PASSWORD, "198.51.112.250")).status).toBe(200);
    await fill(key, successesPerUsername - 8);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(username, TEST_PASSWORD, `198.51.112.${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
    expect(await familiesOf(userId)).toBe(1 + 8);
    expect(await countOf(key)).toBe(successesPerUsername);
  });

  it("gives one address its minute's sign-ins over all accounts, then 429; other addresses go on", async () => {
    const { successesPerAddress } = env().loginLimits;
    const address = "198.51.113.7";
    const key = `login:ok:addr:${address}`;
    const accounts = await Promise.all(Array.from({ length: 3 }, freshViewer));
    for (const { username } of accounts) expect((await attempt(username, TEST_PASSWORD, address)).status).toBe(200);
    expect(await countOf(key)).toBe(3);
    await fill(key, successesPerAddress - 1);
    expect((await attempt(accounts[0]!.username, TEST_PASSWORD, address)).status).toBe(200);
    const refused = await attempt(accounts[1]!.username, TEST_PASSWORD, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await attempt(accounts[1]!.username, TEST_PASSWORD, "198.51.113.8")).status).toBe(200);
  });
});
