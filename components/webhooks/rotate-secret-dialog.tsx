"use client";

// "Rotate secret": asks first (receivers must switch to the new secret), then shows the new
// secret this once. The previous one keeps signing beside it until previousSecretExpiresAt.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { webhookKeys } from "@/components/webhooks/webhook-queries";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoint-dto";

export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const [rotated, setRotated] = useState<WebhookEndpointDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = useApiSubmit();
  const queryClient = useQueryClient();

  async function rotate() {
    setPending(true);
    setError(null);
    try {
      setRotated(
        await submit<WebhookEndpointDto>(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: "POST", body: {} }),
      );
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : "The secret was not rotated.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open
      onClose={() => (pending ? undefined : onClose())}
      title={rotated ? "New signing secret" : "Rotate the signing secret?"}
      description={endpoint.url}
      footer={
        <DialogActions
          onCancel={onClose}
          holdCancel
          onAction={() => void rotate()}
          label="Rotate secret"
          pendingLabel="Rotating…"
          pending={pending}
          done={rotated ? { label: "Done", onClick: onClose } : null}
        />
      }
    >
      {rotated ? (
        <div className="space-y-3">
          <Alert tone="info" title="Copy the new secret now">
            It is shown this once.{" "}
            {rotated.previousSecretExpiresAt ? (
              <>
                Until <DateTime iso={rotated.previousSecretExpiresAt} /> deliveries are signed with both secrets: switch your
                receiver before then.
              </>
            ) : null}
          </Alert>
          <div className="flex items-center gap-2">
            <code className="rounded bg-(--surface-muted) px-2 py-1 font-mono text-xs break-all" data-testid="rotated-secret">
              {rotated.secret}
            </code>
            <CopyButton value={rotated.secret} label="Copy secret" />
          </div>
        </div>
      ) : (
        <div className="space-y-3 text-sm">
          <p>A new secret signs every delivery from now on; the current one keeps signing beside it for a while.</p>
          {error ? <Alert tone="danger">{error}</Alert> : null}
        </div>
      )}
    </Dialog>
  );
}
