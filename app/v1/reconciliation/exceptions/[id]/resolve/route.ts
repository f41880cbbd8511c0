// POST /v1/reconciliation/exceptions/{id}/resolve {note}: someone settled it (audited).
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { resolveException } from "@/lib/reconciliation/resolve-exception";
import { resolveExceptionBody } from "@/lib/reconciliation/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(async ({ request, caller, params }) => {
    const input = await readJsonBody(request, resolveExceptionBody);
    return json(await resolveException({ caller, id: params.id, input }));
  }, WRITE),
});
