// Smoke: both instances are up on the shared database, and a seeded user gets tokens that
// either instance accepts (they share the signing keys).
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
