"use client";

// "Delete" on an endpoint: asks first, naming what goes with it (its deliveries and their
// attempts), and offers disabling as the way to keep the history.
import { useQueryClient } from "@tanstack/react-query";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useDialogAction } from "@/components/ui/use-dialog-action";
import { webhookKeys } from "@/components/webhooks/webhook-queries";
import type { DeletedWebhookEndpoint } from "@/lib/webhooks/endpoints/delete-webhook-endpoint";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";

export function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const { pending, error, run } = useDialogAction();
  const submit = useApiSubmit();
  const queryClient = useQueryClient();

  const remove = () =>
    run(async () => {
      const deleted = await submit<DeletedWebhookEndpoint>(`/v1/webhook-endpoints/${endpoint.id}`, { method: "DELETE" });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries });
      showToast({
        title: "Endpoint deleted",
        description: `${deleted.deliveries} deliver${deleted.deliveries === 1 ? "y" : "ies"} went with it.`,
        tone: "success",
      });
      onClose();
    }, "The endpoint was not deleted.");

  return (
    <ActionDialog
      onClose={onClose}
      title="Delete this endpoint?"
      description={endpoint.url}
      action={{ holdCancel: true, onAction: () => void remove(), label: "Delete endpoint", pendingLabel: "Deleting…", pending }}
    >
      <div className="space-y-3 text-sm">
        <p>
          Nothing is sent to it again, and its deliveries and their attempts are deleted with it. To stop sending but keep the
          history, disable it instead (Edit).
        </p>
        {error ? <Alert tone="danger">{error}</Alert> : null}
      </div>
    </ActionDialog>
  );
}
