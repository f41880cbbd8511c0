// `npm run bench:burst -- [--seconds 20] [--burst 100] [--events 100000] [--port 3330]`: one
// merchant account's burst of heavy reads (--burst concurrent GET /v1/webhooks/events?limit=100,
// each sent again as soon as it is answered) against a production server with the default fair
// use, on a scratch database. Beside it, at fixed rates (open loop), the traffic that must not
// notice: another merchant account's cheap reads, single notifications from a terminal (each
// delivered to a webhook receiver on this machine) and /healthz. Each runs once alone and once
// during the burst; the report gives the p50 and p99 of each, the ratios against their targets,
// every status seen, what the burster was served (pages and rows a second), and whether every
// notification was stored and delivered.
// Targets: during the burst the other merchant's reads p99 <= 4x alone, single
// notifications p99 <= 4x alone (every one stored and delivered), /healthz p99 <= max(4x alone,
// 100 ms) (it is answered before Next.js: scripts/health-probes.mjs), no 5xx for anyone, and the
// bursting account still served (limited by what its pages weigh, not locked out).

import { spawn } from "node:child_process";
import pg from "pg";
import { USERS } from "@/e2e/support/users";
import { cardEventData } from "@/tests/support/event-data";
import { freshServerSecrets } from "@/tests/support/scratch-server";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import { parseFlags } from "./support/flags";
import { type OfferedLoad, offerLoad, percentile } from "./support/offered-load";
import { runMain } from "./support/run-main";
import { atLeast, atMost, none, printTargets } from "./support/target-checks";
import { startTargetServer } from "./support/target-server";
import { benchMerchant, startReceiver } from "./support/webhook-receivers";

const values = parseFlags({ seconds: 20, burst: 100, events: 100000, port: 3330 });
const SECONDS = values.seconds;
const RATES = { neighbourReads: 10, notifications: 20, health: 10 };
const PASSWORD = "bench-burst-password";

type BurstResult = { total: number; perSecond: number; statuses: Map<number, number> };
type Phase = { reads: OfferedLoad; notifications: OfferedLoad; health: OfferedLoad; burst?: BurstResult };

/** autocannon as a child process: --burst connections, each sending again as soon as it is answered. */
function startBurst(url: string, token: string): Promise<BurstResult> {
  const child = spawn(
    "node_modules/.bin/autocannon",
    ["-c", String(values.burst), "-d", String(SECONDS + 2), "-H", `authorization=Bearer ${token}`, "--json", url],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output.trim().split("\n").pop()!) as {
        requests: { total: number; average: number };
        statusCodeStats?: Record<string, { count: number }>;
      };
      const statuses = new Map(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [Number(code), count]));
      resolve({ total: result.requests.total, perSecond: result.requests.average, statuses });
    }),
  );
}

const p = (load: OfferedLoad, q: number) => Math.round(percentile(load.latencies, q) * 10) / 10;
const statuses = (m: Map<number, number>) =>
  [...m.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s || "no answer"}: ${n}`)
    .join(", ");
const fiveXx = (m: Map<number, number>) => [...m.entries()].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0);

async function main(): Promise<void> {
  const secrets = freshServerSecrets();
  const server = await startTargetServer("bench-burst", {
    adminUrlVariable: "BENCH_ADMIN_DATABASE_URL",
    port: values.port,
    demoEvents: values.events,
    env: { ...secrets, LOG_LEVEL: "warn", LOGIN_LIMIT_PER_ADDRESS: "100000", WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1" },
  });
  // The bench writes its merchants and accounts straight to the server's database, with its keys.
  Object.assign(process.env, secrets, { DATABASE_URL: server.databaseUrl, LOG_LEVEL: "warn" });
  const { createUser } = await import("@/lib/users/system-accounts");
  const { closeDb } = await import("@/lib/db/client");
  const receiver = await startReceiver();
  const monitor = new pg.Client({ connectionString: server.databaseUrl });
  await monitor.connect();
  try {
    // The burster: the demo merchant with the most events. The neighbour: a merchant of its own,
    // whose credential the notifications match and whose endpoint is the receiver.
    const { rows } = await monitor.query<{ id: string }>(
      "SELECT owner_merchant_id AS id FROM events GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
    );
    const bursterMerchant = rows[0]!.id;
    const neighbour = await benchMerchant("Burst neighbour", [receiver.url]);
    const { rows: n } = await monitor.query<{ merchant_id: string }>(
      "SELECT merchant_id FROM credentials WHERE acquirer_merchant_identifier = $1",
      [neighbour.mid],
    );
    const neighbourMerchant = n[0]!.merchant_id;
    const account = async (name: string, merchantId: string) => {
      await createUser({ username: name, password: PASSWORD, role: "merchant", merchantId });
      return (await signInOverHttp(server.baseUrl, { username: name, password: PASSWORD })).access_token;
    };
    const bursterToken = await account("burst-a", bursterMerchant);
    const neighbourToken = await account("burst-b", neighbourMerchant);
    const ingestToken = (await signInOverHttp(server.baseUrl, USERS.ingest)).access_token;
    await closeDb();

    const phase = async (withBurst: boolean): Promise<Phase> => {
      // The burst runs in a process of its own: in this one, its hundreds of answers a second
      // would delay the measured requests' callbacks and count as the server's latency.
      const burst = withBurst ? startBurst(`${server.baseUrl}/v1/webhooks/events?limit=100`, bursterToken) : undefined;
      // The burst is under way before the measured traffic starts.
      if (withBurst) await new Promise((r) => setTimeout(r, 1000));
      const [reads, notifications, health] = await Promise.all([
        offerLoad({
          url: `${server.baseUrl}/v1/webhooks/events?limit=10`,
          headers: { authorization: `Bearer ${neighbourToken}` },
          rate: RATES.neighbourReads,
          seconds: SECONDS,
        }),
        offerLoad({
          url: `${server.baseUrl}/v1/webhooks/events`,
          headers: { authorization: `Bearer ${ingestToken}`, "content-type": "application/json" },
          rate: RATES.notifications,
          seconds: SECONDS,
          body: () =>
            JSON.stringify(
              cardEventData({
                acquirerMerchantIdentifier: neighbour.mid,
                acquirerTerminalIdentifier: neighbour.tid,
                metadata: { sentAt: Date.now() },
              }),
            ),
        }),
        offerLoad({ url: `${server.baseUrl}/healthz`, headers: {}, rate: RATES.health, seconds: SECONDS }),
      ]);
      return { reads, notifications, health, burst: burst ? await burst : undefined };
    };

    const alone = await phase(false);
    const during = await phase(true);
    const accepted = [alone, during].reduce((sum, ph) => sum + (ph.notifications.statuses.get(202) ?? 0), 0);
    const deadline = Date.now() + 60_000;
    while (receiver.arrivals.size < accepted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const { rows: stored } = await monitor.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM events e JOIN credentials c ON c.merchant_id = e.owner_merchant_id WHERE c.acquirer_merchant_identifier = $1",
      [neighbour.mid],
    );

    const ratio = (a: OfferedLoad, d: OfferedLoad) => p(d, 99) / p(a, 99);
    const line = (name: string, a: OfferedLoad, d: OfferedLoad, target: string) =>
      `  ${name}: alone p50 ${p(a, 50)} ms, p99 ${p(a, 99)} ms; during p50 ${p(d, 50)} ms, p99 ${p(d, 99)} ms; p99 during / alone ${ratio(a, d).toFixed(2)}x (target ${target}); statuses during: ${statuses(d.statuses)}`;
    const burst = during.burst!;
    const served = burst.statuses.get(200) ?? 0;
    const healthBound = Math.max(4 * p(alone.health, 99), 100);
    console.log(
      [
        `burst: one merchant account, ${values.burst} concurrent GET /v1/webhooks/events?limit=100 for ${SECONDS} s, ${values.events} demo events; default fair use`,
        line(`another merchant's reads (${RATES.neighbourReads}/s)`, alone.reads, during.reads, "<= 4x"),
        line(`single notifications (${RATES.notifications}/s)`, alone.notifications, during.notifications, "<= 4x"),
        line(`/healthz (${RATES.health}/s)`, alone.health, during.health, `p99 <= max(4x alone, 100 ms) = ${healthBound} ms`),
        `  the burst: ${burst.total} requests answered (${Math.round(burst.perSecond)}/s), ${served} pages of 100 served (${(served / (SECONDS + 2)).toFixed(1)}/s), statuses: ${statuses(burst.statuses)}`,
        `  notifications accepted ${accepted}, stored ${stored[0]!.n}, delivered ${receiver.arrivals.size}, delivered twice ${receiver.duplicates()}`,
      ].join("\n"),
    );
    printTargets("bench:burst targets", [
      atMost("another merchant's reads p99, during / alone", ratio(alone.reads, during.reads), 4),
      atMost("single notifications p99, during / alone", ratio(alone.notifications, during.notifications), 4),
      atMost(
        `/healthz p99 during the burst (max(4 × ${p(alone.health, 99)} ms alone, 100 ms))`,
        p(during.health, 99),
        healthBound,
        " ms",
      ),
      none(
        "5xx or no answer, for anyone",
        fiveXx(during.reads.statuses) +
          fiveXx(during.notifications.statuses) +
          fiveXx(during.health.statuses) +
          fiveXx(burst.statuses),
      ),
      none(
        "notifications not stored or not delivered",
        Math.max(0, accepted - stored[0]!.n) + Math.max(0, accepted - receiver.arrivals.size),
      ),
      atLeast("the bursting account's reads served (200)", served, 1),
    ]);
  } finally {
    await monitor.end();
    await receiver.close();
    await server.stop();
  }
}

runMain(main);
