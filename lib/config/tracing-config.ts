// Which standard OpenTelemetry variables turn tracing on, read by lib/env.ts. Tracing is on when
// an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT, or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT for
// traces alone), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none. Only the
// http/protobuf protocol is installed: asking for another is a configuration error rather than
// spans silently sent in a format the collector does not expect.
import { z } from "zod";

const SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

const url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL, e.g. http://collector:4318" }).optional();
const protocol = z.enum(["http/protobuf"], { error: "only http/protobuf is supported (grpc and http/json are not installed)" });

export const tracingSchema = {
  OTEL_EXPORTER_OTLP_ENDPOINT: url,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url,
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol.optional(),
  OTEL_SDK_DISABLED: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  OTEL_TRACES_EXPORTER: z.enum(["otlp", "none"], { error: "must be otlp or none" }).default("otlp"),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS, { error: `must be one of ${SAMPLERS.join(", ")}` }).default("parentbased_always_on"),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number()
    .min(0, "must be a ratio from 0 to 1")
    .max(1, "must be a ratio from 0 to 1")
    .default(1),
};

type TracingRaw = z.infer<z.ZodObject<typeof tracingSchema>>;

export type TracingConfig = { sampler: { name: (typeof SAMPLERS)[number]; ratio: number } };

/** The tracing configuration, or null when tracing is off. */
export function tracingConfig(raw: TracingRaw): TracingConfig | null {
  const endpoint = raw.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? raw.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || raw.OTEL_SDK_DISABLED === "true" || raw.OTEL_TRACES_EXPORTER === "none") return null;
  return { sampler: { name: raw.OTEL_TRACES_SAMPLER, ratio: raw.OTEL_TRACES_SAMPLER_ARG } };
}
