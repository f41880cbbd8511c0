// Checks a response against the OpenAPI document: the operation is found by method and path
// template, its status must be documented, its content type listed, its required headers present
// and its JSON body valid (JSON Schema 2020-12, ajv). tests/support/api.ts runs it on every
// response of the integration tests, so the document cannot drift from what the API answers.

import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { resolveHeader, resolveResponse } from "@/lib/openapi/document-reading";
import type { HttpMethod, JsonSchema, OpenApiDocument, PathItem, Response } from "@/lib/openapi/types";
import { HTTP_METHODS } from "@/lib/openapi/types";
import { SECRET_KEYWORD } from "@/lib/validation/secret-field";

export type SeenResponse = {
  method: string;
  url: string;
  /** The route parameters the handler was given (Next's `params`). */
  params?: Record<string, string | string[]>;
  status: number;
  headers: Headers;
  text: string;
};

const COMPONENTS_ID = "urn:openapi:components";

type Template = { path: string; pattern: RegExp; names: string[]; item: PathItem };

type Checker = {
  document: OpenApiDocument;
  templates: Template[];
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
};

// One checker per document: the app's own (integration tests) or one fetched from a running
// server (browser tests, the fuzzer). This file imports no server code, so Playwright can load it.
const checkers = new WeakMap<OpenApiDocument, Checker>();

/** "#/components/schemas/X" → the same schema in the one registered ajv schema (under $defs). */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "$ref" && typeof inner === "string" && inner.startsWith("#/components/schemas/")
          ? `${COMPONENTS_ID}#/$defs/${inner.slice("#/components/schemas/".length)}`
          : rewriteRefs(inner),
      ]),
    );
  }
  return value;
}

function setUp(document: OpenApiDocument): Checker {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    // zod writes a pattern beside each format, so the formats themselves need no checker.
    formats: { "date-time": true, ipv4: true, ipv6: true, email: true, uri: true, uuid: true },
  });
  // The document's own keyword: an answer that may hold a secret (lib/validation/secret-field.ts).
  ajv.addKeyword(SECRET_KEYWORD);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(document.components.schemas) as Record<string, JsonSchema> });
  const templates = Object.entries(document.paths)
    .map(([path, item]) => {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name!);
      const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "([^/]+)");
      return { path, pattern: new RegExp(`^${source}$`), names, item };
    })
    // A literal segment wins over a parameter, as in Next's router (/events/export before /events/{id}).
    .sort((a, b) => a.names.length - b.names.length);
  return { document, templates, ajv, validators: new Map() };
}

const normalized = (path: string) => new URL(path, "http://localhost").pathname;

/**
 * The route that answered: the template whose parameters are the handler's params and which,
 * filled with them, is the request's path (so /v1/credentials/../merchants with params
 * {id: "../merchants"} is the credential route, as Next would route it); else the first
 * template the path matches.
 */
function findTemplate(
  templates: Template[],
  method: HttpMethod,
  pathname: string,
  params: Record<string, string | string[]>,
): Template | undefined {
  const keys = Object.keys(params).sort().join(",");
  const byParams = templates.filter(
    (t) =>
      [...t.names].sort().join(",") === keys &&
      normalized(t.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(params[name]))) === pathname,
  );
  // A parameter holding "../" can make two templates fit: the one with this method answered.
  return byParams.find((t) => t.item[method]) ?? byParams[0] ?? templates.find((t) => t.pattern.test(pathname));
}

function validator(c: Checker, key: string, schema: JsonSchema): ValidateFunction {
  let validate = c.validators.get(key);
  if (!validate) {
    validate = c.ajv.compile(rewriteRefs(schema) as JsonSchema);
    c.validators.set(key, validate);
  }
  return validate;
}

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 8)
    .map(
      (e) =>
        `  ${e.instancePath || "(body)"} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`,
    )
    .join("\n");

/** Everything about the response that the document does not allow (empty when it matches). */
export function responseMismatches(seen: SeenResponse, document: OpenApiDocument): string[] {
  let c = checkers.get(document);
  if (!c) {
    c = setUp(document);
    checkers.set(document, c);
  }
  const pathname = normalized(seen.url);
  const method = seen.method.toLowerCase() as HttpMethod;
  const template = findTemplate(c.templates, method, pathname, seen.params ?? {});

  let where: string;
  let response: Response;
  const problems: string[] = [];
  if (!template) {
    // The /v1 catch-all: any path the document does not list is a 404.
    where = "(undocumented path)";
    if (seen.status !== 404) return [`the path is not documented, so only 404 is expected, got ${seen.status}`];
    response = document.components.responses.NotFound!;
  } else if (!HTTP_METHODS.includes(method) || !template.item[method]) {
    where = `${template.path} (method not documented)`;
    if (seen.status !== 405)
      return [`${seen.method} is not documented for ${template.path}, so only 405 is expected, got ${seen.status}`];
    response = document.components.responses.MethodNotAllowed!;
    const allow = HTTP_METHODS.filter((m) => template.item[m])
      .map((m) => m.toUpperCase())
      .join(", ");
    if (seen.headers.get("allow") !== allow)
      problems.push(`Allow is "${seen.headers.get("allow")}", the document lists "${allow}"`);
  } else {
    where = template.path;
    const operation = template.item[method]!;
    const documented = operation.responses[String(seen.status)];
    if (!documented) {
      const statuses = Object.keys(operation.responses).join(", ");
      return [`[${where}] status ${seen.status} is not documented (documented: ${statuses})\n  body: ${seen.text.slice(0, 300)}`];
    }
    response = resolveResponse(document, documented).value;
  }

  for (const [name, headerOrRef] of Object.entries(response.headers ?? {})) {
    const header = resolveHeader(document, headerOrRef);
    const value = seen.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`the required header ${name} is missing`);
      continue;
    }
    const validate = validator(c, `header ${name} ${JSON.stringify(header.schema)}`, header.schema);
    if (!validate(value))
      problems.push(`the header ${name}: "${value}" does not match its schema:\n${describeErrors(validate.errors)}`);
  }

  const contentType = (seen.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!response.content) {
    if (seen.text !== "") problems.push(`no body is documented, got ${contentType || "one"}`);
  } else if (!response.content[contentType]) {
    problems.push(`content type "${contentType}" is not documented (documented: ${Object.keys(response.content).join(", ")})`);
  } else if (/[/+]json$/.test(contentType)) {
    let body: unknown;
    try {
      body = JSON.parse(seen.text);
    } catch {
      problems.push(`the body is not JSON: ${seen.text.slice(0, 200)}`);
    }
    if (problems.length === 0) {
      const validate = validator(
        c,
        `${where} ${seen.method} ${seen.status} ${contentType}`,
        response.content[contentType].schema,
      );
      if (!validate(body)) {
        problems.push(
          `the body does not match the documented schema:\n${describeErrors(validate.errors)}\n  body: ${seen.text.slice(0, 500)}`,
        );
      }
    }
  }
  return problems.map((p) => `[${where}] ${p}`);
}

/** Throws, naming the request, status and every mismatch, when the document does not allow the response. */
export function assertResponseMatchesDocument(seen: SeenResponse, document: OpenApiDocument): void {
  const problems = responseMismatches(seen, document);
  if (problems.length === 0) return;
  const url = new URL(seen.url, "http://localhost");
  throw new Error(
    `The response of ${seen.method} ${url.pathname}${url.search} (${seen.status}) does not match the OpenAPI document:\n` +
      problems.map((p) => `- ${p}`).join("\n"),
  );
}
