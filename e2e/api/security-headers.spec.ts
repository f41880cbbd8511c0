// Browser security headers: a fresh CSP nonce per page that the page's scripts carry, no
// framing, nosniff everywhere, and cookie-authenticated mutations refused from other origins.
import { expect, test } from "../support/fixtures";
import { baseUrlOf, PORTS } from "../support/run-env";

const BASE = baseUrlOf(PORTS[0]);

test("pages carry a per-request nonce CSP that forbids framing, and their scripts carry the nonce", async ({ request }) => {
  const first = await request.get(`${BASE}/login`);
  const second = await request.get(`${BASE}/login`);
  const policy = first.headers()["content-security-policy"]!;
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  expect(first.headers()["x-frame-options"]).toBe("DENY");
  expect(first.headers()["referrer-policy"]).toBe("no-referrer");
});

test("API responses are nosniff and strict about referrers too", async ({ request }) => {
  for (const path of ["/v1/providers", "/healthz", "/v1/nowhere"]) {
    const res = await request.get(`${BASE}${path}`);
    expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(res.headers()["referrer-policy"], path).toBe("no-referrer");
  }
});

test("a sign-in posted from another origin is refused", async ({ request }) => {
  const res = await request.post(`${BASE}/api/auth/callback/credentials`, {
    headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    data: "username=admin&password=x&csrfToken=x",
  });
  expect(res.status()).toBe(403);
  // In the one problem shape, like every API refusal.
  expect(await res.json()).toMatchObject({
    type: "/problems/cross_origin_request",
    status: 403,
    code: "cross_origin_request",
    detail: expect.any(String),
    request_id: expect.any(String),
  });
  expect(res.headers()["x-request-id"]).toBeTruthy();
  const same = await request.post(`${BASE}/api/auth/callback/credentials`, {
    headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    data: "username=admin&password=x&csrfToken=x",
    maxRedirects: 0,
  });
  // Reaches next-auth, which refuses the missing CSRF cookie by redirecting: not our 403.
  expect(same.status()).not.toBe(403);
});

test("the API takes bearer tokens only: a session cookie alone is not authentication", async ({ request }) => {
  const res = await request.get(`${BASE}/v1/providers`, { headers: { cookie: "next-auth.session-token=anything" } });
  expect(res.status()).toBe(401);
});
