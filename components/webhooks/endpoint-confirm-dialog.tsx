"use client";

// The two changes an endpoint's row asks about first. "Rotate secret": receivers must switch to
// the new secret, shown this once; the previous one keeps signing beside it until
// previousSecretExpiresAt. "Delete": its deliveries and their attempts go with it, and disabling
// is offered as the way to keep the history.
import { useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog, type Outcome } from "@/components/ui/confirm-dialog";
import { DateTime } from "@/components/ui/date-time";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { SecretShownOnce } from "@/components/webhooks/secret-shown-once";
import { webhookKeys } from "@/components/webhooks/webhook-queries";
import type { DeletedWebhookEndpoint } from "@/lib/webhooks/endpoints/delete-webhook-endpoint";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";

export type EndpointQuestion = "rotate" | "delete";

const COPY: Record<EndpointQuestion, { title: string; confirm: string; pending: string; failure: string }> = {
  rotate: {
    title: "Rotate the signing secret?",
    confirm: "Rotate secret",
    pending: "Rotating…",
    failure: "The secret was not rotated.",
  },
  delete: {
    title: "Delete this endpoint?",
    confirm: "Delete endpoint",
    pending: "Deleting…",
    failure: "The endpoint was not deleted.",
  },
};

const QUESTIONS: Record<EndpointQuestion, string> = {
  rotate: "A new secret signs every delivery from now on; the current one keeps signing beside it for a while.",
  delete:
    "Nothing is sent to it again, and its deliveries and their attempts are deleted with it. To stop sending but keep the history, disable it instead (Edit).",
};

export function EndpointConfirmDialog({
  endpoint,
  question,
  onClose,
}: {
  endpoint: WebhookEndpointDto;
  question: EndpointQuestion;
  onClose: () => void;
}) {
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const path = `/v1/webhook-endpoints/${endpoint.id}`;

  /** The new secret is the outcome: shown once, under the endpoint's URL still. */
  async function rotate(): Promise<Outcome> {
    const rotated = await submit<WebhookEndpointDto>(`${path}/rotate-secret`, { method: "POST", body: {} });
    await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
    return { title: "New signing secret", description: endpoint.url, body: <NewSecret rotated={rotated} /> };
  }

  /** Said by a toast: the dialog closes. */
  async function remove(): Promise<undefined> {
    const deleted = await submit<DeletedWebhookEndpoint>(path, { method: "DELETE" });
    await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
    await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries });
    showToast({
      title: "Endpoint deleted",
      description: `${deleted.deliveries} deliver${deleted.deliveries === 1 ? "y" : "ies"} went with it.`,
      tone: "success",
    });
    return undefined;
  }

  const copy = COPY[question];
  return (
    <ConfirmDialog
      onClose={onClose}
      size="md"
      title={copy.title}
      description={endpoint.url}
      confirm={{
        run: question === "rotate" ? rotate : remove,
        failure: copy.failure,
        label: copy.confirm,
        pendingLabel: copy.pending,
      }}
    >
      <p className="text-sm">{QUESTIONS[question]}</p>
    </ConfirmDialog>
  );
}

function NewSecret({ rotated }: { rotated: WebhookEndpointDto }) {
  return (
    <SecretShownOnce title="Copy the new secret now" secret={rotated.secret} testId="rotated-secret">
      It is shown this once.{" "}
      {rotated.previousSecretExpiresAt ? (
        <>
          Until <DateTime iso={rotated.previousSecretExpiresAt} /> deliveries are signed with both secrets: switch your receiver
          before then.
        </>
      ) : null}
    </SecretShownOnce>
  );
}
