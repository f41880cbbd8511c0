// User input rules, shared by the CLI, the API (/v1/users), the OpenAPI document and the forms.
import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
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

/** POST /v1/users: the password is made by the service and shown once, never chosen by the admin. */
export const createUserBody = z.strictObject({
  username: usernameSchema,
  role: roleSchema,
});
export type CreateUserInput = z.infer<typeof createUserBody>;

/** PATCH /v1/users/{id}: either change, or both. */
export const updateUserBody = z
  .strictObject({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: "must change role or disabled",
  });
export type UpdateUserInput = z.infer<typeof updateUserBody>;

export const listUsersQuery = z.strictObject({
  // The beginning of the username.
  search: z.string().trim().min(1, "must not be empty").max(64).optional(),
  limit: limitParam,
  cursor: cursorParam,
  sort: sortParam,
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;
