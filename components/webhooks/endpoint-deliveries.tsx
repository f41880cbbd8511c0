"use client";

// An endpoint's deliveries on the endpoints page: the event (linked to its detail), the merchant
// (staff only, linked to its page), status and attempt count per delivery; a row opens its
// attempts (delivery-attempts.tsx); a finished delivery can be resent, and a pending one waiting
// for its next retry retried now.
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, TBody, Td, THead, Th, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { ACTIONS_HEADER } from "@/components/ui/list-card";
import { QueryLoadError } from "@/components/ui/load-error";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { DeliveryAttempts } from "@/components/webhooks/delivery-attempts";
import { useDeliveryDetail, useEndpointDeliveries, webhookKeys } from "@/components/webhooks/webhook-queries";
import type { DeliveryDto } from "@/lib/webhooks/delivery/delivery-dto";

function deliveryTone(status: string) {
  return status === "succeeded" ? "success" : status === "failed" ? "danger" : "warning";
}

/** An endpoint's latest deliveries; a row opens its attempts. */
export function EndpointDeliveries({ endpointId, canWrite, portal }: { endpointId: string; canWrite: boolean; portal: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  const query = useEndpointDeliveries(endpointId);
  const deliveries = query.data?.data ?? [];
  return (
    <section className="mt-6" aria-labelledby={`deliveries-${endpointId}`}>
      <h2 id={`deliveries-${endpointId}`} className="mb-2 text-base font-semibold">
        Deliveries
      </h2>
      {query.isError ? (
        <QueryLoadError query={query} what="deliveries" />
      ) : !query.isPending && deliveries.length === 0 ? (
        <p className="text-sm text-(--fg-muted)">No deliveries yet.</p>
      ) : (
        <DeliveryTable
          deliveries={deliveries}
          canWrite={canWrite}
          portal={portal}
          open={open}
          onToggle={(id) => setOpen(open === id ? null : id)}
        />
      )}
    </section>
  );
}

/** Deliveries with their status; a row opens its attempts (and the resend button). */
// On a phone: the delivery's event (and merchant), its status, attempts and last attempt; then its buttons.
const DELIVERY_COLUMNS = ["Webhook id", "Event", "Merchant", "Status", "Attempts", "Last attempt", ACTIONS_HEADER];
const DELIVERY_CARD = { title: "Event", lines: ["Attempts"], badge: "Status", time: "Last attempt", labelled: ["Attempts"] };
const DELIVERY_CARDS = { columns: DELIVERY_COLUMNS, card: { ...DELIVERY_CARD, lines: ["Merchant", "Attempts"] } };
const PORTAL_DELIVERY_CARDS = { columns: DELIVERY_COLUMNS.filter((c) => c !== "Merchant"), card: DELIVERY_CARD };

function DeliveryTable({
  deliveries,
  canWrite,
  portal,
  open,
  onToggle,
}: {
  deliveries: DeliveryDto[];
  canWrite: boolean;
  portal: boolean;
  open: string | null;
  onToggle: (id: string) => void;
}) {
  const cards = portal ? PORTAL_DELIVERY_CARDS : DELIVERY_CARDS;
  return (
    <DataTable caption="Deliveries" testId="deliveries-table" cards={cards}>
      <THead>
        {cards.columns.map((column) =>
          column === ACTIONS_HEADER ? (
            <Th key={column} className="text-right">
              <span className="sr-only">{column}</span>
            </Th>
          ) : (
            <Th key={column}>{column}</Th>
          ),
        )}
      </THead>
      <TBody>
        {deliveries.map((d) => (
          <DeliveryRow
            key={d.id}
            delivery={d}
            canWrite={canWrite}
            portal={portal}
            open={open === d.id}
            onToggle={() => onToggle(d.id)}
          />
        ))}
      </TBody>
    </DataTable>
  );
}

function DeliveryRow({
  delivery,
  canWrite,
  portal,
  open,
  onToggle,
}: {
  delivery: DeliveryDto;
  canWrite: boolean;
  portal: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const detail = useDeliveryDetail(delivery.id, open);
  // resend (a finished delivery) or retry-now (a pending one): both answer the delivery, due now.
  async function send(action: "resend" | "retry-now") {
    try {
      await submit(`/v1/webhook-deliveries/${delivery.id}/${action}`, { method: "POST", body: {} });
      showToast({ title: action === "resend" ? "Delivery queued again" : "Delivery due now", tone: "success" });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.delivery(delivery.id) });
    } catch (error) {
      showToast({
        title: action === "resend" ? "Not resent" : "Not retried",
        description: error instanceof ApiRequestError ? error.message : undefined,
        tone: "danger",
      });
    }
  }
  return (
    <>
      <Tr data-testid="delivery-row">
        <Td className="font-mono text-xs">{delivery.webhookId}</Td>
        <Td className="font-mono text-xs">
          <Link href={`/events/${delivery.eventId}`} className="text-(--accent-text) hover:underline">
            {delivery.eventId}
          </Link>
        </Td>
        {portal ? null : (
          <Td className="font-mono text-xs">
            <Link href={`/merchants/${delivery.merchantId}`} className="text-(--accent-text) hover:underline">
              {delivery.merchantId}
            </Link>
          </Td>
        )}
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
            <Button variant="ghost" size="sm" onClick={() => void send("resend")}>
              Resend
            </Button>
          ) : null}
          {canWrite && delivery.status === "pending" ? (
            <Button variant="ghost" size="sm" onClick={() => void send("retry-now")}>
              Retry now
            </Button>
          ) : null}
        </Td>
      </Tr>
      {open ? (
        <Tr>
          <Td colSpan={portal ? 6 : 7}>
            {detail.isError ? <QueryLoadError query={detail} what="attempts" /> : <DeliveryAttempts detail={detail.data} />}
          </Td>
        </Tr>
      ) : null}
    </>
  );
}
