// POST /v1/webhooks/events/batch: up to 100 notifications, each answered in order (roles ingest, admin).
import { BATCH_MAX_BODY_BYTES, batchEnvelopeBody } from "@/lib/events/batch-schema";
import { ingestEventBatch } from "@/lib/events/ingest-batch";
import { parseJson, readJsonText, validate } from "@/lib/http/body";
import { authedRoute, json, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: authedRoute(async ({ request, caller }) => {
    // Only the envelope here; each item is checked (NUL characters included) on its own.
    const body = validate(batchEnvelopeBody, parseJson(await readJsonText(request, BATCH_MAX_BODY_BYTES)), { checkNul: false });
    return json(await ingestEventBatch({ caller, items: body.events }));
  }),
});
