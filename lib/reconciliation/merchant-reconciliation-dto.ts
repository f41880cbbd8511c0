// The API's view of one merchant's reconciliation (the OpenAPI document's
// MerchantReconciliation): its sales matched by the last imports and its exceptions still open.
// Pure (the merchant page reads its type).
import { z } from "zod";

const count = z.int().nonnegative();

/** How many of the newest done imports the matched count spans. */
export const RECENT_IMPORTS = 10;

export const merchantReconciliationSchema = z.strictObject({
  merchantId: z.string(),
  imports: count.describe(`The done imports counted: the newest ${RECENT_IMPORTS} (every acquirer)`),
  lastImportAt: z.iso.datetime({ precision: 3 }).nullable().describe("When the newest of them was imported"),
  matched: count.describe("The merchant's payments those imports matched (a sale agreeing in amount and status)"),
  exceptions: count.describe("The merchant's exceptions those imports found, open or resolved"),
  open: count.describe(
    "The merchant's exceptions still open, of any import (GET /v1/reconciliation/exceptions?merchant_id=&status=open)",
  ),
});

export type MerchantReconciliationDto = z.output<typeof merchantReconciliationSchema>;
