// The parts every resource's declarations share, and builders for the operations that differ
// only in names and words: a list (a page of a collection), a read by id, a change by id, an
// idempotent create.
import "server-only";
import { z } from "zod";
import { HEADERS } from "@/lib/openapi/components";
import type { OperationDeclaration, ProblemDeclaration, SuccessDeclaration } from "@/lib/openapi/operations";
import { type AnyFilter, filterDescriptions } from "@/lib/paging/list-filter-table";
import { DEFAULT_LIMIT, MAX_LIMIT } from "@/lib/paging/page-params";

export const XID = "An XID: 20 characters of [0-9a-v]. Any other value is a 404.";

export const NO_STORE = { "Cache-Control": HEADERS.noStore };

/** The keyset paging parameters of every list. */
export const PAGING = {
  limit: `Page size: an integer from 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}); anything else is a 400, not clamped.`,
  cursor: "The `metadata.cursor` of the previous page. Opaque, and valid only with the same filters and sort.",
  sort: "ASC or DESC in any case (default DESC): by creation time, then id.",
};

type Named = Pick<OperationDeclaration, "path" | "operationId" | "summary" | "description" | "tag">;

/**
 * GET on a collection: a page of it, filtered by a strict query. The query's words are its
 * filters' (a filter table's, or written here) and then the paging's.
 */
export function listOperation(
  declaration: Named &
    Required<Pick<OperationDeclaration, "query">> & { filters: readonly AnyFilter[] | Record<string, string> } & {
      page: SuccessDeclaration;
    },
): OperationDeclaration {
  const { page, filters, ...named } = declaration;
  const words = Array.isArray(filters) ? filterDescriptions(filters) : (filters as Record<string, string>);
  return { method: "get", ...named, queryDescriptions: { ...words, ...PAGING }, auth: "bearer", success: { 200: page } };
}

/**
 * A collection's two operations on its path: GET, a page of it (a list), and POST, an idempotent
 * create. The path and the tag are said once.
 */
export function collectionOperations(declaration: {
  path: string;
  tag: string;
  list: Omit<Parameters<typeof listOperation>[0], "path" | "tag">;
  create: Omit<Parameters<typeof idempotentCreateOperation>[0], "path" | "tag">;
}): OperationDeclaration[] {
  const { path, tag, list, create } = declaration;
  return [listOperation({ path, tag, ...list }), idempotentCreateOperation({ path, tag, ...create })];
}

/**
 * A change to one resource by its id (PATCH, DELETE, or POST to one of its actions): the write
 * rate limit, a bearer token, a 404 for an id that is not there (a resource under another one
 * names its own id too, in `pathParameters`), then the operation's own problems.
 */
export function changeByIdOperation(
  declaration: Named &
    Pick<OperationDeclaration, "body" | "success" | "pathParameters"> & {
      method: "post" | "patch" | "delete";
      problems?: OperationDeclaration["problems"];
    },
): OperationDeclaration {
  const { problems, pathParameters, ...rest } = declaration;
  return {
    ...rest,
    rateLimit: "write",
    auth: "bearer",
    pathParameters: { id: XID, ...pathParameters },
    problems: { 404: { codes: ["not_found"] }, ...problems },
  };
}

/**
 * GET on reference data (the providers, the event types): the whole list at once, so the query
 * takes no parameter at all and any given is a 400.
 */
export function referenceListOperation(declaration: Named & { list: SuccessDeclaration }): OperationDeclaration {
  const { list, ...named } = declaration;
  return { method: "get", ...named, auth: "bearer", query: z.strictObject({}), success: { 200: list } };
}

/**
 * The answers of a write that either finds what it was asked to make already there (200: the
 * stored event, the running job, the imported file) or makes it now (201, 202): each names the
 * resource in Location, so a client follows the same header whichever it got.
 */
export function locatedAnswers(answers: Record<number, Omit<SuccessDeclaration, "headers">>): Record<number, SuccessDeclaration> {
  return Object.fromEntries(
    Object.entries(answers).map(([status, answer]) => [status, { ...answer, headers: { Location: HEADERS.location } }]),
  );
}

/** GET on one resource by its id: the resource, or a 404. */
export function getByIdOperation(declaration: Named & { found: SuccessDeclaration }): OperationDeclaration {
  const { found, ...named } = declaration;
  return {
    method: "get",
    ...named,
    auth: "bearer",
    pathParameters: { id: XID },
    success: { 200: found },
    problems: { 404: { codes: ["not_found"] } },
  };
}

/**
 * POST on a collection that creates one resource and takes an Idempotency-Key: the write rate
 * limit, a bearer token, the 201 (Location, whether it is a replay) and the create's 409 and 422
 * after its own codes.
 */
export function idempotentCreateOperation(
  declaration: Named & {
    body: NonNullable<OperationDeclaration["body"]>["schema"];
    created: { description: string; body: SuccessDeclaration["body"]; headers?: SuccessDeclaration["headers"] };
    conflicts?: string[];
    unprocessable?: string[];
  },
): OperationDeclaration {
  const { body, created, conflicts = [], unprocessable = [], ...named } = declaration;
  return {
    method: "post",
    ...named,
    rateLimit: "write",
    auth: "bearer",
    idempotencyKey: true,
    body: { schema: body },
    success: idempotentCreated(created.description, created.body, created.headers),
    problems: idempotentCreateProblems(conflicts, unprocessable),
  };
}

/** The 201 of a create that takes an Idempotency-Key: Location, and whether it is a replay. */
export function idempotentCreated(
  description: string,
  body: SuccessDeclaration["body"],
  headers: SuccessDeclaration["headers"] = {},
): Record<number, SuccessDeclaration> {
  return {
    201: {
      description: `${description} With an Idempotency-Key, a replay answers the first response again.`,
      body,
      headers: { Location: HEADERS.location, "Idempotent-Replayed": HEADERS.idempotentReplayed, ...headers },
    },
  };
}

/**
 * The 409 and 422 of a create that takes an Idempotency-Key, after its own codes: a key still in
 * flight or whose response is gone (409, Retry-After), a key used with another request (422).
 */
export function idempotentCreateProblems(
  conflicts: string[],
  unprocessable: string[],
): Pick<Record<409 | 422, ProblemDeclaration>, 409 | 422> {
  return {
    409: {
      codes: [...conflicts, "idempotency_in_flight", "idempotency_response_unavailable"],
      headers: { "Retry-After": HEADERS.retryAfterOptional },
    },
    422: { codes: [...unprocessable, "idempotency_key_reused"] },
  };
}
