// Migration *_dedup_key_payment_identity (two payments sharing a repeated NSU): the keys of stored events gain the
// authorization code, the card's BIN and last 4, the payment method, installments and currency,
// in both places they live (events.dedup_key and event_dedup_keys), exactly as ingestion now
// builds them, so a repeat of a stored notification is still recognised after the upgrade.
import { describe, expect, it } from "vitest";
import { type EventData, eventDataSchema } from "@/lib/events/data-schema";
import { dedupKeyOf } from "@/lib/events/ingest/event-columns";
import { cardEventData, pixEventData } from "../support/event-data";
import { databaseBeforeMigration } from "../support/migration-test";

const MIGRATION = "20261126010000_dedup_key_payment_identity";

/** The key as every version before this migration built it. */
const oldKey = (d: EventData) =>
  d.retrievalReferenceNumber === null
    ? null
    : [
        d.acquirerName,
        d.acquirerMerchantIdentifier,
        d.acquirerTerminalIdentifier,
        d.retrievalReferenceNumber,
        d.transactionType,
        d.transactionStatus,
        d.amount,
      ].join("|");

const EVENTS: { id: string; at: string; data: EventData }[] = [
  { id: "k0000000000000000001", at: "2026-10-15T10:00:00.000Z", data: eventDataSchema.parse(cardEventData()) },
  {
    id: "k0000000000000000002",
    at: "2026-11-02T10:00:00.000Z",
    data: eventDataSchema.parse(cardEventData({ authorizationCode: null, installments: 12, cardData: null })),
  },
  { id: "k0000000000000000003", at: "2026-11-03T10:00:00.000Z", data: eventDataSchema.parse(pixEventData()) },
  {
    id: "k0000000000000000004",
    at: "2026-11-04T10:00:00.000Z",
    data: eventDataSchema.parse(pixEventData({ retrievalReferenceNumber: null })),
  },
];

const db = databaseBeforeMigration(MIGRATION, async () => {
  await db.query("SELECT ensure_event_partitions('2026-10-01'::date, 1)");
  for (const e of EVENTS) {
    await db.query(
      `INSERT INTO events (id, type, status, data, dedup_key, created_at, updated_at)
       VALUES ($1, 'payment.completed', 'pending', $2::jsonb, $3, $4, $4)`,
      [e.id, JSON.stringify(e.data), oldKey(e.data), e.at],
    );
    if (oldKey(e.data) !== null)
      await db.query("INSERT INTO event_dedup_keys (dedup_key, event_id, created_at) VALUES ($1, $2, $3)", [
        oldKey(e.data),
        e.id,
        e.at,
      ]);
  }
});

describe("migration *_dedup_key_payment_identity", () => {
  it("rewrites every stored key, in events and in event_dedup_keys, as ingestion builds it now", async () => {
    expect(await db.migrate({ only: MIGRATION })).toEqual([MIGRATION]);
    const expected = EVENTS.map((e) => ({ id: e.id, dedup_key: dedupKeyOf(e.data) }));
    expect(expected.map((e) => e.dedup_key)).toContain(null);
    expect(await db.query("SELECT id, dedup_key FROM events ORDER BY id")).toEqual(expected);
    expect(await db.query("SELECT event_id AS id, dedup_key FROM event_dedup_keys ORDER BY event_id")).toEqual(
      expected.filter((e) => e.dedup_key !== null),
    );
  });
});
