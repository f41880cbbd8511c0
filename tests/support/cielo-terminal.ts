// A Cielo establishment and terminal for the reconciliation tests: random identifiers (so tests
// sharing a database never match each other's sales), the merchant's credential for them, and
// notifications on it, which statements built with tests/support/statement-files.ts then list.
import type { EventDataInput } from "@/lib/events/data-schema";
import { insertCredential } from "./credentials";
import { cardEventData, digits } from "./event-data";

export async function cieloTerminal() {
  const mid = digits(10);
  const tid = digits(8);
  const credential = await insertCredential({ acquirer: "cielo", mid, tid });
  const notification = (o: Partial<EventDataInput>) =>
    cardEventData({
      acquirerName: "cielo",
      acquirerMerchantIdentifier: mid,
      acquirerTerminalIdentifier: tid,
      merchantId: credential.merchantId,
      ...o,
    });
  return { mid, tid, merchantId: credential.merchantId, notification };
}
