// Two instances on one database share every piece of state: login limits, refresh-token
// families, idempotency keys, and the event queue (each event processed exactly once, by
// either worker).
import { randomBytes } from "node:crypto";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { cardEventData } from "@/tests/support/event-data";
import { queryE2E } from "../support/database";
import { expect, test } from "../support/fixtures";
import { baseUrlOf, PORTS } from "../support/run-env";
import { USERS } from "../support/users";

const [A, B] = PORTS.map(baseUrlOf) as [string, string];

test("failed sign-ins count across instances: the 11th for a username is refused by either", async ({ request }) => {
  const username = `nobody-${randomBytes(4).toString("hex")}`;
  for (let i = 0; i < 10; i++) {
    const res = await request.post(`${i % 2 ? B : A}/v1/auth`, { data: { username, password: "guess" } });
    expect(res.status()).toBe(401);
  }
  for (const base of [A, B]) {
    const res = await request.post(`${base}/v1/auth`, { data: { username, password: "guess" } });
    expect(res.status()).toBe(429);
    expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
  }
});

test("a refresh token spent on one instance is replayed within the grace, then reuse on the other, and ends the family", async ({
  request,
}) => {
  const { username, password } = USERS.viewer;
  const pair = await (await request.post(`${A}/v1/auth`, { data: { username, password } })).json();
  const rotated = await request.post(`${B}/v1/auth/refresh`, { data: { refresh_token: pair.refresh_token } });
  expect(rotated.status()).toBe(200);
  const successor = (await rotated.json()).refresh_token;
  // Within the grace window the old token answers the same pair, on either instance.
  const retried = await request.post(`${A}/v1/auth/refresh`, { data: { refresh_token: pair.refresh_token } });
  expect((await retried.json()).refresh_token).toBe(successor);
  // Once the successor is used, the old token is reuse.
  const next = await request.post(`${A}/v1/auth/refresh`, { data: { refresh_token: successor } });
  expect(next.status()).toBe(200);
  const latest = (await next.json()).refresh_token;

  const reuse = await request.post(`${A}/v1/auth/refresh`, { data: { refresh_token: pair.refresh_token } });
  expect(reuse.status()).toBe(400);
  expect((await reuse.json()).code).toBe("invalid_grant");
  const afterReuse = await request.post(`${B}/v1/auth/refresh`, { data: { refresh_token: latest } });
  expect(afterReuse.status()).toBe(400);
});

test("an idempotency key holds across instances: concurrent posts create one merchant, replays return it", async ({
  request,
}) => {
  const { username, password } = USERS.operator;
  const token = (await (await request.post(`${A}/v1/auth`, { data: { username, password } })).json()).access_token;
  const key = `two-instances-${randomBytes(6).toString("hex")}`;
  const body = { name: `Loja ${randomBytes(3).toString("hex")}`, taxId: generateCnpj() };
  const post = (base: string) =>
    request.post(`${base}/v1/merchants`, {
      data: body,
      headers: { authorization: `Bearer ${token}`, "idempotency-key": key },
    });

  // Ten at once, alternating instances: exactly one runs; the others are told it is in flight
  // (409) or, once it finished, get its response replayed.
  const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? B : A)));
  const created = racing.filter((r) => r.status() === 201 && r.headers()["idempotent-replayed"] !== "true");
  expect(created).toHaveLength(1);
  for (const r of racing) expect([201, 409]).toContain(r.status());
  const merchant = await created[0]!.json();

  for (const base of [A, B]) {
    const replay = await post(base);
    expect(replay.status()).toBe(201);
    expect(replay.headers()["idempotent-replayed"]).toBe("true");
    expect((await replay.json()).id).toBe(merchant.id);
  }
  const stored = await queryE2E<{ n: number }>("SELECT count(*)::int AS n FROM merchants WHERE tax_id = $1", [body.taxId]);
  expect(stored[0]!.n).toBe(1);
});

test("two instances store 2,000 notifications once each, and two workers drain them as one queue exactly once", async ({
  request,
}) => {
  // 2,000 notifications stored, then drained by both workers, up to five times over.
  test.setTimeout(120_000);
  const { username, password } = USERS.ingest;
  // One token, from the first instance, serves both (they share the signing keys): the second
  // hands out tokens of a few seconds (SHORT_TOKEN_PORT), shorter than this test.
  const signedIn = await request.post(`${A}/v1/auth`, { data: { username, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const token = (await signedIn.json()).access_token as string;
  const merchantId = `two-workers-${randomBytes(4).toString("hex")}`;
  const ids: string[] = [];
  // Twenty parallel streams, alternating instances.
  await Promise.all(
    Array.from({ length: 20 }, async (_, stream) => {
      for (let i = 0; i < 100; i++) {
        const side = (stream + i) % 2;
        const res = await request.post(`${[A, B][side]}/v1/webhooks/events`, {
          data: cardEventData({ merchantId }),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status(), await res.text()).toBe(202);
        ids.push((await res.json()).id);
      }
    }),
  );
  expect(new Set(ids).size).toBe(2000);
  // Decided on arrival, one attempt each, by whichever instance took the request.
  const [decided] = await queryE2E<{ events: number; pending: number; attempts: number }>(
    `SELECT count(*)::int AS events, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            (SELECT count(*)::int FROM event_attempts a JOIN events e ON e.id = a.event_id WHERE e.merchant_id = $1) AS attempts
     FROM events WHERE merchant_id = $1`,
    [merchantId],
  );
  expect(decided).toEqual({ events: 2000, pending: 0, attempts: 2000 });

  // The worker's queue (what a load or an upgrade leaves pending): the same events made pending
  // again in one statement, drained by both instances' workers. Each worker polls every 250 ms
  // and drains in batches of 200 without pausing, so on a fast machine one of them can drain all
  // 2,000 before the other's next poll: the drain is done again (each time exactly once) until
  // one has both workers in it, at most five times.
  let workers = 0;
  for (let round = 0; round < 5 && workers < 2; round++) {
    await queryE2E("DELETE FROM event_attempts a USING events e WHERE e.id = a.event_id AND e.merchant_id = $1", [merchantId]);
    await queryE2E("UPDATE events SET status = 'pending', failure_reason = NULL, attempt_count = 0 WHERE merchant_id = $1", [
      merchantId,
    ]);

    await expect
      .poll(
        async () =>
          (
            await queryE2E<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE merchant_id = $1 AND status = 'pending'", [
              merchantId,
            ])
          )[0]!.n,
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(0);

    const [counts] = await queryE2E<{ events: number; attempts: number; twice: number; workers: number }>(
      `SELECT (SELECT count(*)::int FROM events WHERE merchant_id = $1) AS events,
              count(*)::int AS attempts,
              (SELECT count(*)::int FROM events WHERE merchant_id = $1 AND attempt_count <> 1) AS twice,
              count(DISTINCT a.trigger)::int AS workers
       FROM event_attempts a JOIN events e ON e.id = a.event_id WHERE e.merchant_id = $1`,
      [merchantId],
    );
    expect(counts).toMatchObject({ events: 2000, attempts: 2000, twice: 0 });
    workers = counts!.workers;
  }
  // Both instances' workers took part in one drain.
  expect(workers).toBe(2);
});
