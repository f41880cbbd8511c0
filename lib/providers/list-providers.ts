// Providers (acquirers): reference data from the migrations, readable by every reading role.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { type ProviderField, providerFieldsSchema } from "@/lib/providers/provider-fields";

export type ProviderDto = {
  id: string;
  name: string;
  displayName: string;
  kind: string;
  authenticationFields: ProviderField[];
  additionalDataFields: ProviderField[];
};

export async function listProviders(options: { caller: Caller }): Promise<ProviderDto[]> {
  requirePermission(options.caller, "read");
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
