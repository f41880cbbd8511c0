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

// proxy.ts's matcher once skipped requests carrying next-router-prefetch (any value), which any
// client can send: each guard below answered otherwise with it (500, 302, 200, no policy).
test("no header a client chooses switches the page guards off: next-router-prefetch changes no answer", async ({ request }) => {
  const variants: Record<string, string>[] = [
    {},
    { "next-router-prefetch": "1" },
    { "next-router-prefetch": "0" },
    { "next-router-prefetch": "1", rsc: "1" },
  ];
  for (const extra of variants) {
    const at = JSON.stringify(extra);
    // A callback-url cookie that is not ours never reaches next-auth, which answers it with a 500.
    for (const path of ["/api/auth/providers", "/api/auth/session", "/login"]) {
      const res = await request.get(`${BASE}${path}`, { headers: { ...extra, cookie: "next-auth.callback-url=javascript:1" } });
      expect(res.status(), `${path} ${at}`).toBe(200);
    }
    // A cookie-authenticated mutation from another site is refused.
    const signOut = await request.post(`${BASE}/api/auth/signout`, {
      headers: { ...extra, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      data: "csrfToken=x",
      maxRedirects: 0,
    });
    expect(signOut.status(), `signout ${at}`).toBe(403);
    expect((await signOut.json()).code).toBe("cross_origin_request");
    // Pages answer GET and HEAD only.
    const put = await request.put(`${BASE}/login`, { headers: extra, maxRedirects: 0 });
    expect(put.status(), `PUT /login ${at}`).toBe(405);
    expect(put.headers().allow).toBe("GET, HEAD");
    // Every page carries its nonce policy.
    const page = await request.get(`${BASE}/login`, { headers: extra });
    expect(page.headers()["content-security-policy"], `CSP ${at}`).toContain("'nonce-");
  }
});

// proxy.ts once let a POST naming a server action (`next-action`, any client can send it) past its
// 405 to Next.js's action handler, though the console has no server actions.
test("a POST to a page naming a server action is refused like any other method the page does not serve", async ({ request }) => {
  for (const path of ["/login", "/overview"]) {
    const res = await request.post(`${BASE}${path}`, { headers: { "next-action": "0123abcd" }, data: "[]", maxRedirects: 0 });
    expect(res.status(), path).toBe(405);
    expect(res.headers().allow).toBe("GET, HEAD");
  }
});
