// A portal session as the API answers it: POST /v1/merchants/{id}/portal-sessions. The one-time
// link is in `url` (this answer only; only its sha256 is stored).
import { z } from "zod";
import { XID_PATTERN } from "@/lib/ids";
import { secretField } from "@/lib/validation/secret-field";

const timestamp = z.iso.datetime({ precision: 3 });

export const portalSessionSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN),
  merchantId: z.string(),
  url: secretField(z.string()).describe(
    "The one-time link: opens the merchant's portal without a password, once, until linkExpiresAt. Shown this once",
  ),
  linkExpiresAt: timestamp.describe("The link must be opened before this instant"),
  expiresAt: timestamp.describe("The portal session it opens ends at this instant, whatever happens in it"),
  createdBy: z.string(),
  createdAt: timestamp,
});
export type PortalSessionDto = z.output<typeof portalSessionSchema>;

export const portalSessionRevokedSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN),
  merchantId: z.string(),
  revokedAt: timestamp.describe("When it was revoked (the first time, when revoked again)"),
});
export type PortalSessionRevokedDto = z.output<typeof portalSessionRevokedSchema>;

/** The link lives minutes; the session it opens, an hour at most. */
export const PORTAL_LINK_TTL_SECONDS = 300;
export const PORTAL_SESSION_TTL_SECONDS = 3600;
