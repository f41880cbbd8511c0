// Fair use (lib/http/fair-use.ts): one account's burst is bounded (requests in flight, reads per
// minute shared by every instance) and answered 429 with Retry-After, while other accounts and
// notifications go on; an instance full of reads sheds reads (503) and still takes notifications;
// the pipeline has database connections of its own on a server. A streamed answer (a CSV export)
// holds its place until it is sent; reads cost the rows they ask for, announced in the RateLimit fields.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as signIn } from "@/app/v1/auth/route";
import { POST as createMerchant } from "@/app/v1/merchants/route";
import { GET as listProviders } from "@/app/v1/providers/route";
import { GET as exportCsv } from "@/app/v1/webhooks/events/export/route";
import { POST as ingest, GET as listEvents } from "@/app/v1/webhooks/events/route";
import { db, inPipeline } from "@/lib/db/client";
import { env } from "@/lib/env";
import { INSTANCE_READS_KEY } from "@/lib/http/fair-use";
import { placesTaken, takePlace } from "@/lib/http/in-flight-limit";
import { admitRate, flushRateCounts } from "@/lib/http/shared-rate-counter";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { call, TEST_PASSWORD, userWithTokens } from "../support/api";
import { cardEventData } from "../support/event-data";
import { until } from "../support/webhook-receiver";

vi.hoisted(() => {
  process.env.CONCURRENT_REQUESTS_PER_ACCOUNT = "2";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "5";
  process.env.CONCURRENT_READS_PER_INSTANCE = "40";
});

type Account = Awaited<ReturnType<typeof userWithTokens>>;
let burster: Account;
let other: Account;

beforeAll(async () => {
  burster = await userWithTokens("admin");
  other = await userWithTokens("admin");
});

/** A POST /v1/merchants whose body stays open until `end()`: a request held in flight. */
function heldWrite(token: string) {
  let finish!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"name":'));
      finish = () => {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ name: "Held merchant", taxId: generateCnpj() }).slice(8)));
        controller.close();
      };
    },
  });
  const request = new Request("http://localhost/v1/merchants", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  const answer = createMerchant(request, { params: Promise.resolve({}) });
  return { answer, end: () => finish() };
}

/** Waits, if needed, until the current minute has room for a test's few reads (rate windows are whole minutes). */
const awayFromMinuteTurn = () => until(() => Date.now() % 60_000 < 50_000, 15_000, 100);

const read = (token: string) => call(listProviders, "/v1/providers", { token });

describe("requests in flight per account", () => {
  it("refuses the account's next request (429 concurrency_limited, Retry-After) while others are served", async () => {
    const key = `api:${(await db().user.findUniqueOrThrow({ where: { username: burster.username } })).id}`;
    const held = [heldWrite(burster.accessToken), heldWrite(burster.accessToken)];
    await until(() => placesTaken(key) === 2);
    const refused = await read(burster.accessToken);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("concurrency_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Marked for the door in front of Next.js, which repeats the account's fair-use refusals.
    expect(refused.headers.get("x-fair-use")).toBe("account");
    // Another account is not slowed or refused.
    expect((await read(other.accessToken)).status).toBe(200);
    // A notification from the same account is another kind of request, with its own share.
    const notification = await call(ingest, "/v1/webhooks/events", { token: burster.accessToken, body: cardEventData() });
    expect(notification.status).toBe(202);
    for (const h of held) h.end();
    const answers = await Promise.all(held.map((h) => h.answer));
    // Read to the end, as the server sends them: a place is held until its answer is sent.
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r, i) => `${r.status} ${r.status === 201 ? "" : texts[i]}`)).toEqual(["201 ", "201 "]);
    expect(placesTaken(key)).toBe(0);
    expect((await read(burster.accessToken)).status).toBe(200);
  });
});

describe("a streamed answer", () => {
  it("holds its place until its body is sent or cancelled, whichever token of the account asked", async () => {
    const account = await userWithTokens("viewer");
    // A second token of the same account: the limit is the account's, not the token's.
    const second = await call(signIn, "/v1/auth", { body: { username: account.username, password: TEST_PASSWORD } });
    expect(second.status).toBe(200);
    await awayFromMinuteTurn();
    const key = `api:${account.user.id}`;
    const startExport = (token: string) =>
      exportCsv(new Request("http://localhost/v1/webhooks/events/export", { headers: { authorization: `Bearer ${token}` } }), {
        params: Promise.resolve({}),
      });
    // Two exports started, their files not read: both still in flight.
    const exports = [await startExport(account.accessToken), await startExport(second.json.access_token)];
    expect(exports.map((r) => r.status)).toEqual([200, 200]);
    expect(placesTaken(key)).toBe(2);
    const refused = await call(exportCsv, "/v1/webhooks/events/export", { token: second.json.access_token });
    expect([refused.status, refused.json?.code]).toEqual([429, "concurrency_limited"]);
    expect((await read(account.accessToken)).status).toBe(429);
    // The client goes away from one: its place comes back (once, however often it is cancelled).
    await exports[0]!.body!.cancel();
    await exports[0]!.body!.cancel();
    expect(placesTaken(key)).toBe(1);
    // The other is read to its end: its place comes back too.
    expect(await exports[1]!.text()).toMatch(/^\uFEFF?"id",/);
    expect(placesTaken(key)).toBe(0);
    expect((await read(account.accessToken)).status).toBe(200);
  });
});

describe("a client gone before its answer", () => {
  it("gives its place back though nobody reads or cancels the answer's body", async () => {
    const account = await userWithTokens("viewer");
    await awayFromMinuteTurn();
    const key = `api:${account.user.id}`;
    // The server aborts a request's signal when its connection closes; Next.js then never pipes
    // (nor cancels) the body of the answer the handler returns afterwards.
    const gone = new AbortController();
    const request = new Request("http://localhost/v1/providers", {
      headers: { authorization: `Bearer ${account.accessToken}` },
      signal: gone.signal,
    });
    const answering = listProviders(request, { params: Promise.resolve({}) });
    gone.abort();
    expect((await answering).status).toBe(200);
    expect(placesTaken(key)).toBe(0);
    // And one whose client goes while the body is on its way: the close releases it too.
    const going = new AbortController();
    const answered = await listProviders(
      new Request("http://localhost/v1/providers", {
        headers: { authorization: `Bearer ${account.accessToken}` },
        signal: going.signal,
      }),
      { params: Promise.resolve({}) },
    );
    expect(placesTaken(key)).toBe(1);
    going.abort();
    expect(placesTaken(key)).toBe(0);
    await answered.body?.cancel();
  });
});

describe("reads cost the rows they ask for", () => {
  it("counts a page of 100 as five of 20 against the minute, and says so in the RateLimit fields", async () => {
    const account = await userWithTokens("viewer");
    await awayFromMinuteTurn();
    const page = (limit: number) => call(listEvents, `/v1/webhooks/events?limit=${limit}`, { token: account.accessToken });
    const first = await page(20);
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"reads";q=5;w=60, "reads-per-second";q=10;w=1');
    expect(first.headers.get("ratelimit")).toMatch(/^"reads";r=4;t=\d+, "reads-per-second";r=9;t=1$/);
    // Four units left: a page of 100 would take five.
    const tooHeavy = await page(100);
    expect([tooHeavy.status, tooHeavy.json.code]).toEqual([429, "rate_limited"]);
    expect(tooHeavy.headers.get("ratelimit")).toMatch(/^"reads";r=0;t=\d+$/);
    expect(Number(tooHeavy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Four pages of 20 still fit, and then the minute is spent.
    for (let i = 0; i < 4; i++) expect((await page(20)).status).toBe(200);
    expect((await page(1)).status).toBe(429);
  });

  it("lets a page of 100 through alone when the minute is fresh, and then nothing else", async () => {
    const account = await userWithTokens("viewer");
    await awayFromMinuteTurn();
    const page = (limit: number) => call(listEvents, `/v1/webhooks/events?limit=${limit}`, { token: account.accessToken });
    const heavy = await page(100);
    expect(heavy.status).toBe(200);
    expect(heavy.headers.get("ratelimit")).toMatch(/^"reads";r=0;t=\d+, "reads-per-second";r=5;t=1$/);
    expect((await page(20)).status).toBe(429);
  });
});

describe("reads per minute per account", () => {
  it("answers 429 rate_limited past the limit, with the seconds to the window's end, for that account only", async () => {
    // The account first: signing in hashes a password, slow on a loaded machine, and the reads
    // that follow must fall in one minute's window.
    const account = await userWithTokens("viewer");
    await awayFromMinuteTurn();
    for (let i = 0; i < 5; i++) expect((await read(account.accessToken)).status).toBe(200);
    const refused = await read(account.accessToken);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await read(other.accessToken)).status).toBe(200);
  });

  it("counts what other instances admitted, through the shared bucket", async () => {
    // The account first: signing in hashes a password, slow on a loaded machine, and the reads
    // that follow must fall in one minute's window.
    const account = await userWithTokens("viewer");
    await awayFromMinuteTurn();
    const userId = (await db().user.findUniqueOrThrow({ where: { username: account.username } })).id;
    expect((await read(account.accessToken)).status).toBe(200);
    // Another instance admitted four reads of this account in this minute.
    const windowStart = Math.floor(Date.now() / 60_000) * 60;
    await db().$executeRaw`
      INSERT INTO rate_limit_buckets (key, count, window_start, expires_at)
      VALUES (${`rate:read:${userId}:${windowStart}`}, 4, to_timestamp(${windowStart}), to_timestamp(${windowStart + 60}))
      ON CONFLICT (key) DO UPDATE SET count = rate_limit_buckets.count + 4`;
    await flushRateCounts();
    const refused = await read(account.accessToken);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("rate_limited");
  });
});

describe("a minute's rate, spread over its seconds", () => {
  it("admits at most a thirtieth of the minute's limit (at least 10) in any one second", () => {
    const second = Math.floor(Date.now() / 1000) * 1000 + 10_000;
    const admit = (at: number) => admitRate("spread-test", "someone", 600, at);
    for (let i = 0; i < 20; i++) admit(second + i);
    expect(() => admit(second + 500)).toThrow(expect.objectContaining({ status: 429, code: "rate_limited" }));
    // The next second has its own share.
    expect(() => admit(second + 1_000)).not.toThrow();
  });
});

describe("an instance full of reads", () => {
  it("sheds reads (503 with Retry-After) and still takes notifications", async () => {
    const limit = env().fairUse.concurrentReadsPerInstance;
    const places = Array.from({ length: limit }, () => takePlace(INSTANCE_READS_KEY, limit));
    try {
      expect(places.every(Boolean)).toBe(true);
      const shed = await read(other.accessToken);
      expect(shed.status).toBe(503);
      expect(shed.headers.get("retry-after")).toBe("1");
      const notification = await call(ingest, "/v1/webhooks/events", { token: other.accessToken, body: cardEventData() });
      expect(notification.status).toBe(202);
    } finally {
      for (const release of places) release?.();
    }
    expect((await read(other.accessToken)).status).toBe(200);
  });
});

describe("the pipeline's database connections", () => {
  it("are its own on a server database, and the one connection on the embedded one", () => {
    const embedded = !env().serverDatabase;
    expect(inPipeline(() => db()) === db()).toBe(embedded);
  });
});
