-- Issue 24, traces: the W3C traceparent of the request that sent a notification, kept on its
-- event and on each of its webhook deliveries (the outbox), so that processing and every
-- delivery attempt join the notification's trace (lib/tracing/trace.ts). Null when tracing is
-- off. Added to the partitioned parents, so every month partition, present and future, has it;
-- a nullable column without a default is a catalog change only (no table rewrite).
ALTER TABLE "events" ADD COLUMN "trace_parent" VARCHAR(55);
ALTER TABLE "webhook_deliveries" ADD COLUMN "trace_parent" VARCHAR(55);
