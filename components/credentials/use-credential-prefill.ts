"use client";

// The new-credential form opened from a failed event: its provider is chosen once the providers
// arrive, with the event's MID and TID in that provider's fields.
import { useEffect, useRef } from "react";
import type { CredentialPrefill } from "@/components/credentials/credential-prefill";
import { identifierFieldNames } from "@/lib/credentials/authentication-data";
import type { ProviderDto } from "@/lib/providers/list-providers";

/** The prefill's MID and TID under the provider's own field names (the ones it has). */
function prefilledValues(provider: ProviderDto, prefill: CredentialPrefill): Record<string, string> {
  const names = identifierFieldNames(provider.kind);
  return Object.fromEntries(
    [
      [names?.merchant, prefill.merchantIdentifier],
      [names?.terminal, prefill.terminalIdentifier],
    ].filter((pair): pair is [string, string] => Boolean(pair[0] && pair[1])),
  );
}

export function usePrefilledProvider(
  prefill: CredentialPrefill,
  providers: ProviderDto[] | undefined,
  setProviderId: (id: string) => void,
  setValues: (values: Record<string, string>) => void,
) {
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !providers || !prefill.providerName) return;
    prefilled.current = true;
    const chosen = providers.find((p) => p.name === prefill.providerName);
    if (!chosen) return;
    setProviderId(chosen.id);
    setValues(prefilledValues(chosen, prefill));
  }, [providers, prefill, setProviderId, setValues]);
}
