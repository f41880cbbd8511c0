"use client";

// An endpoint's changes, from its row: Edit (URL, description, event types, rate limit, enabled,
// every merchant's alerts for admins), Rotate secret, Recover since a time, Delete (asked first).
// Each opens its dialog; one at a time.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EditEndpointDialog } from "@/components/webhooks/edit-endpoint-dialog";
import { EndpointConfirmDialog } from "@/components/webhooks/endpoint-confirm-dialog";
import { RecoverDialog } from "@/components/webhooks/recover-dialog";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";

type Open = "edit" | "rotate" | "recover" | "delete" | null;

export function EndpointActions({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen("edit")} aria-label={`Edit ${endpoint.url}`}>
        Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setOpen("rotate")} aria-label={`Rotate secret of ${endpoint.url}`}>
        Rotate secret
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen("recover")}
        aria-label={`Recover failed deliveries of ${endpoint.url}`}
      >
        Recover
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setOpen("delete")} aria-label={`Delete ${endpoint.url}`}>
        Delete
      </Button>
      {open === "edit" ? <EditEndpointDialog endpoint={endpoint} onClose={close} /> : null}
      {open === "recover" ? <RecoverDialog endpoint={endpoint} onClose={close} /> : null}
      {open === "rotate" || open === "delete" ? (
        <EndpointConfirmDialog endpoint={endpoint} question={open} onClose={close} />
      ) : null}
    </>
  );
}
