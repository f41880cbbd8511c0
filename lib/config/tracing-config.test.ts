import { describe, expect, it } from "vitest";
import { buildEnv, ConfigurationError } from "@/lib/env";

// The embedded database needs no secrets: buildEnv of these alone is a valid configuration.
const tracing = (vars: Record<string, string>) => buildEnv({ DATABASE_URL: "memory://", ...vars }).tracing;

describe("tracing configuration (standard OTEL_* variables)", () => {
  it("is off without an OTLP endpoint", () => {
    expect(tracing({})).toBeNull();
    expect(tracing({ OTEL_SERVICE_NAME: "console" })).toBeNull();
  });

  it("is on with an endpoint, for all signals or for traces alone, parent-based and always on by default", () => {
    const on = { sampler: { name: "parentbased_always_on", ratio: 1 } };
    expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toEqual(on);
    expect(tracing({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://collector/v1/traces" })).toEqual(on);
  });

  it("stays off when the SDK or the traces exporter is disabled", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(tracing({ ...endpoint, OTEL_SDK_DISABLED: "true" })).toBeNull();
    expect(tracing({ ...endpoint, OTEL_TRACES_EXPORTER: "none" })).toBeNull();
  });

  it("reads the sampler and its ratio", () => {
    expect(
      tracing({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.25",
      }),
    ).toEqual({ sampler: { name: "parentbased_traceidratio", ratio: 0.25 } });
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }, "OTEL_EXPORTER_OTLP_ENDPOINT"],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }, "OTEL_EXPORTER_OTLP_PROTOCOL: only http/protobuf"],
    [{ OTEL_TRACES_SAMPLER: "sometimes" }, "OTEL_TRACES_SAMPLER"],
    [{ OTEL_TRACES_SAMPLER_ARG: "2" }, "OTEL_TRACES_SAMPLER_ARG"],
  ])("refuses %o naming the variable", (vars, message) => {
    expect(() => tracing(vars)).toThrow(ConfigurationError);
    expect(() => tracing(vars)).toThrow(message);
  });
});
