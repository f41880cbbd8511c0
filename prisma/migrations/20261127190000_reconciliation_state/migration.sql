-- An import that fails after its row was committed apart (a server: its progress is visible)
-- becomes failed with its reason, and an importing one whose progress stopped is taken as
-- interrupted (lib/reconciliation/stale-imports.ts): progress_at is its heartbeat.
ALTER TABLE "reconciliation_imports" ADD COLUMN "failure_reason" VARCHAR(200),
  ADD COLUMN "progress_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  -- A merchant's matched count per import ({merchantId: n}, a few hundred keys, written with the
  -- summary): what the merchant page reads, rather than counting a million matches.
  ADD COLUMN "matched_by_merchant" JSONB;

-- Written by hand: which payment each sale matched, for an event's reconciliation state. Cheap to
-- write (a million rows per import, in the import's transaction, within the matching's 60 s for a
-- million sales): one index, no foreign key (a million checks). Its key is what it is read by: an
-- event's payment (event_id), and one payment matches at most one sale per import. An import is
-- never removed once done (a failed one never wrote a match), so no match is left without its
-- import.
CREATE TABLE "reconciliation_matches" (
    "import_id" VARCHAR(20) NOT NULL,
    "sale_line" INTEGER NOT NULL,
    "event_id" VARCHAR(20) NOT NULL,
    "merchant_id" VARCHAR(64),

    CONSTRAINT "reconciliation_matches_pkey" PRIMARY KEY ("event_id", "import_id")
);

-- An event's open or resolved exception, for its reconciliation state.
CREATE INDEX "reconciliation_exceptions_event_id_idx" ON "reconciliation_exceptions"("event_id");
