"use client";

// Registering a webhook endpoint: merchant, URL and description; the answer holds the signing
// secret, which is shown this once with a copy button.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { MerchantPicker } from "@/components/merchants/merchant-picker";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { webhookKeys } from "@/components/webhooks/webhook-queries";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoint-dto";

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
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
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
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The portal's merchant may arrive with the session after the first render.
    const chosen = merchantId ?? defaultMerchantId;
    if (!chosen) return setError("Choose a merchant.");
    setPending(true);
    setError(null);
    try {
      const endpoint = await submit<WebhookEndpointDto>("/v1/webhook-endpoints", {
        method: "POST",
        body: { merchantId: chosen, url, description },
      });
      setCreated(endpoint);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
    } catch (e) {
      const field = e instanceof ApiRequestError ? e.fieldErrors?.[0] : undefined;
      setError(field ? `${field.field} ${field.message}` : e instanceof Error ? e.message : "The endpoint was not registered.");
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>New endpoint</Button>
      <Dialog
        open={open}
        onClose={close}
        title={created ? "Endpoint registered" : "New endpoint"}
        footer={
          <DialogActions
            onCancel={close}
            form="new-endpoint-form"
            label="Register endpoint"
            pendingLabel="Registering…"
            pending={pending}
            done={created ? { label: "Done", onClick: close } : null}
          />
        }
      >
        {created ? (
          <div className="space-y-3">
            <Alert tone="info" title="Copy the signing secret now">
              It is shown this once. Receivers verify each delivery with it (Standard Webhooks).
            </Alert>
            <div className="flex items-center gap-2">
              <code className="rounded bg-(--surface-muted) px-2 py-1 font-mono text-xs break-all" data-testid="endpoint-secret">
                {created.secret}
              </code>
              <CopyButton value={created.secret} label="Copy secret" />
            </div>
          </div>
        ) : (
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
            {error ? (
              <p id={ids.error} role="alert" className="text-sm text-(--danger)">
                {error}
              </p>
            ) : null}
          </form>
        )}
      </Dialog>
    </>
  );
}
