// The credentials list's filters, each declared once (lib/paging/list-filter-table.ts derives the
// query schema, the where, the OpenAPI words, the page's URL state and the bar's choices):
// merchant, provider, the acquirer's MID and TID (lifted columns, not the encrypted data),
// enabled, and one credential by id.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { filterOf } from "@/lib/paging/list-filter-table";

const filter = filterOf<Prisma.CredentialWhereInput>();
const identifier = z.string().min(1).max(64);

// Ids are XIDs; anything else in a hand-edited URL is dropped rather than sent for a 400.
const keepXid = (text: string) => (/^[0-9a-v]{20}$/.test(text) ? text : undefined);
const keepAcquirerId = (text: string) => (/^[A-Za-z0-9_-]{1,64}$/.test(text.trim()) ? text.trim() : undefined);

/** The acquirer's ids by their beginning, in any case (Prisma: ILIKE 'text%', the text's % and _ literal). */
const startsWith = (text: string) => ({ startsWith: text.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" as const });

export const CREDENTIAL_FILTER_TABLE = [
  // One credential (an event's attempt links to the credential it matched or found disabled).
  filter({
    name: "id",
    schema: identifier,
    where: (id) => ({ id }),
    description: "Only this credential.",
    page: keepXid,
  }),
  filter({
    name: "merchantId",
    schema: identifier,
    where: (merchantId) => ({ merchantId }),
    description: "Only this merchant's credentials.",
    page: keepXid,
  }),
  filter({
    name: "providerId",
    schema: identifier,
    where: (providerId) => ({ providerId }),
    description: "Only this provider's credentials.",
    page: keepXid,
    // The providers: the page loads them (GET /v1/providers).
    control: { label: "Provider", anyLabel: "All providers", width: "wide" },
  }),
  // The acquirer's MID and TID, as operators read them: whole or their beginning, any case.
  filter({
    name: "merchantIdentifier",
    schema: identifier,
    where: (text) => ({ acquirerMerchantIdentifier: startsWith(text) }),
    description: "The acquirer's merchant id (MID) or its beginning, any case.",
    page: keepAcquirerId,
  }),
  filter({
    name: "terminalIdentifier",
    schema: identifier,
    where: (text) => ({ acquirerTerminalIdentifier: startsWith(text) }),
    description: "The acquirer's terminal id (TID) or its beginning, any case.",
    page: keepAcquirerId,
  }),
  filter({
    name: "enabled",
    schema: z.enum(["true", "false"], { error: () => "must be true or false" }).transform((value) => value === "true"),
    where: (enabled) => ({ enabled }),
    description: "true or false.",
    page: (text) => (text === "true" || text === "false" ? text : undefined),
    control: {
      label: "State",
      anyLabel: "Any state",
      options: [
        ["true", "Enabled"],
        ["false", "Disabled"],
      ],
      width: "narrow",
    },
  }),
] as const;
