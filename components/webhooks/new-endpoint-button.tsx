"use client";

// Registering a webhook endpoint: merchant, URL, description and event types; the answer holds the signing
// secret, which is shown this once with a copy button.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { MerchantPicker } from "@/components/merchants/merchant-picker";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useDialogAction } from "@/components/ui/use-dialog-action";
import { EventTypeChoice } from "@/components/webhooks/endpoint-event-types";
import { SecretShownOnce } from "@/components/webhooks/secret-shown-once";
import { webhookKeys } from "@/components/webhooks/webhook-queries";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";

/** "New endpoint": a dialog to register one, then its signing secret, shown once. */
export function NewEndpointButton({
  defaultMerchantId,
  fixedMerchant = false,
}: {
  defaultMerchantId?: string;
  /** A merchant's portal: its own merchant, no picker. */
  fixedMerchant?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [merchantId, setMerchantId] = useState<string | undefined>(defaultMerchantId);
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const { pending, error, setError, run } = useDialogAction();
  const [created, setCreated] = useState<WebhookEndpointDto | null>(null);
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const ids = { merchant: useId(), url: useId(), description: useId(), error: useId() };

  function close() {
    if (pending) return;
    setOpen(false);
    setCreated(null);
    setUrl("");
    setDescription("");
    setEventTypes([]);
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The portal's merchant may arrive with the session after the first render.
    const chosen = merchantId ?? defaultMerchantId;
    if (!chosen) return setError("Choose a merchant.");
    await run(
      async () => {
        const endpoint = await submit<WebhookEndpointDto>("/v1/webhook-endpoints", {
          method: "POST",
          body: { merchantId: chosen, url, description, eventTypes },
        });
        setCreated(endpoint);
        await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
      },
      (e) => {
        const field = e instanceof ApiRequestError ? e.fieldErrors?.[0] : undefined;
        return field ? `${field.field} ${field.message}` : e instanceof Error ? e.message : "The endpoint was not registered.";
      },
    );
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>New endpoint</Button>
      <ActionDialog
        open={open}
        onClose={close}
        title={created ? "Endpoint registered" : "New endpoint"}
        action={{ form: "new-endpoint-form", label: "Register endpoint", pendingLabel: "Registering…", pending }}
        result={
          created ? (
            <SecretShownOnce title="Copy the signing secret now" secret={created.secret} testId="endpoint-secret">
              It is shown this once. Receivers verify each delivery with it (Standard Webhooks).
            </SecretShownOnce>
          ) : null
        }
      >
        <form id="new-endpoint-form" className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          {fixedMerchant ? null : (
            <div className="space-y-1">
              <Label htmlFor={ids.merchant}>Merchant</Label>
              <MerchantPicker id={ids.merchant} value={merchantId} onChange={(m) => setMerchantId(m?.id)} />
            </div>
          )}
          <div className="space-y-1">
            <Label htmlFor={ids.url}>URL</Label>
            <Input
              id={ids.url}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://merchant.example/webhooks"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={ids.description}>Description</Label>
            <Input id={ids.description} value={description} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <EventTypeChoice value={eventTypes} onChange={setEventTypes} />
          {error ? (
            <p id={ids.error} role="alert" className="text-sm text-(--danger)">
              {error}
            </p>
          ) : null}
        </form>
      </ActionDialog>
    </>
  );
}
