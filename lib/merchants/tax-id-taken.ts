// A unique-index violation on merchants, as the API's 409: the tax id is the only unique value a
// registration or a change can collide on (ids are fresh XIDs or unchanged).
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { conflict } from "@/lib/errors";

export function asTaxIdTaken(error: unknown, taxId: string | undefined): unknown {
  if (isUniqueViolation(error)) {
    return conflict("tax_id_taken", `A merchant with the tax id ${taxId} is already registered.`);
  }
  return error;
}
