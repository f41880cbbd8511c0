// The gauges read at scrape time: the queues' depth and age, endpoints by state (one statement,
// on the primary: a replica's lag would hide a growing queue) and the connection pools. Every
// instance answers the same database figures; alert on max(), not sum() (docs/operations.md).
// Cost: the pending events are counted on their partial index (events_pending_queue_idx) and the
// oldest is its first entry; pending deliveries are counted on webhook_deliveries_due_idx
// (partial, status = 'pending'), whose next_attempt_at also gives the most overdue one. Both
// grow with the queue, not with the tables; endpoints are few. The statement's own time is a
// gauge, so a slow scrape shows itself (figures: docs/benchmarks.md, "Metrics scrape").
import { Gauge } from "prom-client";
import { ALERT_KINDS } from "@/lib/alerts/alert-kinds";
import { poolUses, sql } from "@/lib/db/client";
import { metrics } from "@/lib/metrics/registry";

const GAUGES_SQL = `
SELECT
  (SELECT count(*) FROM events WHERE status = 'pending')::int AS "eventsPending",
  (SELECT extract(epoch FROM now() - min(created_at)) FROM events WHERE status = 'pending')::float8 AS "eventsOldest",
  q.n::int AS "deliveriesPending",
  greatest(0, extract(epoch FROM now() - q.due))::float8 AS "deliveriesOverdue",
  w.enabled::int AS "endpointsEnabled", w.disabled::int AS "endpointsDisabled", w.open::int AS "endpointsCircuitOpen"
FROM (SELECT count(*) AS n, min(next_attempt_at) AS due FROM webhook_deliveries WHERE status = 'pending') q,
  (SELECT count(*) FILTER (WHERE enabled AND circuit_opened_at IS NULL) AS enabled,
          count(*) FILTER (WHERE NOT enabled) AS disabled,
          count(*) FILTER (WHERE enabled AND circuit_opened_at IS NOT NULL) AS open
   FROM webhook_endpoints) w`;

type GaugeRow = {
  eventsPending: number;
  eventsOldest: number | null;
  deliveriesPending: number;
  deliveriesOverdue: number | null;
  endpointsEnabled: number;
  endpointsDisabled: number;
  endpointsCircuitOpen: number;
};

function create() {
  const registers = [metrics().registry];
  return {
    eventsPending: new Gauge({ name: "pic_events_pending", help: "Events waiting for the worker.", registers }),
    eventsOldest: new Gauge({
      name: "pic_events_pending_oldest_age_seconds",
      help: "Age of the oldest pending event (0 when none).",
      registers,
    }),
    deliveriesPending: new Gauge({
      name: "pic_webhook_deliveries_pending",
      help: "Webhook deliveries not yet delivered nor failed (due, in flight or waiting for a retry).",
      registers,
    }),
    deliveriesOverdue: new Gauge({
      name: "pic_webhook_deliveries_oldest_overdue_seconds",
      help: "How long the longest-due pending delivery has been due without an attempt (0 when none).",
      registers,
    }),
    endpoints: new Gauge({
      name: "pic_webhook_endpoints",
      help: "Webhook endpoints by state: enabled, disabled, circuit_open (enabled, paused by the circuit breaker).",
      labelNames: ["state"] as const,
      registers,
    }),
    pool: new Gauge({
      name: "pic_database_pool_connections",
      help: "This instance's PostgreSQL pool connections (server databases only), by pool and state: total, idle, waiting (requests queued for one).",
      labelNames: ["pool", "state"] as const,
      registers,
    }),
    alerts: new Gauge({
      name: "pic_alerts_open",
      help: 'Alerts not resolved, by kind and state (open, acknowledged): docs/operations.md, "Alerts".',
      labelNames: ["kind", "state"] as const,
      registers,
    }),
    queryTime: new Gauge({
      name: "pic_metrics_database_query_seconds",
      help: "Time the last scrape's database statement took.",
      registers,
    }),
  };
}

type Gauges = ReturnType<typeof create>;
const g = globalThis as unknown as { __pic_scrape_gauges?: Gauges };

/** Reads the database and the pools into the gauges; called by GET /metrics before rendering. */
export async function refreshScrapeGauges(): Promise<void> {
  g.__pic_scrape_gauges ??= create();
  const gauges = g.__pic_scrape_gauges;
  const started = performance.now();
  const [row] = (await sql({ name: "metrics_gauges", text: GAUGES_SQL, values: [] })) as [GaugeRow];
  gauges.queryTime.set((performance.now() - started) / 1000);
  gauges.eventsPending.set(row.eventsPending);
  gauges.eventsOldest.set(Number(row.eventsOldest ?? 0));
  gauges.deliveriesPending.set(row.deliveriesPending);
  gauges.deliveriesOverdue.set(Number(row.deliveriesOverdue ?? 0));
  gauges.endpoints.set({ state: "enabled" }, row.endpointsEnabled);
  gauges.endpoints.set({ state: "disabled" }, row.endpointsDisabled);
  gauges.endpoints.set({ state: "circuit_open" }, row.endpointsCircuitOpen);
  await refreshAlertGauge(gauges.alerts);
  for (const { pool, use } of poolUses()) {
    gauges.pool.set({ pool, state: "total" }, use.total);
    gauges.pool.set({ pool, state: "idle" }, use.idle);
    gauges.pool.set({ pool, state: "waiting" }, use.waiting);
  }
}

// The alerts not resolved: a few rows (one per kind and subject at most), read through the
// partial unique index of open alerts. Every kind and state is set, 0 included, so a rule on the
// series sees it fall back.
const ALERTS_SQL = `SELECT kind, (acknowledged_at IS NOT NULL) AS acknowledged, count(*)::int AS n
  FROM alerts WHERE resolved_at IS NULL GROUP BY 1, 2`;

async function refreshAlertGauge(gauge: Gauges["alerts"]): Promise<void> {
  const rows = await sql({ name: "metrics_alerts", text: ALERTS_SQL, values: [] });
  for (const kind of ALERT_KINDS) for (const state of ["open", "acknowledged"]) gauge.set({ kind, state }, 0);
  for (const row of rows)
    gauge.set({ kind: row.kind as string, state: row.acknowledged ? "acknowledged" : "open" }, Number(row.n));
}
