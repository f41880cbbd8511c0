"use client";

// An endpoint's deliveries on the endpoints page: status and attempt count per delivery; a row
// opens its attempts (status, error class, duration, the response's first characters), and a
// finished delivery can be resent.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, TBody, Td, THead, Th, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useDeliveryDetail, useEndpointDeliveries, webhookKeys } from "@/components/webhooks/webhook-queries";
import type { DeliveryDto } from "@/lib/webhooks/delivery-dto";

function deliveryTone(status: string) {
  return status === "succeeded" ? "success" : status === "failed" ? "danger" : "warning";
}

/** An endpoint's latest deliveries; a row opens its attempts. */
export function EndpointDeliveries({ endpointId, canWrite }: { endpointId: string; canWrite: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  const query = useEndpointDeliveries(endpointId);
  const deliveries = query.data?.data ?? [];
  return (
    <section className="mt-6" aria-labelledby={`deliveries-${endpointId}`}>
      <h2 id={`deliveries-${endpointId}`} className="mb-2 text-base font-semibold">
        Deliveries
      </h2>
      {!query.isPending && deliveries.length === 0 ? (
        <p className="text-sm text-(--fg-muted)">No deliveries yet.</p>
      ) : (
        <DeliveryTable
          deliveries={deliveries}
          canWrite={canWrite}
          open={open}
          onToggle={(id) => setOpen(open === id ? null : id)}
        />
      )}
    </section>
  );
}

/** Deliveries with their status; a row opens its attempts (and the resend button). */
function DeliveryTable({
  deliveries,
  canWrite,
  open,
  onToggle,
}: {
  deliveries: DeliveryDto[];
  canWrite: boolean;
  open: string | null;
  onToggle: (id: string) => void;
}) {
  return (
    <DataTable caption="Deliveries" testId="deliveries-table">
      <THead>
        <Th>Webhook id</Th>
        <Th>Status</Th>
        <Th>Attempts</Th>
        <Th>Last attempt</Th>
        <Th className="text-right">
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {deliveries.map((d) => (
          <DeliveryRow key={d.id} delivery={d} canWrite={canWrite} open={open === d.id} onToggle={() => onToggle(d.id)} />
        ))}
      </TBody>
    </DataTable>
  );
}

function DeliveryRow({
  delivery,
  canWrite,
  open,
  onToggle,
}: {
  delivery: DeliveryDto;
  canWrite: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const detail = useDeliveryDetail(delivery.id, open);
  async function resend() {
    try {
      await submit(`/v1/webhook-deliveries/${delivery.id}/resend`, { method: "POST", body: {} });
      showToast({ title: "Delivery queued again", tone: "success" });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.delivery(delivery.id) });
    } catch (error) {
      showToast({
        title: "Not resent",
        description: error instanceof ApiRequestError ? error.message : undefined,
        tone: "danger",
      });
    }
  }
  return (
    <>
      <Tr data-testid="delivery-row">
        <Td className="font-mono text-xs">{delivery.webhookId}</Td>
        <Td>
          <Badge tone={deliveryTone(delivery.status)}>{delivery.status}</Badge>
        </Td>
        <Td>{delivery.attemptCount}</Td>
        <Td>{delivery.lastAttemptAt ? <DateTime iso={delivery.lastAttemptAt} /> : "—"}</Td>
        <Td className="text-right whitespace-nowrap">
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={onToggle}>
            Attempts
          </Button>
          {canWrite && delivery.status !== "pending" ? (
            <Button variant="ghost" size="sm" onClick={() => void resend()}>
              Resend
            </Button>
          ) : null}
        </Td>
      </Tr>
      {open ? (
        <Tr>
          <Td colSpan={5}>
            <ol className="space-y-1 text-sm" data-testid="attempts">
              {(detail.data?.attempts ?? []).map((a) => (
                <li key={a.id} data-testid="attempt">
                  <DateTime iso={a.startedAt} /> · {a.statusCode !== null ? `HTTP ${a.statusCode}` : "no response"} ·{" "}
                  {a.errorClass ?? "delivered"} · {a.durationMs} ms
                  {a.responseBody ? (
                    <span className="ml-2 font-mono text-xs text-(--fg-subtle)">{a.responseBody.slice(0, 200)}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          </Td>
        </Tr>
      ) : null}
    </>
  );
}
