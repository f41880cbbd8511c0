// User input rules, shared by the CLI, the API (/v1/users), the OpenAPI document and the forms.
import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { XID_PATTERN } from "@/lib/ids";
import { cursorParam, limitParam, sortParam } from "@/lib/paging/page-params";

// Here rather than beside the hashing (lib/auth/passwords.ts), so that forms can import these
// schemas without the native argon2 module.
export const MIN_PASSWORD_LENGTH = 12;

export const usernameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{2,63}$/, "must be 3 to 64 lowercase letters, digits, dots, dashes or underscores");

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, "must be at most 256 characters");

export const roleSchema = z.enum(ROLES);

const merchantIdSchema = z
  .string()
  .regex(XID_PATTERN, "must be a merchant id")
  .describe("The merchant a `merchant` account belongs to (its tokens' merchant_id claim); only with role merchant");

/** A merchant account names its merchant; no other role takes one. */
function merchantMatchesRole(body: { role?: string; merchantId?: string }, context: z.RefinementCtx, roleRequired: boolean) {
  if (body.role === "merchant" && body.merchantId === undefined && roleRequired) {
    context.addIssue({ code: "custom", path: ["merchantId"], message: "is required for role merchant" });
  }
  if (body.merchantId !== undefined && body.role !== undefined && body.role !== "merchant") {
    context.addIssue({ code: "custom", path: ["merchantId"], message: "is only for role merchant" });
  }
}

/** POST /v1/users: the password is made by the service and shown once, never chosen by the admin. */
export const createUserBody = z
  .strictObject({
    username: usernameSchema,
    role: roleSchema,
    merchantId: merchantIdSchema.optional(),
  })
  .superRefine((body, context) => merchantMatchesRole(body, context, true));
export type CreateUserInput = z.infer<typeof createUserBody>;

/**
 * PATCH /v1/users/{id}: role, disabled, or both; a merchant account's merchantId (with role
 * merchant, or alone to move a merchant account to another merchant). Another role clears it.
 */
export const updateUserBody = z
  .strictObject({ role: roleSchema.optional(), merchantId: merchantIdSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined || body.merchantId !== undefined, {
    message: "must change role, merchantId or disabled",
  })
  .superRefine((body, context) => merchantMatchesRole(body, context, false));
export type UpdateUserInput = z.infer<typeof updateUserBody>;

export const listUsersQuery = z.strictObject({
  // The beginning of the username.
  search: z.string().trim().min(1, "must not be empty").max(64).optional(),
  // One merchant's accounts (the staff merchant page lists them).
  merchantId: z.string().min(1).max(64).optional(),
  limit: limitParam,
  cursor: cursorParam,
  sort: sortParam,
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;
