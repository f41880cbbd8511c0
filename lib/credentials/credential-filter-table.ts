// The credentials list's filters, each declared once (lib/paging/list-filter-table.ts derives the
// query schema, the OpenAPI words, docs/api.md's table, the page's URL state and the bar's labels
// and choices; the conditions are credential-filter-where.ts's, server-only): merchant, provider,
// the acquirer's MID and TID (lifted columns, not the encrypted data), enabled, and one
// credential by id.
import { z } from "zod";
import { listFilter as filter } from "@/lib/paging/list-filter-table";

const identifier = z.string().min(1).max(64);

// Ids are XIDs; anything else in a hand-edited URL is dropped rather than sent for a 400.
const keepXid = (text: string) => (/^[0-9a-v]{20}$/.test(text) ? text : undefined);
const keepAcquirerId = (text: string) => (/^[A-Za-z0-9_-]{1,64}$/.test(text.trim()) ? text.trim() : undefined);

export const CREDENTIAL_FILTER_TABLE = [
  // One credential (an event's attempt links to the credential it matched or found disabled).
  filter({
    name: "id",
    label: "Credential id",
    schema: identifier,
    description: "Only this credential.",
    page: keepXid,
  }),
  filter({
    name: "merchantId",
    label: "Merchant",
    schema: identifier,
    description: "Only this merchant's credentials.",
    page: keepXid,
  }),
  filter({
    name: "providerId",
    label: "Provider",
    schema: identifier,
    description: "Only this provider's credentials.",
    page: keepXid,
    // The providers: the page loads them (GET /v1/providers).
    control: { anyLabel: "All providers", width: "wide" },
  }),
  // The acquirer's MID and TID, as operators read them: whole or their beginning, any case.
  filter({
    name: "merchantIdentifier",
    label: "MID",
    schema: identifier,
    description: "The acquirer's merchant id (MID) or its beginning, any case.",
    page: keepAcquirerId,
  }),
  filter({
    name: "terminalIdentifier",
    label: "TID",
    schema: identifier,
    description: "The acquirer's terminal id (TID) or its beginning, any case.",
    page: keepAcquirerId,
  }),
  filter({
    name: "enabled",
    label: "State",
    schema: z.enum(["true", "false"], { error: () => "must be true or false" }).transform((value) => value === "true"),
    description: "true or false.",
    page: (text) => (text === "true" || text === "false" ? text : undefined),
    control: {
      anyLabel: "Any state",
      options: [
        ["true", "Enabled"],
        ["false", "Disabled"],
      ],
      width: "narrow",
    },
  }),
] as const;
