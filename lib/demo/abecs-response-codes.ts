// How often a POS sees each ABECS decline: the demo generator's weights. The codes' words and
// classes are lib/declines/abecs-codes.ts's (the one table, with its source); a code here that
// table does not know fails demo-events.test.ts.
import type { Weighted } from "@/lib/demo/seeded-random";

export { APPROVED_RESPONSE_CODE } from "@/lib/declines/abecs-codes";

export const CARD_DECLINE_CODES: Weighted<string> = [
  ["51", 30],
  ["05", 24],
  ["55", 9],
  ["57", 6],
  ["59", 4],
  ["54", 4],
  ["82", 3],
  ["N7", 3],
  ["14", 3],
  ["75", 2],
  ["61", 2],
  ["62", 2],
  ["91", 2],
  ["78", 1],
  ["63", 1],
  ["96", 1],
];

/** Pix refusals reported by the acquirer: no card to blame, so generic, policy and outage codes. */
export const PIX_DECLINE_CODES: Weighted<string> = [
  ["05", 50],
  ["57", 20],
  ["59", 15],
  ["91", 10],
  ["96", 5],
];
