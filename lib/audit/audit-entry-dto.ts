// The API's view of an audit log row, and its schema (the OpenAPI document's AuditEntry).
import { z } from "zod";
import type { AuditLogEntry } from "@/generated/prisma/client";
import { XID_PATTERN } from "@/lib/ids";

export type AuditEntryDto = {
  id: string;
  action: string;
  actorId: string | null;
  actorUsername: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/** A snapshot of the target: its state with secrets replaced by "[redacted]"; null before a creation. */
const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]"),
  action: z
    .string()
    .describe(
      "What was done: merchant.create, merchant.update, credential.create, credential.update, user.create, user.update, user.password_reset, user.password_change, user.sign_in, user.sign_in_failed, event.export, event.retry, webhook_endpoint.*, webhook_delivery.resend, webhook_delivery.retry_now (target: the endpoint), portal_session.create, portal_session.revoke (target: the merchant)",
    ),
  actorId: z.string().nullable().describe("The user who did it (null once the user is gone)"),
  actorUsername: z.string(),
  targetType: z
    .string()
    .describe(
      "merchant, credential, user, webhook_endpoint, or event (an export: targetId export, after holds the filters and row count)",
    ),
  targetId: z.string(),
  before: snapshotSchema.describe("The target before the change (secrets redacted); null for a creation"),
  after: snapshotSchema.describe("The target after the change (secrets redacted)"),
  createdAt: z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds"),
});

/** Compile-time proof that what the schema describes is an AuditEntryDto. */
export const AUDIT_ENTRY_SCHEMA_FITS_DTO: z.output<typeof auditEntrySchema> extends AuditEntryDto ? true : never = true;

export function toAuditEntryDto(row: AuditLogEntry): AuditEntryDto {
  return {
    id: row.id,
    action: row.action,
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}
