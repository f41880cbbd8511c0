// Providers (acquirers): reference data from the migrations, readable by every reading role.
import "server-only";
import { z } from "zod";
import type { Caller } from "@/lib/access/roles";
import { tenantScope } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { ACQUIRER_NAMES } from "@/lib/events/data-schema";
import { XID_PATTERN } from "@/lib/ids";
import { type ProviderField, providerFieldsSchema } from "@/lib/providers/provider-fields";

export type ProviderDto = {
  id: string;
  name: string;
  displayName: string;
  kind: string;
  authenticationFields: ProviderField[];
  additionalDataFields: ProviderField[];
};

export const providerSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]"),
  name: z.enum(ACQUIRER_NAMES).describe("Lowercase name; a credential's providerName must be this"),
  displayName: z.string(),
  kind: z.enum(["card_present_emv", "ecommerce"]).describe("card_present_emv (MID and TID) or ecommerce (a gateway client)"),
  authenticationFields: providerFieldsSchema.describe("The fields of a credential's authenticationData"),
  additionalDataFields: providerFieldsSchema.describe("The fields of a credential's additionalData"),
});

/** Compile-time proof that what the schema describes is a ProviderDto. */
export const PROVIDER_SCHEMA_FITS_DTO: z.output<typeof providerSchema> extends ProviderDto ? true : never = true;

export async function listProviders(options: { caller: Caller }): Promise<ProviderDto[]> {
  // Reference data, the same for every merchant: merchant accounts read it too (no scope to apply).
  tenantScope(options.caller, "read");
  const rows = await db().provider.findMany({ orderBy: { name: "asc" } });
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    displayName: p.displayName,
    kind: p.kind,
    authenticationFields: providerFieldsSchema.parse(p.authenticationFields),
    additionalDataFields: providerFieldsSchema.parse(p.additionalDataFields),
  }));
}
