"use client";

// The new-credential form's values and their errors: the merchant, the provider and its fields,
// the status and the additional data, each change clearing the errors it settles, and the
// checks made as a field is left (the API's own). The prefill is use-credential-prefill.ts.
import { useState } from "react";
import { parseJsonObject } from "@/components/credentials/additional-data-editor";
import { errorsWithout } from "@/components/credentials/credential-form-errors";
import type { CredentialPrefill } from "@/components/credentials/credential-prefill";
import { checkProviderField, type Errors } from "@/components/credentials/new-credential-checks";
import { usePrefilledProvider } from "@/components/credentials/use-credential-prefill";
import type { CredentialStatus } from "@/lib/credentials/schemas";
import type { ProviderDto } from "@/lib/providers/list-providers";

/** The values the next provider also asks for (a MID typed for Cielo is still a MID for Rede), never a secret. */
function valuesKeptFor(next: ProviderDto | undefined, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    (next?.authenticationFields ?? []).filter((f) => !f.secret && values[f.name]).map((f) => [f.name, values[f.name]!]),
  );
}

export function useCredentialFields(prefill: CredentialPrefill, providers: ProviderDto[] | undefined) {
  const [merchantId, setMerchantId] = useState<string | undefined>(prefill.merchantId);
  const [providerId, setProviderId] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<CredentialStatus>("connected");
  const [additionalText, setAdditionalText] = useState("{}");
  const [errors, setErrors] = useState<Errors>({});
  const provider = providers?.find((p) => p.id === providerId);
  usePrefilledProvider(prefill, providers, setProviderId, setValues);

  const clearError = (...paths: string[]) => {
    if (paths.some((p) => errors[p])) setErrors((prev) => errorsWithout(prev, (path) => paths.includes(path)));
  };
  const addError = (path: string, message: Errors[string]) => setErrors((prev) => ({ ...prev, [path]: message }));

  return {
    provider,
    merchantId,
    providerId,
    values,
    status,
    additionalText,
    errors,
    setErrors,
    setStatus,
    changeMerchant(id: string | undefined) {
      setMerchantId(id);
      clearError("merchantId");
    },
    changeProvider(id: string) {
      setProviderId(id);
      setValues((prev) =>
        valuesKeptFor(
          providers?.find((p) => p.id === id),
          prev,
        ),
      );
      setErrors((prev) => errorsWithout(prev, (path) => path.startsWith("authenticationData") || path.startsWith("provider")));
    },
    changeValue(name: string, value: string) {
      setValues((prev) => ({ ...prev, [name]: value }));
      clearError(`authenticationData.${name}`);
    },
    /** Checks one provider field as the user leaves it, with the API's own check. */
    checkField(name: string) {
      const message = provider ? checkProviderField(provider, name, values[name] ?? "") : null;
      if (message !== null) addError(`authenticationData.${name}`, message);
    },
    changeAdditionalText(text: string) {
      setAdditionalText(text);
      const parsed = parseJsonObject(text);
      // Invalid JSON is named as it is typed; fixing it clears the message at once.
      setErrors((prev) => {
        const next = errorsWithout(prev, (path) => path.startsWith("additionalData"));
        if (!parsed.ok && prev.additionalData) next.additionalData = parsed.message;
        return next;
      });
    },
    checkAdditionalText() {
      const parsed = parseJsonObject(additionalText);
      if (!parsed.ok) addError("additionalData", parsed.message);
    },
    /** Back to an empty form, the merchant chosen kept. */
    clear() {
      setProviderId("");
      setValues({});
      setStatus("connected");
      setAdditionalText("{}");
      setErrors({});
    },
  };
}
