"use client";

// "Rotate secret": asks first (receivers must switch to the new secret), then shows the new
// secret this once. The previous one keeps signing beside it until previousSecretExpiresAt.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { DateTime } from "@/components/ui/date-time";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useDialogAction } from "@/components/ui/use-dialog-action";
import { SecretShownOnce } from "@/components/webhooks/secret-shown-once";
import { webhookKeys } from "@/components/webhooks/webhook-queries";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";

export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const [rotated, setRotated] = useState<WebhookEndpointDto | null>(null);
  const { pending, error, run } = useDialogAction();
  const submit = useApiSubmit();
  const queryClient = useQueryClient();

  const rotate = () =>
    run(async () => {
      setRotated(
        await submit<WebhookEndpointDto>(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: "POST", body: {} }),
      );
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
    }, "The secret was not rotated.");

  return (
    <ActionDialog
      onClose={onClose}
      title={rotated ? "New signing secret" : "Rotate the signing secret?"}
      description={endpoint.url}
      action={{
        holdCancel: true,
        onAction: () => void rotate(),
        label: "Rotate secret",
        pendingLabel: "Rotating…",
        pending,
        done: rotated ? { label: "Done", onClick: onClose } : null,
      }}
    >
      {rotated ? (
        <SecretShownOnce title="Copy the new secret now" secret={rotated.secret} testId="rotated-secret">
          It is shown this once.{" "}
          {rotated.previousSecretExpiresAt ? (
            <>
              Until <DateTime iso={rotated.previousSecretExpiresAt} /> deliveries are signed with both secrets: switch your
              receiver before then.
            </>
          ) : null}
        </SecretShownOnce>
      ) : (
        <div className="space-y-3 text-sm">
          <p>A new secret signs every delivery from now on; the current one keeps signing beside it for a while.</p>
          {error ? <Alert tone="danger">{error}</Alert> : null}
        </div>
      )}
    </ActionDialog>
  );
}
