// User input rules, shared by the CLI, the API and the dashboard forms.
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/passwords";
import { ROLES } from "@/lib/auth/roles";

export const usernameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{2,63}$/, "must be 3 to 64 lowercase letters, digits, dots, dashes or underscores");

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, "must be at most 256 characters");

export const roleSchema = z.enum(ROLES);
