// The API reference: the OpenAPI document (api-reference-loader.tsx fetches it) rendered as an
// index of operations by tag, each operation, then every named schema.
import { JsonView } from "@/components/api-reference/json-view";
import { MethodBadge, OperationView } from "@/components/api-reference/operation-view";
import { Prose } from "@/components/api-reference/prose";
import { operationsByTag, schemaAnchor } from "@/components/api-reference/reference-model";
import { Card } from "@/components/ui/card";
import type { OpenApiDocument } from "@/lib/openapi/types";

export function ApiReference({ document }: { document: OpenApiDocument }) {
  const tags = operationsByTag(document);
  const schemas = Object.entries(document.components.schemas).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="space-y-10">
      <Card className="px-5 py-4">
        <Prose text={document.info.description} />
      </Card>

      <nav aria-label="Operations" className="rounded-lg border border-(--line) bg-(--surface) px-5 py-4">
        <h2 className="text-sm font-semibold text-(--fg)">Operations</h2>
        <div className="mt-3 grid gap-x-8 gap-y-4 sm:grid-cols-2">
          {tags.map((tag) => (
            <div key={tag.name}>
              <a
                href={`#${tag.anchor}`}
                className="text-xs font-medium tracking-wide text-(--fg-subtle) uppercase hover:text-(--fg)"
              >
                {tag.name}
              </a>
              <ul className="mt-1.5 space-y-1">
                {tag.operations.map((op) => (
                  <li key={op.anchor}>
                    <a href={`#${op.anchor}`} className="group flex items-center gap-2 text-sm">
                      <MethodBadge method={op.method} />
                      <span className="truncate font-mono text-xs text-(--fg-muted) group-hover:text-(--fg)">{op.path}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>

      {tags.map((tag) => (
        <section key={tag.name} aria-labelledby={tag.anchor} className="space-y-4">
          <div>
            <h2 id={tag.anchor} className="scroll-mt-6 text-lg font-semibold text-(--fg)">
              {tag.name}
            </h2>
            <Prose text={tag.description} className="mt-1" />
          </div>
          {tag.operations.map((op) => (
            <OperationView key={op.anchor} document={document} op={op} />
          ))}
        </section>
      ))}

      <section aria-labelledby="schemas" className="space-y-4">
        <div>
          <h2 id="schemas" className="text-lg font-semibold text-(--fg)">
            Schemas
          </h2>
          <p className="mt-1 text-sm text-(--fg-muted)">
            JSON Schema 2020-12, generated from the schemas that validate requests (…Request, …Input) and shape responses.
          </p>
        </div>
        {schemas.map(([name, schema]) => (
          <details key={name} id={schemaAnchor(name)} className="scroll-mt-6 rounded-lg border border-(--line) bg-(--surface)">
            <summary className="cursor-pointer px-5 py-3 font-mono text-sm font-medium text-(--fg)">{name}</summary>
            <div className="px-5 pb-4">
              {typeof schema.description === "string" ? <Prose text={schema.description} className="mb-2" /> : null}
              <JsonView value={schema} />
            </div>
          </details>
        ))}
      </section>
    </div>
  );
}
