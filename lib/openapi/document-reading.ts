// Reading the OpenAPI document (pure, no server code): its operations in path order, and the
// shared parts a $ref points to. The API reference page, the response checker of the
// integration tests and the fuzzer all read the document through these.
import type { Header, HttpMethod, OpenApiDocument, Operation, Parameter, Reference, Response } from "@/lib/openapi/types";
import { HTTP_METHODS, isReference } from "@/lib/openapi/types";

export type DocumentOperation = { path: string; method: HttpMethod; operation: Operation };

/** Every operation, in the document's path order and, within a path, in HTTP_METHODS order. */
export function documentOperations(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
}

/** A component behind a $ref (#/components/<section>/<name>), with its name when it had one. */
export function resolve<T>(document: OpenApiDocument, value: T | Reference): { value: T; sharedAs?: string } {
  if (!isReference(value)) return { value };
  const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(value.$ref) ?? [];
  const found = section && name ? (document.components as Record<string, Record<string, unknown>>)[section]?.[name] : undefined;
  if (!found) throw new Error(`The reference ${value.$ref} leads nowhere.`);
  return { value: found as T, sharedAs: name };
}

export const resolveResponse = (document: OpenApiDocument, value: Response | Reference) => resolve<Response>(document, value);
export const resolveHeader = (document: OpenApiDocument, value: Header | Reference) => resolve<Header>(document, value).value;
export const resolveParameter = (document: OpenApiDocument, value: Parameter | Reference) =>
  resolve<Parameter>(document, value).value;
