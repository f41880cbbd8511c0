// One operation of the API reference: method and path, what it needs (token, parameters, body)
// and every answer it can give, schemas shown as JSON.
import { JsonView } from "@/components/api-reference/json-view";
import { Prose } from "@/components/api-reference/prose";
import {
  problemCodes,
  type ReferenceOperation,
  resolveHeader,
  resolveParameter,
  resolveResponse,
  schemaAnchor,
  schemaName,
  schemaSummary,
} from "@/components/api-reference/reference-model";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { HttpMethod, JsonSchema, OpenApiDocument } from "@/lib/openapi/types";

const METHOD_TONES: Record<HttpMethod, "accent" | "success" | "warning" | "danger" | "neutral"> = {
  get: "accent",
  post: "success",
  put: "warning",
  patch: "warning",
  delete: "danger",
};

export function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <Badge tone={METHOD_TONES[method]} className="w-16 justify-center font-mono uppercase">
      {method}
    </Badge>
  );
}

function SectionTitle({ children }: { children: string }) {
  return <h4 className="text-xs font-medium tracking-wide text-(--fg-subtle) uppercase">{children}</h4>;
}

/** A schema: a link when it is a named one, its JSON inside a disclosure otherwise. */
function SchemaBlock({ schema }: { schema: JsonSchema }) {
  const name = schemaName(schema);
  if (name) {
    return (
      <p className="text-sm text-(--fg-muted)">
        Schema{" "}
        <a href={`#${schemaAnchor(name)}`} className="font-mono text-(--accent-text) underline underline-offset-2">
          {name}
        </a>
      </p>
    );
  }
  return (
    <details className="group">
      <summary className="cursor-pointer text-sm text-(--fg-muted) hover:text-(--fg)">Schema</summary>
      <div className="mt-2">
        <JsonView value={schema} />
      </div>
    </details>
  );
}

function Parameters({ document, op }: { document: OpenApiDocument; op: ReferenceOperation }) {
  const parameters = (op.operation.parameters ?? []).map((p) => resolveParameter(document, p));
  if (parameters.length === 0) return null;
  return (
    <div className="space-y-2">
      <SectionTitle>Parameters</SectionTitle>
      <div className="overflow-x-auto rounded-md border border-(--line)">
        <table className="w-full text-left text-sm">
          <thead className="bg-(--surface-muted) text-xs text-(--fg-subtle)">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                In
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Schema
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Description
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-(--line)">
            {parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`} className="align-top">
                <th scope="row" className="px-3 py-2 font-mono text-xs font-medium whitespace-nowrap text-(--fg)">
                  {p.name}
                  {p.required ? <span className="ml-1 font-sans text-(--danger)">required</span> : null}
                </th>
                <td className="px-3 py-2 text-xs text-(--fg-muted)">{p.in}</td>
                <td className="px-3 py-2 font-mono text-xs break-all text-(--fg-muted)">{schemaSummary(p.schema)}</td>
                <td className="px-3 py-2">
                  <Prose text={p.description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RequestBody({ op }: { op: ReferenceOperation }) {
  const body = op.operation.requestBody;
  if (!body) return null;
  return (
    <div className="space-y-2">
      <SectionTitle>Request body</SectionTitle>
      <Prose text={body.description} />
      {Object.entries(body.content).map(([type, media]) => (
        <div key={type} className="space-y-1">
          <p className="font-mono text-xs text-(--fg-subtle)">{type}</p>
          <SchemaBlock schema={media.schema} />
        </div>
      ))}
    </div>
  );
}

function Responses({ document, op }: { document: OpenApiDocument; op: ReferenceOperation }) {
  return (
    <div className="space-y-2">
      <SectionTitle>Responses</SectionTitle>
      <ul className="divide-y divide-(--line) rounded-md border border-(--line)">
        {Object.entries(op.operation.responses).map(([status, ref]) => {
          const { value: response } = resolveResponse(document, ref);
          const tone = status.startsWith("2") ? "success" : status.startsWith("5") ? "danger" : "warning";
          const headers = Object.entries(response.headers ?? {}).filter(([name]) => name !== "X-Request-Id");
          return (
            <li key={status} className="space-y-2 px-3 py-3">
              <div className="flex flex-wrap items-start gap-3">
                <Badge tone={tone} className="font-mono">
                  {status}
                </Badge>
                <Prose text={response.description} className="min-w-0 flex-1" />
              </div>
              {headers.length > 0 ? (
                <dl className="ml-1 space-y-1 text-xs">
                  {headers.map(([name, header]) => {
                    const resolved = resolveHeader(document, header);
                    return (
                      <div key={name} className="flex flex-wrap gap-x-2">
                        <dt className="font-mono text-(--fg)">
                          {name}
                          {resolved.required ? "" : " (optional)"}
                        </dt>
                        <dd className="text-(--fg-muted)">{resolved.description ?? schemaSummary(resolved.schema)}</dd>
                      </div>
                    );
                  })}
                </dl>
              ) : null}
              {Object.entries(response.content ?? {}).map(([type, media]) => {
                const codes = problemCodes(media.schema);
                return (
                  <div key={type} className="space-y-1">
                    <p className="font-mono text-xs text-(--fg-subtle)">
                      {type}
                      {codes.length > 0 ? ` · code: ${codes.join(", ")}` : ""}
                    </p>
                    <SchemaBlock schema={media.schema} />
                  </div>
                );
              })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function OperationView({ document, op }: { document: OpenApiDocument; op: ReferenceOperation }) {
  const headingId = `${op.anchor}-title`;
  const bearer = op.operation.security.some((requirement) => "bearerAuth" in requirement);
  return (
    <Card className="scroll-mt-6" id={op.anchor}>
      <article aria-labelledby={headingId}>
        <div className="space-y-2 border-b border-(--line) px-5 py-4">
          <div className="flex flex-wrap items-center gap-3">
            <MethodBadge method={op.method} />
            <code className="font-mono text-sm font-medium break-all text-(--fg)">{op.path}</code>
            {bearer ? <Badge tone="neutral">Bearer token</Badge> : <Badge tone="neutral">Public</Badge>}
          </div>
          <h3 id={headingId} className="text-base font-semibold text-(--fg)">
            {op.operation.summary}
          </h3>
          <Prose text={op.operation.description} />
        </div>
        <div className="space-y-5 px-5 py-4">
          <Parameters document={document} op={op} />
          <RequestBody op={op} />
          <Responses document={document} op={op} />
        </div>
      </article>
    </Card>
  );
}
