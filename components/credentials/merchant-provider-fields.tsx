"use client";

// The new-credential form's first section: the merchant (searched by name or CNPJ) and the
// provider (in the one order of every provider list; its kind in the hint), each with its hint and error.
import { KIND_LABELS } from "@/components/credentials/credential-display";
import type { NewCredentialFormState } from "@/components/credentials/use-new-credential-form";
import { MerchantPicker } from "@/components/merchants/merchant-picker";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, FieldError, FieldHint, fieldMessage } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";

export function MerchantProviderFields({ form }: { form: NewCredentialFormState }) {
  const { ids, errors, providers, provider } = form;
  const merchantError = errors.merchantId ? fieldMessage("Merchant", errors.merchantId) : undefined;
  const providerErrorText = errors.providerId ?? errors.providerName;
  const providerError = providerErrorText ? fieldMessage("Provider", providerErrorText) : undefined;
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={ids.merchant}>Merchant</Label>
        <MerchantPicker
          id={ids.merchant}
          value={form.merchantId}
          autoFocus
          onChange={(dto) => form.changeMerchant(dto?.id)}
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
            value={form.providerId}
            onChange={(e) => form.changeProvider(e.target.value)}
            aria-invalid={providerError ? true : undefined}
            aria-describedby={describedBy(ids.providerHint, providerError && ids.providerError)}
          >
            <option value="">Choose a provider…</option>
            {providers.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.displayName}
              </option>
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
    </>
  );
}
