// GET /v1/reconciliation/imports: the statements imported. POST: import one (the file is the body).
import { readTextStream } from "@/lib/http/body";
import { listRoute } from "@/lib/http/resource-routes";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { importStatement } from "@/lib/reconciliation/import-statement";
import { listImports } from "@/lib/reconciliation/list-imports";
import { MAX_STATEMENT_BYTES } from "@/lib/reconciliation/reconciliation-values";
import { importStatementQuery, listImportsQuery } from "@/lib/reconciliation/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: listRoute(listImportsQuery, listImports),
  POST: authedRoute(
    async ({ request, caller, query }) => {
      const body = readTextStream(request, MAX_STATEMENT_BYTES);
      const { created, import: done } = await importStatement({ caller, body, format: query.format });
      return json(done, { status: created ? 201 : 200, headers: { location: `/v1/reconciliation/imports/${done.id}` } });
    },
    { ...WRITE, query: importStatementQuery },
  ),
});
