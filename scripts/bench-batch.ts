// `npm run bench:batch -- [--seconds 30] [--connections 8] [--rate 5000] [--port 3320]`: batch ingestion
// (POST /v1/webhooks/events/batch, 100 notifications a request) against a production server on
// a scratch database, with the worker in the same process. Reports events/s accepted, how long
// after the load stops the queue is empty, and that nothing was lost or processed twice. Without
// --rate the senders go as fast as the server answers (the door's ceiling); with --rate they
// send that many events per second (the target's sustained load, which the worker must keep up with).
// The batch ingestion target: 5,000 events/s for 30 s, queue empty within 2 s of the load stopping.
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { USERS } from "@/e2e/support/users";
import { cardEventData } from "@/tests/support/event-data";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import { FAIR_USE_OFF } from "./support/capacity-env";
import { runMain } from "./support/run-main";
import { startTargetServer } from "./support/target-server";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "30" },
    connections: { type: "string", default: "8" },
    rate: { type: "string" },
    port: { type: "string", default: "3320" },
  },
});
const BATCH = 100;

async function main(): Promise<void> {
  const server = await startTargetServer("bench-batch", {
    adminUrlVariable: "BENCH_ADMIN_DATABASE_URL",
    port: Number(values.port),
    demoEvents: 0,
    env: { LOG_LEVEL: "warn", LOGIN_LIMIT_PER_ADDRESS: "100000", ...FAIR_USE_OFF },
  });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]!.n);
  try {
    const { access_token } = await signInOverHttp(server.baseUrl, USERS.ingest);
    let created = 0;
    let duplicates = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(
        {
          url: `${server.baseUrl}/v1/webhooks/events/batch`,
          method: "POST",
          connections: Number(values.connections),
          duration: Number(values.seconds),
          ...(values.rate ? { overallRate: Math.max(1, Math.round(Number(values.rate) / BATCH)) } : {}),
          headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                body: JSON.stringify({ events: Array.from({ length: BATCH }, () => cardEventData()) }),
              }),
              onResponse: (status: number, _body: string) => {
                if (status === 200) created += BATCH;
              },
            },
          ],
        },
        (error, r) => (error ? reject(error) : resolve(r)),
      );
      run.on("response", () => {});
    });
    const stoppedAt = Date.now();
    const pendingAtStop = await count("SELECT count(*)::int AS n FROM events WHERE status = 'pending'");
    let pending = 1;
    while (pending > 0 && Date.now() - stoppedAt < 120_000) {
      pending = await count("SELECT count(*)::int AS n FROM events WHERE status = 'pending'");
      if (pending > 0) await new Promise((r) => setTimeout(r, 50));
    }
    const drainMs = Date.now() - stoppedAt;
    const stored = await count("SELECT count(*)::int AS n FROM events");
    const twice = await count(
      "SELECT count(*)::int AS n FROM (SELECT event_id FROM event_attempts GROUP BY event_id HAVING count(*) > 1) t",
    );
    const unprocessed = await count("SELECT count(*)::int AS n FROM events WHERE attempt_count = 0");
    duplicates = created - stored;
    const seconds = Number(values.seconds);
    console.log(
      [
        `batch ingestion, ${values.connections} connections, ${BATCH} notifications per request, ${seconds} s` +
          `${values.rate ? `, offered ${values.rate} events/s` : ", as fast as answered"}:`,
        `  requests ${result.requests.total} (${Math.round(result.requests.average)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.timeouts + result.non2xx}`,
        `  events accepted ${created} (${Math.round(created / seconds)}/s), stored ${stored}, lost ${Math.max(0, duplicates)}`,
        `  pending when the load stopped ${pendingAtStop}; queue empty ${drainMs} ms after; processed twice ${twice}; never processed ${unprocessed}`,
      ].join("\n"),
    );
  } finally {
    await db.end();
    await server.stop();
  }
}

runMain(main);
