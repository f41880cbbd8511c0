// The process's Prometheus registry and the metrics the code updates as things happen
// (counters, histograms). Gauges read from the database are collected at scrape time
// (scrape-gauges.ts). Every instance has its own registry: counters count what this process did,
// and Prometheus sums them across instances (docs/operations.md, "Metrics").
// Cached on globalThis: route modules and the workers may load this module more than once (dev
// reloads, separate bundles), and there must be one registry per process.
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import { env } from "@/lib/env";
import { acquirerLabel, errorClassLabel, failureReasonLabel, statusLabel } from "@/lib/metrics/labels";

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "pic_" });
  // Gauges named *_total, which promtool's lint refuses (a _total suffix means a counter); the
  // same counts remain, by type, in pic_nodejs_active_handles/requests/resources.
  for (const name of ["active_handles_total", "active_requests_total", "active_resources_total"]) {
    registry.removeSingleMetric(`pic_nodejs_${name}`);
  }
  return {
    registry,
    eventsReceived: new Counter({
      name: "pic_events_received_total",
      help: "Payment notifications stored by this instance (created) or recognised as sent before (duplicate), by acquirer.",
      labelNames: ["acquirer", "result"] as const,
      registers: [registry],
    }),
    eventsDecided: new Counter({
      name: "pic_events_decided_total",
      help: "Decisions made by this instance (batch ingestion, worker, retries), by acquirer, status and failure reason.",
      labelNames: ["acquirer", "status", "failure_reason"] as const,
      registers: [registry],
    }),
    deliveryAttempts: new Counter({
      name: "pic_webhook_delivery_attempts_total",
      help: "Webhook delivery attempts recorded by this instance, by outcome and error class.",
      labelNames: ["outcome", "error_class"] as const,
      registers: [registry],
    }),
    deliveryLatency: new Histogram({
      name: "pic_webhook_delivery_latency_seconds",
      help: "From an event's processing (its delivery queued) to the attempt that delivered it.",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 36000],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "pic_http_request_duration_seconds",
      help: "API request durations by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

type Metrics = ReturnType<typeof create>;
const g = globalThis as unknown as { __pic_metrics?: Metrics };

// With /metrics off (no METRICS_TOKEN) nothing could read the counters: nothing is counted, and
// the registry (with its default collectors' event-loop monitor) is never made. The cost of
// metrics on is measured against this (docs/benchmarks.md, "Cost of metrics and tracing").
const counting = () => env().metricsToken !== undefined;

export function metrics(): Metrics {
  g.__pic_metrics ??= create();
  return g.__pic_metrics;
}

type Decision = { acquirerName?: unknown; status: unknown; failureReason?: unknown };

/**
 * Counts a decision statement's rows: grouped first, so one counter increment per label set
 * (a batch of 200 is a handful of increments, not 200).
 */
export function countDecisions(rows: readonly Decision[]): void {
  if (rows.length === 0 || !counting()) return;
  const groups = new Map<string, { labels: Record<"acquirer" | "status" | "failure_reason", string>; n: number }>();
  for (const row of rows) {
    const labels = {
      acquirer: acquirerLabel(row.acquirerName),
      status: statusLabel(row.status),
      failure_reason: failureReasonLabel(row.failureReason),
    };
    const key = `${labels.acquirer}|${labels.status}|${labels.failure_reason}`;
    const group = groups.get(key);
    if (group) group.n++;
    else groups.set(key, { labels, n: 1 });
  }
  for (const { labels, n } of groups.values()) metrics().eventsDecided.inc(labels, n);
}

type Received = { acquirerName: unknown; result: "created" | "duplicate" | "invalid" };

/** Counts notifications received (single or batch), one increment per label set. */
export function countReceived(rows: readonly Received[]): void {
  if (!counting()) return;
  const groups = new Map<string, { acquirer: string; result: string; n: number }>();
  for (const row of rows) {
    const acquirer = acquirerLabel(row.acquirerName);
    const key = `${acquirer}|${row.result}`;
    const group = groups.get(key);
    if (group) group.n++;
    else groups.set(key, { acquirer, result: row.result, n: 1 });
  }
  for (const { acquirer, result, n } of groups.values()) metrics().eventsReceived.inc({ acquirer, result }, n);
}

export function countDeliveryAttempt(attempt: { ok: boolean; errorClass: unknown; deliveredAfterSeconds?: unknown }): void {
  if (!counting()) return;
  const m = metrics();
  m.deliveryAttempts.inc({ outcome: attempt.ok ? "succeeded" : "failed", error_class: errorClassLabel(attempt.errorClass) });
  const latency = Number(attempt.deliveredAfterSeconds);
  if (attempt.ok && attempt.deliveredAfterSeconds != null && Number.isFinite(latency)) m.deliveryLatency.observe(latency);
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

/** One API request, from the route wrapper (lib/http/route.ts); route is its pattern (route-pattern.ts). */
export function observeRequest(request: { method: string; route: string; status: number; ms: number }): void {
  if (!counting()) return;
  metrics().httpDuration.observe(
    { method: METHODS.has(request.method) ? request.method : "other", route: request.route, status: String(request.status) },
    request.ms / 1000,
  );
}
