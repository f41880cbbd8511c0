"use client";

// The new-credential form's state and behaviour, apart from its markup: the values, the errors
// by API field path, the prefill from a failed event, checking on blur and on submit, sending
// with an idempotency key, and placing the API's refusals under their fields.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { parseJsonObject } from "@/components/credentials/additional-data-editor";
import type { CreatedContext } from "@/components/credentials/credential-created";
import type { CredentialPrefill } from "@/components/credentials/credential-prefill";
import { credentialKeys } from "@/components/credentials/credential-queries";
import { checkNewCredential, checkProviderField, type Errors, isFormField } from "@/components/credentials/new-credential-checks";
import { authFieldId } from "@/components/credentials/provider-field-inputs";
import { merchantKeys } from "@/components/merchants/merchant-queries";
import { useProviders } from "@/components/providers/provider-queries";
import { showToast } from "@/components/ui/toast";
import { useIdempotentCreate } from "@/components/ui/use-idempotent-create";
import { identifierFieldNames } from "@/lib/credentials/authentication-data";
import type { CreatedCredentialDto } from "@/lib/credentials/credential-dto";
import type { CredentialStatus } from "@/lib/credentials/schemas";
import { credentialsLink } from "@/lib/links/list-links";
import type { MerchantDto } from "@/lib/merchants/merchant-dto";

/** The banner's words, and the dashboard link to the credential a 409 names (the one holding the account). */
export type FormError = { title: string; detail: string; existingHref?: string };

export function useNewCredentialForm(prefill: CredentialPrefill) {
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
  const queryClient = useQueryClient();
  const [merchantId, setMerchantId] = useState<string | undefined>(prefill.merchantId);
  const [providerId, setProviderId] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<CredentialStatus>("connected");
  const [additionalText, setAdditionalText] = useState("{}");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedContext | null>(null);
  const idempotency = useIdempotentCreate();

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

  function changeMerchant(id: string | undefined) {
    setMerchantId(id);
    clearError("merchantId");
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

  function changeValue(name: string, value: string) {
    setValues((prev) => ({ ...prev, [name]: value }));
    clearError(`authenticationData.${name}`);
  }

  /** Checks one provider field as the user leaves it, with the API's own check. */
  function checkField(name: string) {
    if (!provider) return;
    const message = checkProviderField(provider, name, values[name] ?? "");
    if (message !== null) setErrors((prev) => ({ ...prev, [`authenticationData.${name}`]: message }));
  }

  function changeAdditionalText(text: string) {
    setAdditionalText(text);
    const parsed = parseJsonObject(text);
    // Invalid JSON is named as it is typed; fixing it clears the message at once.
    setErrors((prev) => {
      const next = Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith("additionalData")));
      if (!parsed.ok && prev.additionalData) next.additionalData = parsed.message;
      return next;
    });
  }

  function checkAdditionalText() {
    const parsed = parseJsonObject(additionalText);
    if (!parsed.ok) setErrors((prev) => ({ ...prev, additionalData: parsed.message }));
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

  /** The API's refusal: field errors under their fields, the rest (or a lost answer) in the banner. */
  function showRefusal(error: unknown) {
    const next: Errors = {};
    const unplaced: string[] = [];
    if (error instanceof ApiRequestError) {
      for (const fieldError of error.fieldErrors) {
        if (isFormField(fieldError.field)) next[fieldError.field] ??= fieldError.message;
        else unplaced.push(`${fieldError.field} ${fieldError.message}`);
      }
      if (Object.keys(next).length === 0 || unplaced.length > 0) {
        setFormError({
          title: error.status === 409 ? "This account already has an enabled credential." : "The credential was not created.",
          detail: [error.message, ...unplaced].join(" "),
          existingHref: error.existingId ? credentialsLink({ id: error.existingId }) : undefined,
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
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const { body, errors: found } = checkNewCredential({ merchantId, provider, values, status, additionalText });
    if (!body || Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const credential = await idempotency.create<CreatedCredentialDto>("/v1/credentials", body);
      await queryClient.invalidateQueries({ queryKey: credentialKeys.all });
      const merchantName = queryClient.getQueryData<MerchantDto>(merchantKeys.detail(credential.merchantId))?.name;
      showToast({
        title: "Credential created",
        description: `${provider?.displayName} · ${merchantName ?? credential.merchantId}`,
      });
      setCreated({ credential, provider: provider!, status });
    } catch (error) {
      showRefusal(error);
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
    idempotency.forget();
  }

  return {
    ids,
    providers,
    provider,
    merchantId,
    providerId,
    values,
    status,
    additionalText,
    errors,
    formError,
    pending,
    created,
    changeMerchant,
    changeProvider,
    changeValue,
    checkField,
    setStatus,
    changeAdditionalText,
    checkAdditionalText,
    onSubmit,
    reset,
  };
}

export type NewCredentialFormState = ReturnType<typeof useNewCredentialForm>;
