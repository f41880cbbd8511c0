// A username's and a password's rules, read by the users' forms and API and by the configuration
// (the bootstrap admin's account): at the platform's floor, so the configuration need not import
// the users' domain. Apart from the hashing (lib/crypto/passwords.ts), so that forms can import
// them without the native argon2 module.
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 12;

export const usernameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{2,63}$/, "must be 3 to 64 lowercase letters, digits, dots, dashes or underscores");

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, "must be at most 256 characters");
