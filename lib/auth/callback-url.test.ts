import { describe, expect, it } from "vitest";
import { ownCallbackUrl, withoutForeignCallbackUrl } from "@/lib/auth/callback-url";

const BASE = "http://127.0.0.1:3000";

describe("ownCallbackUrl", () => {
  it("takes a path or a URL of this site, as an absolute URL", () => {
    expect(ownCallbackUrl("/events?status=failed", BASE)).toBe(`${BASE}/events?status=failed`);
    expect(ownCallbackUrl(`${BASE}/overview`, BASE)).toBe(`${BASE}/overview`);
  });

  it("ignores another site, another scheme, text that is no URL and what is not text", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "http://127.0.0.1:3001/",
      // next-auth's default redirect threw on this one (a port that is not a number): a 500.
      "http://127.0.0.1:3000.evil.example/",
      "javascript:1",
      "overview",
      "",
      5,
      { href: "/" },
      undefined,
    ]) {
      expect(ownCallbackUrl(value, BASE), JSON.stringify(value)).toBeUndefined();
    }
  });
});

describe("withoutForeignCallbackUrl", () => {
  it("drops a callback-url cookie that is not ours, and leaves everything else as it was", () => {
    expect(withoutForeignCallbackUrl("a=1; next-auth.callback-url=javascript:1; b=2", BASE)).toBe("a=1; b=2");
    expect(withoutForeignCallbackUrl("__Secure-next-auth.callback-url=https%3A%2F%2Fevil.example", BASE)).toBe("");
    // Next.js leaves out a value that does not URI-decode; so does this.
    expect(withoutForeignCallbackUrl("next-auth.callback-url=%E0%A4%A; a=1", BASE)).toBe("a=1");
    const own = `a=1;next-auth.callback-url=${encodeURIComponent(`${BASE}/events`)}; other.callback-url=javascript:1`;
    expect(withoutForeignCallbackUrl(own, BASE)).toBe(own);
  });
});
