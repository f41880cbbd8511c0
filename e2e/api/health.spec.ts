// Smoke: both instances are up on the shared database, and a seeded user gets tokens that
// either instance accepts (they share the signing keys). The probes are answered before Next.js
// (scripts/health-probes.mjs) with the answers their routes give (only the framing and Next.js's
// Vary differ); bench:burst measures that they do not wait behind a burst, and
// e2e/api/faults.spec.ts that /readyz answers while the API's connections are all taken.
import { expect, test } from "../support/fixtures";
import { ACCESS_TOKEN_TTL_SECONDS, baseUrlOf, PORTS } from "../support/run-env";
import { USERS } from "../support/users";

for (const port of PORTS) {
  test(`instance ${port}: GET /healthz and /readyz answer 200`, async ({ request }) => {
    for (const path of ["/healthz", "/readyz"]) {
      const response = await request.get(`${baseUrlOf(port)}${path}`);
      expect(response.status(), path).toBe(200);
    }
  });
}

test("the probes answer as their routes do: JSON, no-store, a request id, the security headers; HEAD without a body", async ({
  request,
}) => {
  const base = baseUrlOf(PORTS[0]);
  for (const [path, body] of [
    ["/healthz", { status: "ok" }],
    ["/readyz", { status: "ready" }],
  ] as const) {
    const answer = await request.get(`${base}${path}?anything=1`, { headers: { "x-request-id": "probe-check-1" } });
    expect(answer.status(), path).toBe(200);
    expect(await answer.json()).toEqual(body);
    const headers = answer.headers();
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["x-request-id"]).toBe("probe-check-1");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    const head = await request.head(`${base}${path}`);
    expect([head.status(), (await head.body()).length]).toEqual([200, 0]);
    // Other methods are the route's: 405 with Allow.
    const post = await request.post(`${base}${path}`);
    expect([post.status(), post.headers().allow]).toEqual([405, "GET"]);
  }
});

test("POST /v1/auth signs in the seeded admin; the other instance accepts the token", async ({ request }) => {
  const { username, password } = USERS.admin;
  const response = await request.post(`${baseUrlOf(PORTS[0])}/v1/auth`, { data: { username, password } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const tokens = await response.json();
  expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS });
  expect(typeof tokens.access_token).toBe("string");
  expect(typeof tokens.refresh_token).toBe("string");

  const providers = await request.get(`${baseUrlOf(PORTS[1])}/v1/providers`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(providers.status()).toBe(200);
  expect((await providers.json()).data).toHaveLength(6);
});

test("POST /v1/auth refuses a wrong password with 401 problem+json", async ({ request }) => {
  const response = await request.post(`${baseUrlOf(PORTS[1])}/v1/auth`, {
    data: { username: USERS.admin.username, password: "not-the-password" },
  });
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toContain("application/problem+json");
  expect(await response.json()).toMatchObject({ code: "invalid_credentials" });
});
