// The API's view of a user account, and its schemas (the OpenAPI document's User and
// CreatedUser). The password hash never leaves the data layer.
import { z } from "zod";
import type { User } from "@/generated/prisma/client";
import { ROLES } from "@/lib/access/roles";
import { XID_PATTERN } from "@/lib/ids";
import { secretField } from "@/lib/validation/secret-field";

export const userSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]"),
  username: z.string(),
  role: z.enum(ROLES),
  merchantId: z.string().nullable().describe("The merchant a `merchant` account belongs to; null for every other role"),
  disabled: z.boolean().describe("A disabled user cannot sign in; its sessions ended when it was disabled"),
  createdAt: z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds"),
  updatedAt: z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds"),
});

export type UserDto = z.output<typeof userSchema>;

/** A new account, or one whose password was reset: the password is in this answer only. */
export const userWithPasswordSchema = z.strictObject({
  user: userSchema,
  password: secretField(z.string()).describe("Shown this once: give it to the user, who should change it"),
});

export function toUserDto(row: User): UserDto {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    merchantId: row.merchantId,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a user: never its password or hash. */
export function userAuditSnapshot(row: User) {
  return {
    username: row.username,
    role: row.role,
    ...(row.merchantId ? { merchantId: row.merchantId } : {}),
    disabled: row.disabled,
  };
}
