// Fair use's first line (scripts/fair-use-door.mjs), on a real node:http server whose handler
// holds each request until the test lets it go: a token's requests beyond its in-flight cap are
// refused at the door (429 concurrency_limited, after its pause), other tokens and other kinds
// pass, the place comes back when an answer is sent, and a rate refusal of the application behind
// it (a 429 it marks as the account's fair use) is repeated at the door until its Retry-After.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fairUseDoor } from "@/scripts/fair-use-door.mjs";

type Held = { release: (status?: number, headers?: Record<string, string>, asNextSetsThem?: boolean) => void };
const held: Held[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  const door = fairUseDoor({ read: 2, write: 2, ingest: 3 });
  server = http.createServer((req, res) => {
    if (door(req, res)) return;
    held.push({
      // Headers given to writeHead, or set one by one as arrays of values (as Next.js sets them):
      // the door reads both.
      release: (status = 200, headers = {}, asNextSetsThem = false) => {
        if (asNextSetsThem) {
          for (const [name, value] of Object.entries(headers)) res.setHeader(name, [value]);
          res.writeHead(status);
        } else res.writeHead(status, headers);
        res.end("{}");
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const h of held.splice(0)) h.release();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = (path: string, token: string, method = "GET") =>
  fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` } });

/** Waits until the handler holds `n` requests. */
async function holding(n: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (held.length < n) {
    if (Date.now() > deadline) throw new Error(`the handler holds ${held.length}, not ${n}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("the fair-use door", () => {
  it("refuses a token's requests beyond its in-flight cap, per kind, and lets them through once a place is free", async () => {
    const first = [send("/v1/providers", "a"), send("/v1/providers", "a")];
    await holding(2);
    const started = performance.now();
    const refused = await send("/v1/providers", "a");
    expect(refused.status).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f]{20}$/);
    expect(await refused.json()).toMatchObject({ code: "concurrency_limited", status: 429 });
    // Another token, and another kind of the same token, are not refused.
    const other = send("/v1/providers", "b");
    const write = send("/v1/merchants", "a", "POST");
    await holding(4);
    // Outside /v1, or without a bearer token, the door counts nothing.
    const health = send("/healthz", "a");
    await holding(5);
    for (const h of held.splice(0)) h.release();
    expect((await Promise.all([...first, other, write, health])).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const again = send("/v1/providers", "a");
    await holding(1);
    held.splice(0)[0]!.release();
    expect((await again).status).toBe(200);
  });

  it("repeats the application's rate refusal until its Retry-After, without passing the requests on", async () => {
    const refusedByApp = send("/v1/providers", "c");
    await holding(1);
    held.splice(0)[0]!.release(429, { "retry-after": "30", "x-fair-use": "account" });
    expect((await refusedByApp).status).toBe(429);
    const repeated = await send("/v1/providers", "c");
    expect(repeated.status).toBe(429);
    expect(Number(repeated.headers.get("retry-after"))).toBeGreaterThan(1);
    expect(await repeated.json()).toMatchObject({ code: "rate_limited" });
    expect(held).toHaveLength(0);
    // Per kind: writes of that token still pass.
    const write = send("/v1/merchants", "c", "POST");
    await holding(1);
    held.splice(0)[0]!.release();
    expect((await write).status).toBe(200);
    // A refusal for a second (the application's per-second share, or its concurrency) is repeated for that second.
    const refusedForASecond = send("/v1/merchants", "d", "POST");
    await holding(1);
    held.splice(0)[0]!.release(429, { "retry-after": "1", "x-fair-use": "account" }, true);
    expect((await refusedForASecond).status).toBe(429);
    const repeatedForASecond = await send("/v1/merchants", "d", "POST");
    expect([repeatedForASecond.status, repeatedForASecond.headers.get("retry-after")]).toEqual([429, "1"]);
    expect(held).toHaveLength(0);
    // Another 429 (a sign-in delay, a route's own write limit) is not the token's fair use: not repeated.
    const signInDelay = send("/v1/auth", "e", "POST");
    await holding(1);
    held.splice(0)[0]!.release(429, { "retry-after": "30" });
    expect((await signInDelay).status).toBe(429);
    const next = send("/v1/merchants", "e", "POST");
    await holding(1);
    held.splice(0)[0]!.release();
    expect((await next).status).toBe(200);
  });
});
