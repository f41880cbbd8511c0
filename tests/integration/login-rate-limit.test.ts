// Failed sign-ins are limited per username and per client address (limits in PostgreSQL;
// this run uses 10 per username and 30 per address, see tests/support/global-setup.ts).
import { describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/v1/auth/route";
import { call, TEST_PASSWORD, userWithTokens } from "../support/api";

const attempt = (username: string, password: string, address: string) =>
  call(signIn, "/v1/auth", { body: { username, password }, headers: { "x-forwarded-for": `203.0.113.9, ${address}` } });

describe("login rate limits", () => {
  it("answers 429 with Retry-After after 10 failures for one username, even to the right password", async () => {
    const { username } = await userWithTokens("viewer");
    for (let i = 0; i < 10; i++) {
      expect((await attempt(username, "wrong password", `198.51.100.${i}`)).status).toBe(401);
    }
    const limited = await attempt(username, TEST_PASSWORD, "198.51.100.200");
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("too_many_attempts");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
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
