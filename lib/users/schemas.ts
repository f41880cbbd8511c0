// User input rules, shared by the CLI, the API (/v1/users), the OpenAPI document and the forms.
import { z } from "zod";
import { ROLES } from "@/lib/access/roles";
import { XID_PATTERN } from "@/lib/ids";
import { listQuerySchema } from "@/lib/paging/list-filter-table";
import { USER_FILTER_TABLE } from "@/lib/users/user-filter-table";
import { usernameSchema } from "@/lib/validation/account-fields";

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

/** GET /v1/users: its filters come from the filter table. */
export const listUsersQuery = listQuerySchema(USER_FILTER_TABLE);
export type ListUsersQuery = z.infer<typeof listUsersQuery>;
