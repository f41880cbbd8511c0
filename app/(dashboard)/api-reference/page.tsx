import type { Metadata } from "next";
import { ApiReferenceLoader } from "@/components/api-reference/api-reference-loader";
import { PageShell } from "@/components/ui/page-header";
import { openApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "API reference" };

// The document GET /v1/openapi.json serves, loaded from there by the browser (only its title and
// version are written into the page): nothing loaded from elsewhere.
export default function ApiReferencePage() {
  const { info } = openApiDocument();
  return (
    <PageShell
      title="API reference"
      description={`${info.title} ${info.version}: every operation of the /v1 API, with its parameters, request body and responses.`}
      actions={
        <a
          href="/v1/openapi.json"
          className="inline-flex h-8 items-center justify-center rounded-md border border-(--line-strong) bg-(--surface) px-3 text-sm font-medium whitespace-nowrap text-(--fg) shadow-(--shadow-card) transition-colors hover:bg-(--surface-muted)"
        >
          openapi.json
        </a>
      }
    >
      <ApiReferenceLoader />
    </PageShell>
  );
}
