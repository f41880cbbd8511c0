// An open-loop load: requests started at a fixed rate whatever the answers' latency (autocannon
// closes the loop: a slow answer delays the next request, so the rate it offers falls exactly
// when the server is slow). Each request's latency is timed from its own start.
import http from "node:http";

export type OfferedLoad = {
  sent: number;
  /** Answers by status; 0 counts a request that got no answer (an error or the deadline). */
  statuses: Map<number, number>;
  /** Answer latencies, ms, of the requests answered. */
  latencies: number[];
  /** When each of those requests was sent, ms after the load started (same order as latencies). */
  sentAfter: number[];
};

export async function offerLoad(options: {
  /** Several: the requests go to each in turn (instances behind a round-robin balancer). */
  url: string | string[];
  headers: Record<string, string>;
  /** Requests per second. */
  rate: number;
  seconds: number;
  /** The body of the next request; called right before it is sent. None: a GET. */
  body?: () => string;
}): Promise<OfferedLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const result: OfferedLoad = { sent: 0, statuses: new Map(), latencies: [], sentAfter: [] };
  const count = (status: number) => result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
  const inFlight = new Set<Promise<void>>();
  const urls = Array.isArray(options.url) ? options.url : [options.url];
  const send = () => {
    const started = performance.now();
    const url = urls[result.sent % urls.length]!;
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        url,
        { method: options.body ? "POST" : "GET", headers: options.headers, agent, timeout: 30_000 },
        (res) => {
          res.resume();
          res.on("end", () => {
            result.latencies.push(performance.now() - started);
            result.sentAfter.push(started - start);
            count(res.statusCode ?? 0);
            resolve();
          });
        },
      );
      request.on("error", () => {
        count(0);
        resolve();
      });
      request.on("timeout", () => request.destroy());
      request.end(options.body?.());
    });
    result.sent++;
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  const start = performance.now();
  const total = Math.round(options.rate * options.seconds);
  while (result.sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * options.rate));
    while (result.sent < due) send();
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return result;
}

/** The p-th percentile (0-100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
