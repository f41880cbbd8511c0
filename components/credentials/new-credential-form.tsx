"use client";

// "New credential": merchant (search), provider (GET /v1/providers), the provider's own fields,
// status and additional data. Checked before sending with the API's schema and the API's field
// check (checkFieldValues); the API's refusals land under their fields. On success the panel
// shows the new id and, this once, the secrets.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { AdditionalDataEditor, parseJsonObject } from "@/components/credentials/additional-data-editor";
import { type CreatedContext, CredentialCreated } from "@/components/credentials/credential-created";
import { KIND_LABELS, providerFieldMessage, STATUS_CHOICES } from "@/components/credentials/credential-display";
import type { CredentialPrefill } from "@/components/credentials/credential-prefill";
import { credentialKeys, useProviders } from "@/components/credentials/credential-queries";
import { authFieldId, ProviderFieldInputs } from "@/components/credentials/provider-field-inputs";
import { MerchantPicker } from "@/components/merchants/merchant-picker";
import { merchantKeys } from "@/components/merchants/merchant-queries";
import { ApiRequestError } from "@/components/providers/api-request-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, FieldError, FieldHint, fieldMessage } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { LinkButton } from "@/components/ui/link-button";
import { Select } from "@/components/ui/select";
import { SelectField } from "@/components/ui/select-field";
import { Skeleton } from "@/components/ui/skeleton";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { identifierFieldNames } from "@/lib/credentials/authentication-data";
import type { CreatedCredentialDto } from "@/lib/credentials/credential-dto";
import { checkFieldValues } from "@/lib/credentials/field-values";
import { type CredentialStatus, createCredentialBody } from "@/lib/credentials/schemas";
import type { MerchantDto } from "@/lib/merchants/merchant-dto";
import type { ProviderDto } from "@/lib/providers/list-providers";

/** Errors by the API's field path (merchantId, authenticationData.terminalIdentifier, ...). */
type Errors = Record<string, string | undefined>;

function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-x-8 gap-y-4 border-t border-(--line) px-5 py-6 first:border-t-0 md:grid-cols-[14rem_minmax(0,1fr)] sm:px-6">
      <div>
        <h2 className="text-sm font-semibold text-(--fg)">{title}</h2>
        {description ? <p className="mt-1 text-sm text-(--fg-muted)">{description}</p> : null}
      </div>
      <div className="min-w-0 space-y-5">{children}</div>
    </section>
  );
}

function groupByKind(providers: ProviderDto[]): [string, ProviderDto[]][] {
  const groups = new Map<string, ProviderDto[]>();
  for (const provider of providers) groups.set(provider.kind, [...(groups.get(provider.kind) ?? []), provider]);
  return [...groups];
}

/** The form's checks, the API's own: the request schema, then the provider's fields. */
function validate(input: {
  merchantId: string | undefined;
  provider: ProviderDto | undefined;
  values: Record<string, string>;
  status: CredentialStatus;
  additionalText: string;
}) {
  const errors: Errors = {};
  const authenticationData = Object.fromEntries(Object.entries(input.values).filter(([, v]) => v !== ""));
  const additional = parseJsonObject(input.additionalText);
  if (!additional.ok) errors.additionalData = additional.message;
  const body = {
    merchantId: input.merchantId ?? "",
    providerId: input.provider?.id ?? "",
    providerName: input.provider?.name ?? "",
    authenticationData,
    status: input.status,
    additionalData: additional.ok ? additional.value : {},
  };
  const parsed = createCredentialBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  }
  if (input.provider) {
    const checks = [
      ...checkFieldValues(input.provider.authenticationFields, authenticationData, "authenticationData").errors,
      ...(additional.ok ? checkFieldValues(input.provider.additionalDataFields, additional.value, "additionalData").errors : []),
    ];
    for (const error of checks) errors[error.field] ??= error.message;
  }
  return { body: parsed.success ? parsed.data : undefined, errors };
}

export function NewCredentialForm({ prefill = {} }: { prefill?: CredentialPrefill }) {
  const ids = {
    merchant: useId(),
    merchantHint: useId(),
    merchantError: useId(),
    provider: useId(),
    providerHint: useId(),
    providerError: useId(),
    status: useId(),
    additional: useId(),
  };
  const providers = useProviders();
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const [merchantId, setMerchantId] = useState<string | undefined>(prefill.merchantId);
  const [providerId, setProviderId] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<CredentialStatus>("connected");
  const [additionalText, setAdditionalText] = useState("{}");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<{ title: string; detail: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedContext | null>(null);
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  const provider = providers.data?.find((p) => p.id === providerId);

  // A prefilled provider is chosen once the providers arrive, with its MID and TID fields filled.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !providers.data || !prefill.providerName) return;
    prefilled.current = true;
    const chosen = providers.data.find((p) => p.name === prefill.providerName);
    if (!chosen) return;
    const names = identifierFieldNames(chosen.kind);
    setProviderId(chosen.id);
    setValues(
      Object.fromEntries(
        [
          [names?.merchant, prefill.merchantIdentifier],
          [names?.terminal, prefill.terminalIdentifier],
        ].filter((pair): pair is [string, string] => Boolean(pair[0] && pair[1])),
      ),
    );
  }, [providers.data, prefill]);

  function clearError(...paths: string[]) {
    if (paths.some((p) => errors[p]))
      setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !paths.includes(k))));
  }

  function changeProvider(id: string) {
    const next = providers.data?.find((p) => p.id === id);
    setProviderId(id);
    // Keep what the new provider also asks for (a MID typed for Cielo is still a MID for Rede), but never a secret.
    setValues((prev) =>
      Object.fromEntries(
        (next?.authenticationFields ?? []).filter((f) => !f.secret && prev[f.name]).map((f) => [f.name, prev[f.name]!]),
      ),
    );
    setErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith("authenticationData") && !k.startsWith("provider"))),
    );
  }

  /** Checks one provider field as the user leaves it, with the API's own check. */
  function checkField(name: string) {
    if (!provider) return;
    const field = provider.authenticationFields.find((f) => f.name === name);
    const value = values[name] ?? "";
    // An untouched empty field is judged on submit, not while the user tabs through.
    if (!field || value === "") return;
    const result = checkFieldValues([field], { [name]: value }, "authenticationData");
    const path = `authenticationData.${name}`;
    setErrors((prev) => ({ ...prev, [path]: result.errors[0]?.message }));
  }

  function focusFirstError(next: Errors) {
    const order = [
      ["merchantId", ids.merchant],
      ["providerId", ids.provider],
      ["providerName", ids.provider],
      ...(provider?.authenticationFields ?? []).map((f) => [`authenticationData.${f.name}`, authFieldId(f.name)]),
      ["status", ids.status],
      ["additionalData", ids.additional],
    ] as const;
    for (const [path, id] of order) {
      if (next[path] || (path === "additionalData" && Object.keys(next).some((k) => k.startsWith("additionalData")))) {
        document.getElementById(id)?.focus();
        return;
      }
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const { body, errors: found } = validate({ merchantId, provider, values, status, additionalText });
    if (!body || Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(found);
      return;
    }
    const text = JSON.stringify(body);
    // One key per distinct request: a double submit or a retry after a lost answer replays, never duplicates.
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: crypto.randomUUID() };
    setErrors({});
    setPending(true);
    try {
      const credential = await submit<CreatedCredentialDto>("/v1/credentials", {
        method: "POST",
        body,
        idempotencyKey: idempotency.current.key,
      });
      await queryClient.invalidateQueries({ queryKey: credentialKeys.all });
      const merchantName = queryClient.getQueryData<MerchantDto>(merchantKeys.detail(credential.merchantId))?.name;
      showToast({
        title: "Credential created",
        description: `${provider?.displayName} · ${merchantName ?? credential.merchantId}`,
      });
      setCreated({ credential, provider: provider!, status });
    } catch (error) {
      const next: Errors = {};
      const unplaced: string[] = [];
      if (error instanceof ApiRequestError) {
        for (const fieldError of error.fieldErrors) {
          const known =
            ["merchantId", "providerId", "providerName", "status", "additionalData"].includes(fieldError.field) ||
            fieldError.field.startsWith("authenticationData.") ||
            fieldError.field.startsWith("additionalData.");
          if (known) next[fieldError.field] ??= fieldError.message;
          else unplaced.push(`${fieldError.field} ${fieldError.message}`);
        }
        if (Object.keys(next).length === 0 || unplaced.length > 0) {
          setFormError({
            title: error.status === 409 ? "This account already has an enabled credential." : "The credential was not created.",
            detail: [error.message, ...unplaced].join(" "),
          });
        }
      } else {
        setFormError({
          title: "The credential was not created.",
          detail: "The service did not answer. Nothing was saved; try again.",
        });
      }
      setErrors(next);
      if (Object.keys(next).length > 0) focusFirstError(next);
    } finally {
      setPending(false);
    }
  }

  function reset() {
    setCreated(null);
    setProviderId("");
    setValues({});
    setStatus("connected");
    setAdditionalText("{}");
    setErrors({});
    setFormError(null);
    idempotency.current = null;
  }

  if (created) return <CredentialCreated context={created} onCreateAnother={reset} />;

  const merchantError = errors.merchantId ? fieldMessage("Merchant", errors.merchantId) : undefined;
  const providerErrorText = errors.providerId ?? errors.providerName;
  const providerError = providerErrorText ? fieldMessage("Provider", providerErrorText) : undefined;
  const additionalErrors = Object.entries(errors)
    .filter(([k, v]) => v && k.startsWith("additionalData"))
    .map(([k, v]) => {
      if (k === "additionalData") return v!.startsWith("Additional data") ? v! : fieldMessage("Additional data", v!);
      const name = k.slice("additionalData.".length);
      const field = provider?.additionalDataFields.find((f) => f.name === name);
      return field ? providerFieldMessage({ ...field, label: name }, v!) : fieldMessage(name, v!);
    });
  const authErrors: Errors = Object.fromEntries(
    (provider?.authenticationFields ?? []).map((f) => {
      const message = errors[`authenticationData.${f.name}`];
      return [`authenticationData.${f.name}`, message ? providerFieldMessage(f, message) : undefined];
    }),
  );

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label="New credential" data-testid="new-credential-form">
        {formError ? (
          <div className="px-5 pt-5 sm:px-6">
            <div ref={formErrorRef} tabIndex={-1} className="outline-none">
              <Alert title={formError.title}>{formError.detail}</Alert>
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
          <div className="space-y-1.5">
            <Label htmlFor={ids.merchant}>Merchant</Label>
            <MerchantPicker
              id={ids.merchant}
              value={merchantId}
              autoFocus
              onChange={(dto) => {
                setMerchantId(dto?.id);
                clearError("merchantId");
              }}
              invalid={Boolean(merchantError)}
              describedBy={describedBy(ids.merchantHint, merchantError && ids.merchantError)}
            />
            <FieldHint id={ids.merchantHint}>Type a part of the legal name or the first digits of the CNPJ.</FieldHint>
            <FieldError id={ids.merchantError}>{merchantError}</FieldError>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.provider}>Provider</Label>
            {providers.isPending ? (
              <Skeleton className="h-10 w-full" />
            ) : (
              <Select
                id={ids.provider}
                name="providerId"
                value={providerId}
                onChange={(e) => changeProvider(e.target.value)}
                aria-invalid={providerError ? true : undefined}
                aria-describedby={describedBy(ids.providerHint, providerError && ids.providerError)}
              >
                <option value="">Choose a provider…</option>
                {groupByKind(providers.data ?? []).map(([kind, list]) => (
                  <optgroup key={kind} label={KIND_LABELS[kind] ?? kind}>
                    {list.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.displayName}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            )}
            <FieldHint id={ids.providerHint}>
              {provider
                ? `${KIND_LABELS[provider.kind] ?? provider.kind}: the fields below are the ones ${provider.displayName} issues.`
                : "The acquirer that issued the account."}
            </FieldHint>
            <FieldError id={ids.providerError}>{providerError}</FieldError>
            {providers.isError ? (
              <Alert
                title="The providers could not be loaded."
                action={
                  <Button variant="secondary" size="sm" onClick={() => void providers.refetch()}>
                    Try again
                  </Button>
                }
              />
            ) : null}
          </div>
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
              values={values}
              errors={authErrors}
              onChange={(name, value) => {
                setValues((prev) => ({ ...prev, [name]: value }));
                clearError(`authenticationData.${name}`);
              }}
              onBlur={checkField}
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
            value={status}
            choices={STATUS_CHOICES}
            onChange={setStatus}
            className="space-y-1.5 sm:max-w-xs"
          />
          <AdditionalDataEditor
            id={ids.additional}
            value={additionalText}
            onChange={(text) => {
              setAdditionalText(text);
              const parsed = parseJsonObject(text);
              // Invalid JSON is named as it is typed; fixing it clears the message at once.
              setErrors((prev) => {
                const next = Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith("additionalData")));
                if (!parsed.ok && prev.additionalData) next.additionalData = parsed.message;
                return next;
              });
            }}
            onBlur={() => {
              const parsed = parseJsonObject(additionalText);
              if (!parsed.ok) setErrors((prev) => ({ ...prev, additionalData: parsed.message }));
            }}
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
            <Button type="submit" disabled={pending}>
              {pending ? "Creating…" : "Create credential"}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
