"use client";

// Sending the new-credential form: checked first (the API's own checks), then posted with an
// idempotency key; the created credential is announced, a refusal placed under its fields or in
// the banner, and the first field in error focused.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { CreatedContext } from "@/components/credentials/credential-created";
import { type FormError, firstErrorFieldId, refusalOf } from "@/components/credentials/credential-form-errors";
import { credentialKeys } from "@/components/credentials/credential-queries";
import { checkNewCredential, type Errors } from "@/components/credentials/new-credential-checks";
import type { useCredentialFields } from "@/components/credentials/use-credential-fields";
import { merchantKeys } from "@/components/merchants/merchant-queries";
import { showToast } from "@/components/ui/toast";
import { useIdempotentCreate } from "@/components/ui/use-idempotent-create";
import type { CreatedCredentialDto } from "@/lib/credentials/credential-dto";
import type { MerchantDto } from "@/lib/merchants/merchant-dto";

type Fields = ReturnType<typeof useCredentialFields>;

/** `fieldOrder`: the form's fields in order, as [API field path, element id], for focusing the first error. */
export function useCredentialSubmit(fields: Fields, fieldOrder: readonly (readonly [string, string])[]) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotentCreate();
  const [formError, setFormError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedContext | null>(null);

  const showErrors = (errors: Errors) => {
    fields.setErrors(errors);
    const id = firstErrorFieldId(errors, fieldOrder);
    if (id) document.getElementById(id)?.focus();
  };

  async function announce(credential: CreatedCredentialDto) {
    await queryClient.invalidateQueries({ queryKey: credentialKeys.all });
    const merchantName = queryClient.getQueryData<MerchantDto>(merchantKeys.detail(credential.merchantId))?.name;
    showToast({
      title: "Credential created",
      description: `${fields.provider?.displayName} · ${merchantName ?? credential.merchantId}`,
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const { merchantId, provider, values, status, additionalText } = fields;
    const { body, errors } = checkNewCredential({ merchantId, provider, values, status, additionalText });
    if (!body || Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    fields.setErrors({});
    setPending(true);
    try {
      const credential = await idempotency.create<CreatedCredentialDto>("/v1/credentials", body);
      await announce(credential);
      setCreated({ credential, provider: provider!, status });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.formError) setFormError(refusal.formError);
      showErrors(refusal.errors);
    } finally {
      setPending(false);
    }
  }

  return {
    formError,
    pending,
    created,
    onSubmit,
    /** Back to an empty form after a credential was created. */
    reset() {
      setCreated(null);
      fields.clear();
      setFormError(null);
      idempotency.forget();
    },
  };
}
