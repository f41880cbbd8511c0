import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { openApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "API reference" };

// The document GET /v1/openapi.json serves, rendered on the server: nothing loaded from elsewhere.
export default function ApiReferencePage() {
  const document = openApiDocument();
  return (
    <>
      <PageHeader
        title="API reference"
        description={`${document.info.title} ${document.info.version}: every operation of the /v1 API, with its parameters, request body and responses.`}
        actions={
          <a
            href="/v1/openapi.json"
            className="inline-flex h-8 items-center justify-center rounded-md border border-(--line-strong) bg-(--surface) px-3 text-sm font-medium whitespace-nowrap text-(--fg) shadow-(--shadow-card) transition-colors hover:bg-(--surface-muted)"
          >
            openapi.json
          </a>
        }
      />
      <ApiReference document={document} />
    </>
  );
}
