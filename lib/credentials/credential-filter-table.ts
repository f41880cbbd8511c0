// The credentials list's filters, each declared once (lib/paging/list-filter-table.ts derives the
// query schema, the where, the OpenAPI words, the page's URL state and the bar's choices):
// merchant, provider, the acquirer's MID and TID (lifted columns, not the encrypted data) and
// enabled.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { filterOf } from "@/lib/paging/list-filter-table";

const filter = filterOf<Prisma.CredentialWhereInput>();
const identifier = z.string().min(1).max(64);

// Ids are XIDs; anything else in a hand-edited URL is dropped rather than sent for a 400.
const keepXid = (text: string) => (/^[0-9a-v]{20}$/.test(text) ? text : undefined);
const keepAcquirerId = (text: string) => (/^[A-Za-z0-9_-]{1,64}$/.test(text.trim()) ? text.trim() : undefined);

export const CREDENTIAL_FILTER_TABLE = [
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
  // The acquirer's MID and TID, as operators read them (exact; the TID of a failed event).
  filter({
    name: "merchantIdentifier",
    schema: identifier,
    where: (acquirerMerchantIdentifier) => ({ acquirerMerchantIdentifier }),
    description: "The acquirer's merchant id (MID), exact.",
    page: keepAcquirerId,
  }),
  filter({
    name: "terminalIdentifier",
    schema: identifier,
    where: (acquirerTerminalIdentifier) => ({ acquirerTerminalIdentifier }),
    description: "The acquirer's terminal id (TID), exact.",
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
