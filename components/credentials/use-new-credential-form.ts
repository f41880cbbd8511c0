"use client";

// The new-credential form's state and behaviour, apart from its markup: the element ids, the
// values and their errors (use-credential-fields.ts, with the prefill from a failed event), and
// sending (use-credential-submit.ts: idempotency key, the API's refusals under their fields).
import { useId } from "react";
import type { CredentialPrefill } from "@/components/credentials/credential-prefill";
import { authFieldId } from "@/components/credentials/provider-field-inputs";
import { useCredentialFields } from "@/components/credentials/use-credential-fields";
import { useCredentialSubmit } from "@/components/credentials/use-credential-submit";
import { useProviders } from "@/components/providers/provider-queries";
import type { ProviderDto } from "@/lib/providers/list-providers";

export type { FormError } from "@/components/credentials/credential-form-errors";

function useFieldIds() {
  return {
    merchant: useId(),
    merchantHint: useId(),
    merchantError: useId(),
    provider: useId(),
    providerHint: useId(),
    providerError: useId(),
    status: useId(),
    additional: useId(),
  };
}

/** The form's fields in order, as [API field path, element id]: the first one in error takes the focus. */
function fieldOrder(ids: ReturnType<typeof useFieldIds>, provider: ProviderDto | undefined) {
  return [
    ["merchantId", ids.merchant],
    ["providerId", ids.provider],
    ["providerName", ids.provider],
    ...(provider?.authenticationFields ?? []).map((f) => [`authenticationData.${f.name}`, authFieldId(f.name)] as const),
    ["status", ids.status],
    ["additionalData", ids.additional],
  ] as const;
}

export function useNewCredentialForm(prefill: CredentialPrefill) {
  const ids = useFieldIds();
  const providers = useProviders();
  const fields = useCredentialFields(prefill, providers.data);
  const submission = useCredentialSubmit(fields, fieldOrder(ids, fields.provider));
  return { ids, providers, ...fields, ...submission };
}

export type NewCredentialFormState = ReturnType<typeof useNewCredentialForm>;
