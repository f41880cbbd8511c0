// Every /v1 response an e2e test sees is checked against the OpenAPI document, as the
// integration tests do: responses to the test's own API calls (the `request` fixture and
// `page.request`) and to the dashboard's calls from the browser. A mismatch fails the test.
import type { APIRequestContext, APIResponse, Page, Response } from "@playwright/test";
import type { OpenApiDocument } from "@/lib/openapi/types";
import { responseMismatches } from "@/tests/support/openapi-validator";

const isApi = (url: string) => new URL(url).pathname.startsWith("/v1/");

// The document each server publishes, fetched once per origin.
const documents = new Map<string, Promise<OpenApiDocument>>();
function documentOf(url: string): Promise<OpenApiDocument> {
  const { origin } = new URL(url);
  let document = documents.get(origin);
  if (!document) {
    document = fetch(`${origin}/v1/openapi.json`).then((res) => res.json() as Promise<OpenApiDocument>);
    documents.set(origin, document);
  }
  return document;
}

/** Collects the mismatches of one test; `report` lists them once the test is done. */
export class ContractLog {
  private readonly pending: Promise<string[]>[] = [];

  private record(method: string, url: string, status: number, headers: Record<string, string>, text: Promise<string>) {
    this.pending.push(
      Promise.all([text, documentOf(url)]).then(
        ([body, document]) => {
          const problems = responseMismatches({ method, url, status, headers: new Headers(headers), text: body }, document);
          return problems.length ? [`${method} ${new URL(url).pathname} (${status}):\n  ${problems.join("\n  ")}`] : [];
        },
        // A body the browser dropped (navigation away, aborted stream) cannot be checked.
        () => [],
      ),
    );
  }

  /** The request context, with each /v1 response recorded. */
  wrap(context: APIRequestContext): APIRequestContext {
    const verbs = new Set(["get", "post", "put", "patch", "delete", "head", "fetch"]);
    return new Proxy(context, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver);
        if (typeof property !== "string" || !verbs.has(property) || typeof value !== "function") return value;
        return async (...args: unknown[]) => {
          const response: APIResponse = await value.apply(target, args);
          const method =
            property === "fetch"
              ? ((args[1] as { method?: string } | undefined)?.method ?? "GET").toUpperCase()
              : property.toUpperCase();
          if (isApi(response.url())) {
            this.record(method, response.url(), response.status(), response.headers(), response.text());
          }
          return response;
        };
      },
    });
  }

  /** Records the responses to the page's own /v1 calls. */
  watch(page: Page): void {
    page.on("response", (response: Response) => {
      if (!isApi(response.url())) return;
      const request = response.request();
      this.record(request.method(), response.url(), response.status(), response.headers(), response.text());
    });
  }

  async mismatches(): Promise<string[]> {
    return (await Promise.all(this.pending)).flat();
  }
}
