// The handlers a plain resource needs (list, create, read one, change one), built once: each
// parses its input with the resource's schema and calls one service function. Routes with
// anything more to do write their handler out with authedRoute.
import type { z } from "zod";
import type { Caller, ChangeById, Permission } from "@/lib/access/roles";
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, idempotentWrite, json, type RouteHandler, WRITE } from "@/lib/http/route";

type ById = { id: string };

/** GET on a collection: the query string against `schema`, answered by `list`. */
export function listRoute<S extends z.ZodType>(
  schema: S,
  list: (options: { caller: Caller; query: z.infer<S> }) => Promise<unknown>,
): RouteHandler {
  return authedRoute(async ({ caller, query }) => json(await list({ caller, query })), { query: schema });
}

/**
 * POST on a collection: the body against `schema`, made by `create`, answered 201 with the new
 * resource's Location; idempotent for callers with `permission`.
 */
export function createRoute<S extends z.ZodType, T>(
  schema: S,
  create: (options: { caller: Caller; input: z.infer<S> }) => Promise<T>,
  response: { permission: Permission; location: (created: T) => string; headers?: Record<string, string> },
): RouteHandler {
  return authedRoute(async ({ request, caller }) => {
    const created = await create({ caller, input: await readJsonBody(request, schema) });
    return json(created, { status: 201, headers: { location: response.location(created), ...response.headers } });
  }, idempotentWrite(response.permission));
}

/** GET on one resource, by the {id} of its path. */
export function getByIdRoute(get: (options: { caller: Caller; id: string }) => Promise<unknown>): RouteHandler {
  return authedRoute<ById>(async ({ caller, params }) => json(await get({ caller, id: params.id })));
}

/** PATCH on one resource, by the {id} of its path: the body against `schema`, applied by `update`. */
export function patchByIdRoute<S extends z.ZodType>(
  schema: S,
  update: (options: ChangeById<z.infer<S>>) => Promise<unknown>,
): RouteHandler {
  return authedRoute<ById>(async ({ request, caller, params }) => {
    const input = await readJsonBody(request, schema);
    return json(await update({ caller, id: params.id, input }));
  }, WRITE);
}
