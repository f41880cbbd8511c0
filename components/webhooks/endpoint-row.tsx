"use client";

// One endpoint in the endpoints table: its URL, state and health over 24 h, and its actions.
// "Send test" shows the receiver's answer inline, under the URL. In a merchant's portal there is
// no merchant column (every endpoint is its own); for staff the merchant links to its page.
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { EndpointActions } from "@/components/webhooks/endpoint-actions";
import { EndpointEventTypes } from "@/components/webhooks/endpoint-event-types";
import type { TestWebhookResult } from "@/lib/webhooks/egress/send-test-webhook";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";

const percent = (v: number | null) => (v === null ? "—" : `${Math.round(v * 1000) / 10}%`);
const DAY_MS = 86_400_000;

/** The success column: "99.5% of 200", or in words when there was no attempt in the 24 hours ("— of 0" said nothing). */
function successText(health: NonNullable<WebhookEndpointDto["health"]>, createdAt: string): string {
  if (health.attempts24h > 0) return `${percent(health.successRate24h)} of ${health.attempts24h}`;
  const young = Date.now() - Date.parse(createdAt) < DAY_MS;
  return young && !health.lastError ? "No deliveries yet" : "No deliveries in 24 h";
}

type TestState = TestWebhookResult | "sending" | "error" | undefined;

export function EndpointRow({
  endpoint,
  merchantName,
  hideMerchant,
  canWrite,
  deliveriesOpen,
  onToggleDeliveries,
}: {
  endpoint: WebhookEndpointDto;
  merchantName: string | undefined;
  /** No merchant column: a merchant's portal, or the merchant's own page. */
  hideMerchant: boolean;
  canWrite: boolean;
  deliveriesOpen: boolean;
  onToggleDeliveries: () => void;
}) {
  const [test, setTest] = useState<TestState>(undefined);
  const submit = useApiSubmit();
  const health = endpoint.health;

  async function sendTest() {
    setTest("sending");
    try {
      setTest(await submit<TestWebhookResult>(`/v1/webhook-endpoints/${endpoint.id}/test`, { method: "POST", body: {} }));
    } catch {
      setTest("error");
    }
  }

  return (
    <Tr data-testid="endpoint-row">
      <Td>
        <p className="font-mono text-[13px] break-all">{endpoint.url}</p>
        <p className="text-xs text-(--fg-subtle)">{endpoint.description}</p>
        <EndpointEventTypes types={endpoint.eventTypes} />
        {endpoint.enabled ? null : (
          // A long reason wraps on a phone's card rather than running past its edge.
          <Badge tone="danger" className="max-md:rounded-md max-md:whitespace-normal">
            Disabled{endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ""}
          </Badge>
        )}
        {endpoint.allAlerts ? <Badge>Every merchant's alerts</Badge> : null}
        {health?.circuit.state === "open" ? (
          <p className="mt-1 text-xs text-(--fg-muted)" data-testid="circuit-open">
            <Badge tone="warning">Paused: not answering</Badge> after {health.circuit.consecutiveStalls} timeouts in a row;
            deliveries wait.
            {health.circuit.nextProbeAt ? (
              <>
                {" "}
                Next probe <DateTime iso={health.circuit.nextProbeAt} />
              </>
            ) : null}
          </p>
        ) : null}
        {test && test !== "sending" ? <TestResult test={test} /> : null}
      </Td>
      {hideMerchant ? null : (
        <Td>
          <Link href={`/merchants/${endpoint.merchantId}`} className="text-(--accent-text) hover:underline">
            {merchantName ?? endpoint.merchantId}
          </Link>
        </Td>
      )}
      <Td className={health?.attempts24h === 0 ? "text-(--fg-muted)" : undefined}>
        {health ? successText(health, endpoint.createdAt) : "—"}
      </Td>
      <Td>{health?.p50LatencyMs24h != null ? `${Math.round(health.p50LatencyMs24h)} ms` : "—"}</Td>
      <Td>
        {health?.lastError ? (
          <span>
            {health.lastError.errorClass}
            {health.lastError.statusCode ? ` (${health.lastError.statusCode})` : ""} <DateTime iso={health.lastError.at} />
          </span>
        ) : (
          "—"
        )}
      </Td>
      <Td>{health?.nextRetryAt ? <DateTime iso={health.nextRetryAt} /> : "—"}</Td>
      <Td className="text-right whitespace-nowrap">
        <div className="flex flex-wrap justify-end gap-1">
          {canWrite ? <EndpointActions endpoint={endpoint} /> : null}
          {canWrite ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={test === "sending"}
              onClick={() => void sendTest()}
              aria-label={`Send test event to ${endpoint.url}`}
            >
              {test === "sending" ? "Sending…" : "Send test"}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={deliveriesOpen}
            onClick={onToggleDeliveries}
            aria-label={`Deliveries of ${endpoint.url}`}
          >
            Deliveries
          </Button>
        </div>
      </Td>
    </Tr>
  );
}

function TestResult({ test }: { test: TestWebhookResult | "error" }) {
  return (
    <div className="mt-2" data-testid="test-result">
      {test === "error" ? (
        <Alert tone="danger">The test could not be sent.</Alert>
      ) : (
        <Alert tone={test.ok ? "info" : "danger"} title={test.ok ? "Test delivered" : "Test failed"}>
          {test.statusCode !== null ? `HTTP ${test.statusCode}` : test.errorClass} in {test.durationMs} ms
          {test.responseBody ? (
            <pre className="mt-1 max-h-24 overflow-auto font-mono text-xs whitespace-pre-wrap">{test.responseBody}</pre>
          ) : null}
        </Alert>
      )}
    </div>
  );
}
