"use client";

// Edit a credential: its status at the acquirer, test or live mode, the identifiers (fix a TID),
// a secret replaced (rotation), additional data. Sent as one PATCH with only what changed;
// changes that alter matching or go live are listed for a second, explicit confirmation. The
// API's refusals land under their fields.
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { AdditionalDataEditor, parseJsonObject } from "@/components/credentials/additional-data-editor";
import { type CredentialOriginal, credentialPatch, dangerousChanges } from "@/components/credentials/credential-changes";
import { STATUS_CHOICES } from "@/components/credentials/credential-display";
import { credentialKeys } from "@/components/credentials/credential-queries";
import { typedValueErrors } from "@/components/credentials/new-credential-checks";
import { ProviderFieldInputs } from "@/components/credentials/provider-field-inputs";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { type Choices, SelectField } from "@/components/ui/select-field";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { CredentialDto } from "@/lib/credentials/credential-dto";
import type { CredentialStatus, UpdateCredentialInput } from "@/lib/credentials/schemas";
import type { ProviderDto } from "@/lib/providers/list-providers";

const MODE_CHOICES: Choices<"test" | "live"> = {
  options: ["test", "live"],
  labels: { test: "Test", live: "Live" },
  hint: (mode) => (mode === "test" ? "The acquirer's sandbox: no real money moves." : "Real transactions, real money."),
};

export type EditTarget = { credential: CredentialDto; provider: ProviderDto; merchantName: string };

type Errors = Record<string, string | undefined>;

function originalOf(credential: CredentialDto): CredentialOriginal {
  return {
    status: credential.status,
    testMode: credential.testMode,
    authenticationData: credential.authenticationData ?? {},
    additionalData: (credential.additionalData ?? {}) as Record<string, unknown>,
  };
}

function EditForm({ target, onDone }: { target: EditTarget; onDone: () => void }) {
  const { credential, provider } = target;
  const ids = { status: useId(), mode: useId(), additional: useId() };
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const original = originalOf(credential);
  const [status, setStatus] = useState<CredentialStatus>(credential.status);
  const [testMode, setTestMode] = useState(credential.testMode);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      provider.authenticationFields.map((f) => [f.name, f.secret ? "" : (original.authenticationData[f.name] ?? "")]),
    ),
  );
  const [additionalText, setAdditionalText] = useState(() => JSON.stringify(original.additionalData, null, 2));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ patch: UpdateCredentialInput; changes: string[] } | null>(null);
  const [pending, setPending] = useState(false);

  async function send(patch: UpdateCredentialInput) {
    setPending(true);
    setFormError(null);
    try {
      await submit<CredentialDto>(`/v1/credentials/${credential.id}`, { method: "PATCH", body: patch });
      await queryClient.invalidateQueries({ queryKey: credentialKeys.all });
      showToast({ title: "Credential saved", description: `${provider.displayName} · ${target.merchantName}` });
      onDone();
    } catch (error) {
      setConfirming(null);
      if (error instanceof ApiRequestError) {
        const next: Errors = {};
        for (const e of error.fieldErrors) next[e.field] ??= e.message;
        setErrors(next);
        setFormError(
          error.status === 409 ? `Another enabled credential holds these identifiers. ${error.message}` : error.message,
        );
      } else setFormError("The service did not answer. The credential is unchanged; try again.");
    } finally {
      setPending(false);
    }
  }

  function save() {
    // Typed values (a new secret, a fixed TID) are checked in words before any confirmation.
    const typed = typedValueErrors(provider, values);
    if (typed) return setErrors(typed);
    const additional = parseJsonObject(additionalText);
    if (!additional.ok) {
      setErrors({ additionalData: additional.message });
      return;
    }
    const patch = credentialPatch(provider.authenticationFields, original, {
      status,
      testMode,
      values,
      additionalData: additional.value,
    });
    if (!patch) {
      setFormError("Nothing changed.");
      return;
    }
    const changes = dangerousChanges(provider.authenticationFields, original, patch);
    if (changes.length > 0) setConfirming({ patch, changes });
    else void send(patch);
  }

  const additionalErrors = Object.entries(errors)
    .filter(([k, v]) => v && k.startsWith("additionalData"))
    .map(([k, v]) => (k === "additionalData" ? v : `${k.slice("additionalData.".length)} ${v}`));

  if (confirming)
    return (
      <div className="space-y-4" data-testid="confirm-credential-changes">
        <p className="text-sm">Please confirm these changes:</p>
        <ul className="list-disc space-y-1.5 pl-5 text-sm">
          {confirming.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={pending}>
            Back
          </Button>
          <Button onClick={() => void send(confirming.patch)} disabled={pending} data-autofocus>
            {pending ? "Saving…" : "Confirm and save"}
          </Button>
        </div>
      </div>
    );

  return (
    <form
      className="space-y-5"
      noValidate
      aria-label="Edit credential"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      {formError ? <Alert title="Not saved.">{formError}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id={ids.status}
          label="Status at the acquirer"
          value={status}
          choices={STATUS_CHOICES}
          onChange={setStatus}
        />
        <SelectField
          id={ids.mode}
          label="Mode"
          value={testMode ? "test" : "live"}
          choices={MODE_CHOICES}
          onChange={(mode) => setTestMode(mode === "test")}
        />
      </div>
      <ProviderFieldInputs
        fields={provider.authenticationFields}
        values={values}
        errors={errors}
        editing
        onChange={(name, value) => {
          setValues((prev) => ({ ...prev, [name]: value }));
          setErrors((prev) => ({ ...prev, [`authenticationData.${name}`]: undefined }));
        }}
        onBlur={() => {}}
      />
      <AdditionalDataEditor
        id={ids.additional}
        value={additionalText}
        onChange={(text) => {
          setAdditionalText(text);
          setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith("additionalData"))));
        }}
        fields={provider.additionalDataFields}
        providerName={provider.displayName}
        error={additionalErrors.length > 0 ? additionalErrors.join(" ") : undefined}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

export function EditCredentialDialog({ target, onClose }: { target: EditTarget | null; onClose: () => void }) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      size="lg"
      testId="edit-credential-dialog"
      title="Edit credential"
      description={target ? `${target.provider.displayName} · ${target.merchantName} · ${target.credential.id}` : undefined}
    >
      {/* Keyed by the credential: each opening starts from its current values. */}
      {target ? (
        <EditForm key={`${target.credential.id}:${target.credential.updatedAt}`} target={target} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}
