"use client";

// "New credential": merchant (search), provider (GET /v1/providers), the provider's own fields,
// status and additional data. Checked before sending with the API's schema and the API's field
// check (new-credential-checks.ts); the API's refusals land under their fields. On success the
// panel shows the new id and, this once, the secrets. State and behaviour live in
// use-new-credential-form.ts; this file is the markup.
import { useEffect, useRef } from "react";
import { AdditionalDataEditor } from "@/components/credentials/additional-data-editor";
import { CredentialCreated } from "@/components/credentials/credential-created";
import { providerFieldMessage, STATUS_CHOICES } from "@/components/credentials/credential-display";
import type { CredentialPrefill } from "@/components/credentials/credential-prefill";
import { FormSection } from "@/components/credentials/form-section";
import { MerchantProviderFields } from "@/components/credentials/merchant-provider-fields";
import type { Errors } from "@/components/credentials/new-credential-checks";
import { ProviderFieldInputs } from "@/components/credentials/provider-field-inputs";
import { type NewCredentialFormState, useNewCredentialForm } from "@/components/credentials/use-new-credential-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { fieldMessage } from "@/components/ui/field-error";
import { LinkButton } from "@/components/ui/link-button";
import { SelectField } from "@/components/ui/select-field";

/** The additional data's messages, each named by the provider's field where it has one. */
function additionalDataMessages(form: NewCredentialFormState): string[] {
  return Object.entries(form.errors)
    .filter(([k, v]) => v && k.startsWith("additionalData"))
    .map(([k, v]) => {
      if (k === "additionalData") return v!.startsWith("Additional data") ? v! : fieldMessage("Additional data", v!);
      const name = k.slice("additionalData.".length);
      const field = form.provider?.additionalDataFields.find((f) => f.name === name);
      return field ? providerFieldMessage({ ...field, label: name }, v!) : fieldMessage(name, v!);
    });
}

/** The provider fields' messages, each named by its field's label. */
function authenticationMessages(form: NewCredentialFormState): Errors {
  return Object.fromEntries(
    (form.provider?.authenticationFields ?? []).map((f) => {
      const message = form.errors[`authenticationData.${f.name}`];
      return [`authenticationData.${f.name}`, message ? providerFieldMessage(f, message) : undefined];
    }),
  );
}

export function NewCredentialForm({ prefill = {} }: { prefill?: CredentialPrefill }) {
  const form = useNewCredentialForm(prefill);
  const { ids, provider, formError } = form;
  const formErrorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  if (form.created) return <CredentialCreated context={form.created} onCreateAnother={form.reset} />;

  const additionalErrors = additionalDataMessages(form);

  return (
    <Card>
      <form onSubmit={form.onSubmit} noValidate aria-label="New credential" data-testid="new-credential-form">
        {formError ? (
          <div className="px-5 pt-5 sm:px-6">
            <div ref={formErrorRef} tabIndex={-1} className="outline-none">
              <Alert title={formError.title}>
                {formError.detail}
                {formError.existingHref ? (
                  <>
                    {" "}
                    <a href={formError.existingHref} className="font-medium underline">
                      Open the existing credential
                    </a>
                  </>
                ) : null}
              </Alert>
            </div>
          </div>
        ) : null}
        {prefill.eventId ? (
          <div className="px-5 pt-5 sm:px-6">
            <Alert tone="info" title="Prefilled from a failed event">
              The merchant, provider, MID and TID come from event <code className="font-mono">{prefill.eventId}</code>, which
              failed for want of this credential. Check them and add what the acquirer issued; once created, the events it matches
              can be retried from here.
            </Alert>
          </div>
        ) : null}
        <FormSection
          title="Merchant and provider"
          description="Who the credential is for, and which acquirer issued the account."
        >
          <MerchantProviderFields form={form} />
        </FormSection>

        <FormSection
          title="Authentication"
          description={
            <>
              {provider
                ? `The identifiers ${provider.displayName} issued for this account.`
                : "The identifiers the acquirer issued."}{" "}
              Notifications are matched to the merchant through them; only one enabled credential may hold them.
            </>
          }
        >
          {provider ? (
            <ProviderFieldInputs
              fields={provider.authenticationFields}
              values={form.values}
              errors={authenticationMessages(form)}
              onChange={form.changeValue}
              onBlur={form.checkField}
            />
          ) : (
            <p className="rounded-md border border-dashed border-(--line-strong) px-4 py-6 text-center text-sm text-(--fg-muted)">
              Choose a provider to see the fields it asks for.
            </p>
          )}
        </FormSection>

        <FormSection title="Settings" description="Where the account stands with the acquirer, and provider-specific options.">
          <SelectField
            id={ids.status}
            label="Status"
            name="status"
            value={form.status}
            choices={STATUS_CHOICES}
            onChange={form.setStatus}
            className="space-y-1.5 sm:max-w-xs"
          />
          <AdditionalDataEditor
            id={ids.additional}
            value={form.additionalText}
            onChange={form.changeAdditionalText}
            onBlur={form.checkAdditionalText}
            fields={provider?.additionalDataFields ?? []}
            providerName={provider?.displayName}
            error={additionalErrors.length > 0 ? additionalErrors.join(" ") : undefined}
          />
        </FormSection>

        <div className="flex items-center justify-between gap-3 rounded-b-lg border-t border-(--line) bg-(--surface-muted)/60 px-5 py-3 sm:px-6">
          <p className="text-xs text-(--fg-subtle)">New credentials start enabled, in test mode.</p>
          <div className="flex items-center gap-2">
            <LinkButton variant="secondary" href="/credentials">
              Cancel
            </LinkButton>
            <Button type="submit" disabled={form.pending}>
              {form.pending ? "Creating…" : "Create credential"}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
