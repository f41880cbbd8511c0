// The circuit breaker's judgement of an attempt just recorded (record-attempt.ts): a probe's
// outcome settles the circuit; WEBHOOK_CIRCUIT_THRESHOLD stalls in a row open it
// (endpoint-circuit.ts says what opening and settling do).
import "server-only";
import { env } from "@/lib/env";
import type { SentAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-deliveries";
import { openCircuit, settleProbe, stalled } from "@/lib/webhooks/delivery/endpoint-circuit";

/** The endpoint's state after the attempt was recorded. */
type EndpointAfterAttempt = { circuitOpen?: unknown; consecutiveStalls?: unknown } | undefined;

export async function judgeCircuit(
  delivery: Pick<ClaimedDelivery, "endpointId"> & Partial<Pick<ClaimedDelivery, "probe" | "circuitFailedProbes">>,
  outcome: Pick<SentAttempt, "errorClass" | "statusCode">,
  endpoint: EndpointAfterAttempt,
): Promise<void> {
  if (delivery.probe) await settleProbe(delivery.endpointId, outcome.statusCode !== null, delivery.circuitFailedProbes ?? 0);
  else if (
    stalled(outcome.errorClass) &&
    !endpoint?.circuitOpen &&
    Number(endpoint?.consecutiveStalls ?? 0) >= env().webhooks.circuit.threshold
  )
    await openCircuit(delivery.endpointId);
}
