// The 409 for a second enabled credential with one provider, MID and TID. The partial unique
// index credentials_enabled_provider_mid_tid_key decides (so it holds under concurrency); this
// recognises its violation and names the credential that holds the slot.
import "server-only";
import type { AcquirerIdentifiers } from "@/lib/credentials/authentication-data";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { type ApiError, conflict, conflictWith } from "@/lib/errors";

const INDEX = "credentials_enabled_provider_mid_tid_key";

export function isDuplicateCredentialError(error: unknown): boolean {
  if (!isUniqueViolation(error)) return false;
  // The pg adapter names the index; the PGlite adapter only quotes it in the driver's message.
  const cause = (error.meta as { driverAdapterError?: { cause?: { constraint?: { index?: string }; originalMessage?: string } } })
    ?.driverAdapterError?.cause;
  return cause?.constraint?.index === INDEX || Boolean(cause?.originalMessage?.includes(`"${INDEX}"`));
}

export async function duplicateCredentialConflict(providerId: string, identifiers: AcquirerIdentifiers): Promise<ApiError> {
  const holder = await db().credential.findFirst({
    where: { providerId, enabled: true, ...identifiers },
    select: { id: true },
  });
  const detail = `An enabled credential for this provider, merchant identifier and terminal identifier already exists${
    holder ? ` (${holder.id})` : ""
  }. Disable it first, or change the identifiers.`;
  // The holder can be gone by now (disabled or changed since the refusal): then only the words.
  if (!holder) return conflict("duplicate_credential", detail);
  return conflictWith("duplicate_credential", detail, { id: holder.id, href: `/v1/credentials/${holder.id}` });
}
