// The OpenAPI 3.1 document of the API (served at GET /v1/openapi.json, rendered by the
// dashboard's API reference), built once per process from the route declarations.
import "server-only";
import {
  componentHeaders,
  componentParameters,
  componentResponses,
  componentSchemas,
  securitySchemes,
} from "@/lib/openapi/components";
import { documentPaths, TAGS } from "@/lib/openapi/paths";
import { declareNoStoreOnSecrets } from "@/lib/openapi/secret-answers";
import type { OpenApiDocument } from "@/lib/openapi/types";

const DESCRIPTION = `The payment integrations API: providers, merchants, credentials, and the payment notifications
(events) the service receives and processes.

- **Authentication**: \`POST /v1/auth\` answers a token pair; send the access token as \`Authorization: Bearer\`.
  What a role may do is checked per operation (403 \`insufficient_scope\`).
- **Merchant accounts** (role \`merchant\`, tokens with a \`merchant_id\` claim) belong to one merchant and reach only
  its data: its events (the credential that matched it, else the merchant the notification names), credentials
  (read only), merchant, webhook endpoints, deliveries and recover jobs, alerts (read only), plus providers and their
  own password.
  Another merchant's object answers 404 as if it did not exist, every list holds only their rows (a \`merchantId\`
  filter naming another merchant finds nothing), a body naming another merchant is a 422 \`merchant_not_found\`,
  and a cursor made under another scope is a 400 \`invalid_cursor\`. Every other operation answers them 403
  \`insufficient_scope\`.
- **Errors** are RFC 9457 \`application/problem+json\` with a stable \`code\` and, for validation failures,
  \`errors: [{field, message}]\`. An unknown route is a 404 \`not_found\`; a method a path does not list is a
  405 \`method_not_allowed\` with \`Allow\`.
- **Requests**: bodies are JSON (415 otherwise), at most 64 KiB (413); unknown body fields and unknown or
  repeated query parameters are refused by name (400). Query values are strings.
- **Every response** carries \`X-Request-Id\` (a caller's sane one is echoed).
- **Lists** page by keyset: \`{metadata: {cursor, limit, has_more}, data}\`; pass \`metadata.cursor\` for the next
  page, which is \`null\` on the last one.
- **Timestamps** are ISO 8601 UTC with milliseconds; ids are XIDs (20 characters of \`[0-9a-v]\`).`;

let built: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  built ??= declareNoStoreOnSecrets({
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Payment integrations API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/", description: "This server" }],
    tags: TAGS,
    paths: documentPaths(),
    components: {
      schemas: componentSchemas(),
      responses: componentResponses,
      parameters: componentParameters,
      headers: componentHeaders,
      securitySchemes,
    },
  });
  return built;
}
