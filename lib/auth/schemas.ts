// Request bodies of the token endpoints.
import { z } from "zod";

export const signInBody = z.strictObject({
  username: z.string().min(1, "is required").max(64),
  password: z.string().min(1, "is required").max(256),
});

export const refreshTokenBody = z.strictObject({
  refresh_token: z.string().min(1, "is required").max(4096),
});
