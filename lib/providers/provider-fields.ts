// The shape of a provider's form fields, as stored in providers.authentication_fields and
// providers.additional_data_fields and served by GET /v1/providers.
import { z } from "zod";

export const providerFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.literal("string"),
  required: z.boolean(),
  secret: z.boolean(),
  pattern: z.string(),
  example: z.string(),
});

export type ProviderField = z.infer<typeof providerFieldSchema>;

export const providerFieldsSchema = z.array(providerFieldSchema);
