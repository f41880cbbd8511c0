"use client";

// The API reference's data: the OpenAPI document, fetched as JSON from GET /v1/openapi.json (public,
// cached five minutes) rather than written into the page. Inlined, the document made the page
// 2.1 MB of HTML, 1.3 MB of it the rendered tree repeated as an inline script.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiReference } from "@/components/api-reference/api-reference";
import { QueryLoadError } from "@/components/ui/load-error";
import { LoadingStatus } from "@/components/ui/loading-status";
import { Skeleton } from "@/components/ui/skeleton";
import type { OpenApiDocument } from "@/lib/openapi/types";

async function fetchDocument({ signal }: { signal: AbortSignal }): Promise<OpenApiDocument> {
  const response = await fetch("/v1/openapi.json", { signal });
  if (!response.ok) throw new Error(`GET /v1/openapi.json answered ${response.status}.`);
  return (await response.json()) as OpenApiDocument;
}

export function ApiReferenceLoader() {
  const query = useQuery({ queryKey: ["openapi-document"], queryFn: fetchDocument, staleTime: 5 * 60_000 });
  const loaded = query.isSuccess;
  // A link to an operation (#anchor) arrives before the operations do: go there once they are in.
  useEffect(() => {
    if (loaded && window.location.hash)
      document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [loaded]);

  if (query.isError) {
    return <QueryLoadError query={query} what="API reference" />;
  }
  if (!query.data) {
    return (
      <div className="space-y-4">
        <LoadingStatus>Loading the API reference…</LoadingStatus>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return <ApiReference document={query.data} />;
}
