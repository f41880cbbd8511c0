// The overview's payments figures come from a trigger-maintained rollup of decided payments:
// the approval rate and the top decline codes must be what the events say, after inserts, moves
// in time and compaction, counting authorizations and pre-authorizations only.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { EventDataInput } from "@/lib/events/data-schema";
import { newId } from "@/lib/ids";
import { compactEventCounts } from "@/lib/stats/compact-event-counts";
import { getEventOverview } from "@/lib/stats/event-overview";
import { userWithTokens } from "../support/api";
import { insertPendingEvents, setCreatedAt } from "../support/events";

const denied = (acquirerResponseCode: string): Partial<EventDataInput> => ({
  transactionStatus: "denied",
  authorizationCode: null,
  acquirerResponseCode,
});

describe("the overview's payments", () => {
  it("counts the approval rate and ranks the decline codes by acquirer and by merchant", async () => {
    const viewer = await userWithTokens("viewer");
    const tag = newId().slice(-8);
    const a = `pay-a-${tag}`;
    const b = `pay-b-${tag}`;
    const cielo = { merchantId: a, acquirerName: "cielo" } as const;
    const rede = { merchantId: b, acquirerName: "rede" } as const;
    const data: Partial<EventDataInput>[] = [
      ...Array.from({ length: 6 }, () => cielo),
      ...Array.from({ length: 3 }, () => ({ ...cielo, ...denied("51") })),
      { ...cielo, ...denied("57") },
      ...Array.from({ length: 2 }, () => rede),
      ...Array.from({ length: 2 }, () => ({ ...rede, ...denied("14") })),
      { ...rede, ...denied("X1") },
      // Not decided payments: a pre-authorization counts, a capture, a void and a pending one do not.
      { ...rede, transactionType: "pre_authorization" },
      { ...cielo, transactionType: "capture" },
      { ...cielo, transactionType: "void", ...denied("51") },
      { ...cielo, transactionStatus: "pending", authorizationCode: null, acquirerResponseCode: null },
    ];
    const ids = await insertPendingEvents(data.length, (i) => data[i]!);
    // A quiet hour of 2019 that no other test uses (inserted now, moved there: the update trigger's path).
    await setCreatedAt(ids, (i) => new Date(Date.UTC(2019, 5, 12, 9, i)));
    // Processing changes the status, not the payment: the figures stay.
    await db().$executeRaw`UPDATE events SET status = 'processed' WHERE id = ${ids[0]}`;

    const check = async () => {
      const { payments } = await getEventOverview({
        caller: { userId: viewer.user.id, username: viewer.user.username, role: "viewer" },
        period: "24h",
        now: new Date(Date.UTC(2019, 5, 12, 12)),
      });
      expect(payments.approved).toBe(9);
      expect(payments.declined).toBe(7);
      expect(payments.approvalRate).toBeCloseTo(9 / 16, 10);
      expect(payments.topDeclinesByAcquirer).toEqual([
        { acquirerName: "cielo", responseCode: "51", description: "Insufficient funds", declineClass: "reversible", count: 3 },
        { acquirerName: "rede", responseCode: "14", description: "Invalid card number", declineClass: "irreversible", count: 2 },
        {
          acquirerName: "cielo",
          responseCode: "57",
          description: "Transaction not allowed for the card",
          declineClass: "irreversible",
          count: 1,
        },
        { acquirerName: "rede", responseCode: "X1", description: "Unknown code X1", declineClass: "unknown", count: 1 },
      ]);
      expect(payments.topDeclinesByMerchant.map((d) => [d.merchantId, d.responseCode, d.count, d.merchantName])).toEqual([
        [a, "51", 3, null],
        [b, "14", 2, null],
        [a, "57", 1, null],
        [b, "X1", 1, null],
      ]);
    };
    await check();
    while ((await compactEventCounts()) > 0) {}
    await check();

    // A deleted event leaves the figures (retention drops whole months; tests delete rows).
    await db().$executeRaw`DELETE FROM events WHERE id = ${ids[6]}`;
    const after = await getEventOverview({
      caller: { userId: viewer.user.id, username: viewer.user.username, role: "viewer" },
      period: "24h",
      now: new Date(Date.UTC(2019, 5, 12, 12)),
    });
    expect(after.payments).toMatchObject({ approved: 9, declined: 6 });
    expect(after.payments.topDeclinesByAcquirer[0]).toMatchObject({ responseCode: "51", count: 2 });
  });

  it("has no rate when nothing was decided", async () => {
    const viewer = await userWithTokens("viewer");
    // A day of 2017 that no test writes events in.
    const { payments } = await getEventOverview({
      caller: { userId: viewer.user.id, username: viewer.user.username, role: "viewer" },
      period: "24h",
      now: new Date(Date.UTC(2017, 6, 19, 12)),
    });
    expect(payments).toEqual({
      approved: 0,
      declined: 0,
      approvalRate: null,
      topDeclinesByAcquirer: [],
      topDeclinesByMerchant: [],
    });
  });
});
