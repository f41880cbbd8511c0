// Request bodies of the token endpoints and of a user's own password change.
import { z } from "zod";
import { passwordSchema } from "@/lib/validation/account-fields";

export const signInBody = z.strictObject({
  username: z.string().min(1, "is required").max(64),
  password: z.string().min(1, "is required").max(256),
});

export const refreshTokenBody = z.strictObject({
  refresh_token: z.string().min(1, "is required").max(4096),
});

export const changePasswordBody = z.strictObject({
  current_password: z.string().min(1, "is required").max(256),
  new_password: passwordSchema,
});

export type ChangePasswordInput = z.infer<typeof changePasswordBody>;

export const passwordChangedSchema = z.strictObject({
  changed: z.literal(true),
  sessions_ended: z.literal(true).describe("Every session and token of the account was ended: sign in again"),
});
