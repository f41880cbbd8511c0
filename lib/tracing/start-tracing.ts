// Turns tracing on: the OpenTelemetry SDK, loaded only here and only when tracing is configured
// (instrumentation.ts imports this file dynamically), so a server without OTEL_EXPORTER_OTLP_*
// never loads it. Spans go in batches to the OTLP endpoint over http/protobuf; the exporter
// reads its own standard variables (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION,
// _CERTIFICATE...), the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES. Next.js's own
// spans (the HTTP server span of each request) join the same provider.
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { TracingConfig } from "@/lib/config/tracing-config";
import { setTracingOn } from "@/lib/tracing/trace";

function samplerOf(config: TracingConfig["sampler"]): Sampler {
  const root = config.name.endsWith("always_off")
    ? new AlwaysOffSampler()
    : config.name.endsWith("traceidratio")
      ? new TraceIdRatioBasedSampler(config.ratio)
      : new AlwaysOnSampler();
  return config.name.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}

export type TracingHandle = { flush: () => Promise<void>; shutdown: () => Promise<void> };

/**
 * Registers the tracer provider, the AsyncLocalStorage context manager and the W3C trace context
 * propagator. `processor`: where spans go (tests give a SimpleSpanProcessor over an
 * InMemorySpanExporter); by default batches to the configured OTLP endpoint.
 */
export function startTracing(config: TracingConfig, processor?: SpanProcessor): TracingHandle {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": "payment-integrations-console" }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerOf(config.sampler),
    spanProcessors: [processor ?? new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  setTracingOn(true);
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      setTracingOn(false);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
