"use client";

// "Edit" on an endpoint: URL, description, event types, rate limit, enabled, and for admins
// every merchant's alerts (an operations sink; others see the setting, greyed). A disabled
// endpoint says why (the worker disables one after failing for days, or someone did); enabling it
// again clears the reason. Only the changed fields are sent.
import { useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { fieldMessage } from "@/components/ui/field-error";
import { TextField } from "@/components/ui/text-field";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { EventTypeChoice } from "@/components/webhooks/endpoint-event-types";
import { type EndpointFormValues, endpointChanges, endpointFormValues } from "@/components/webhooks/endpoint-form-values";
import { webhookKeys } from "@/components/webhooks/webhook-queries";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";

const LABELS: Record<string, string> = {
  url: "URL",
  description: "Description",
  eventTypes: "Event types",
  rateLimit: "Rate limit",
  enabled: "Enabled",
  allAlerts: "Every merchant's alerts",
};

export function EditEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const [values, setValues] = useState<EndpointFormValues>(() => endpointFormValues(endpoint));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const admin = session?.user.role === "admin";
  const ids = {
    url: useId(),
    description: useId(),
    rateLimit: useId(),
    enabled: useId(),
    allAlerts: useId(),
    allAlertsHint: useId(),
  };
  const set = (patch: Partial<EndpointFormValues>) => setValues((v) => ({ ...v, ...patch }));
  /** A text input of the form: its label, its value, its error. */
  const textField = (field: "url" | "description" | "rateLimit") => ({
    id: ids[field],
    label: LABELS[field]!,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [field]: e.target.value }),
    error: errors[field],
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = endpointChanges(endpoint, values);
    if (Object.keys(changes).length === 0) return onClose();
    setPending(true);
    setErrors({});
    try {
      await submit(`/v1/webhook-endpoints/${endpoint.id}`, { method: "PATCH", body: changes });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
      showToast({ title: "Endpoint saved", tone: "success" });
      onClose();
    } catch (e) {
      const fields = e instanceof ApiRequestError ? (e.fieldErrors ?? []) : [];
      const named = Object.fromEntries(fields.map((f) => [f.field, fieldMessage(LABELS[f.field] ?? f.field, f.message)]));
      setErrors(fields.length > 0 ? named : { form: e instanceof Error ? e.message : "The endpoint was not saved." });
    } finally {
      setPending(false);
    }
  }

  return (
    <ActionDialog
      onClose={onClose}
      title="Edit endpoint"
      description={endpoint.url}
      action={{ holdCancel: true, form: "edit-endpoint-form", label: "Save", pendingLabel: "Saving…", pending }}
    >
      <form id="edit-endpoint-form" className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        {!endpoint.enabled ? (
          <Alert tone="info" title="This endpoint is disabled">
            {endpoint.disabledReason ?? "Disabled by hand."} Enabling it again sends what is due.
          </Alert>
        ) : null}
        <TextField {...textField("url")} />
        <TextField {...textField("description")} />
        <EventTypeChoice
          value={values.eventTypes}
          stored={endpoint.eventTypes}
          onChange={(eventTypes) => set({ eventTypes })}
          error={errors.eventTypes}
        />
        <TextField
          {...textField("rateLimit")}
          inputMode="numeric"
          hint="Deliveries per second at most (1 to 10000). Empty: no limit."
        />
        <label htmlFor={ids.enabled} className="flex items-center gap-2 text-sm">
          <input id={ids.enabled} type="checkbox" checked={values.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          Enabled
        </label>
        {admin || endpoint.allAlerts ? (
          <div>
            <label htmlFor={ids.allAlerts} className="flex items-center gap-2 text-sm">
              <input
                id={ids.allAlerts}
                type="checkbox"
                checked={values.allAlerts}
                disabled={!admin}
                aria-describedby={ids.allAlertsHint}
                onChange={(e) => set({ allAlerts: e.target.checked })}
              />
              Every merchant's alerts
            </label>
            <p id={ids.allAlertsHint} className="mt-1 text-xs text-(--fg-muted)">
              {admin
                ? "Sends this URL every merchant's alerts (of its alert.* event types), not only this merchant's: for your own operations receiver, never a merchant's."
                : "Receives every merchant's alerts. Only an administrator can change this."}
            </p>
            {errors.allAlerts ? (
              <p role="alert" className="text-sm text-(--danger)">
                {errors.allAlerts}
              </p>
            ) : null}
          </div>
        ) : null}
        {errors.form ? (
          <p role="alert" className="text-sm text-(--danger)">
            {errors.form}
          </p>
        ) : null}
      </form>
    </ActionDialog>
  );
}
