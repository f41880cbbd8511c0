// POST /v1/webhooks/events/batch: up to 100 notifications, each answered in order (roles ingest, admin).
import { BATCH_MAX_BODY_BYTES, batchEnvelopeBody } from "@/lib/events/ingest/batch-schema";
import { ingestEventBatch } from "@/lib/events/ingest/ingest-batch";
import { parseJsonMembers, readJsonText, refuseDuplicateMembers, validate } from "@/lib/http/body";
import { authedRoute, INGESTION, json, methods } from "@/lib/http/route";

/** A duplicated member inside notification i (events.i.<member>), not in the envelope. */
const insideAnItem = (path: string[]) => path[0] === "events" && path.length > 2;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute(async ({ request, caller }) => {
    const { value, duplicates } = parseJsonMembers(await readJsonText(request, BATCH_MAX_BODY_BYTES));
    // Only the envelope here; each item is checked (its text and member names included) on its
    // own, so one bad notification never refuses the others.
    refuseDuplicateMembers(duplicates.filter((path) => !insideAnItem(path)));
    const body = validate(batchEnvelopeBody, value, { checkText: false });
    return json(await ingestEventBatch({ caller, items: body.events, duplicateMembers: duplicates.filter(insideAnItem) }));
  }, INGESTION),
});
