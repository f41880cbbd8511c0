// The document's reusable parts: every named schema (requests from the schemas that validate
// them, responses from the DTO modules), the headers, the Idempotency-Key parameter, the
// responses every route shares, and the bearer scheme.

import { bulkRetryBody, eventCountSchema, retryJobSchema } from "@/lib/events/retry/bulk-retry-schemas";
import { portalSessionRevokedSchema, portalSessionSchema } from "@/lib/portal/portal-session-dto";
import "server-only";
import { z } from "zod";
import { alertSchema } from "@/lib/alerts/alert-dto";
import { auditEntrySchema } from "@/lib/audit/audit-entry-dto";
import { changePasswordBody, passwordChangedSchema, refreshTokenBody, signInBody } from "@/lib/auth/schemas";
import { revokeResponseSchema, tokenResponseSchema } from "@/lib/auth/token-service";
import { createdCredentialSchema, credentialSchema } from "@/lib/credentials/credential-dto";
import { createCredentialBody, updateCredentialBody } from "@/lib/credentials/schemas";
import { cardDataSchema, eventDataSchema, terminalDataSchema } from "@/lib/events/data-schema";
import { eventAttemptSchema, eventDetailSchema, eventSchema } from "@/lib/events/event-contract";
import { batchIngestRequestSchema, batchIngestResultSchema, batchItemResultSchema } from "@/lib/events/ingest/batch-schema";
import { eventReceiptSchema } from "@/lib/events/ingest/ingest-event";
import { eventRetentionSchema } from "@/lib/events/retention/retention-schema";
import { merchantSchema } from "@/lib/merchants/merchant-dto";
import { createMerchantBody, updateMerchantBody } from "@/lib/merchants/schemas";
import {
  healthSchema,
  jwksSchema,
  openApiDocumentSchema,
  pageMetadataSchema,
  pageOf,
  problemSchema,
  readinessSchema,
} from "@/lib/openapi/http-schemas";
import { namedSchemas, schemaRef } from "@/lib/openapi/json-schema";
import { eventTypeSchema } from "@/lib/openapi/list-event-types";
import type { OpenApiDocument, Reference } from "@/lib/openapi/types";
import { providerSchema } from "@/lib/providers/list-providers";
import { providerFieldSchema } from "@/lib/providers/provider-fields";
import { dailyCountsSchema } from "@/lib/reconciliation/daily-counts-dto";
import { eventReconciliationSchema } from "@/lib/reconciliation/event-reconciliation-dto";
import { exceptionSchema } from "@/lib/reconciliation/exception-dto";
import { importSchema } from "@/lib/reconciliation/import-dto";
import { merchantReconciliationSchema } from "@/lib/reconciliation/merchant-reconciliation-dto";
import { resolveExceptionBody, statementFileSchema } from "@/lib/reconciliation/schemas";
import { overviewSchema } from "@/lib/stats/event-overview";
import { createUserBody, updateUserBody } from "@/lib/users/schemas";
import { userSchema, userWithPasswordSchema } from "@/lib/users/user-dto";
import { fieldErrorSchema } from "@/lib/validation/field-error-schema";
import { deliveryAttemptSchema, deliveryDetailSchema, deliverySchema } from "@/lib/webhooks/delivery/delivery-dto";
import { testWebhookResultSchema } from "@/lib/webhooks/egress/send-test-webhook";
import { deletedWebhookEndpointSchema } from "@/lib/webhooks/endpoints/delete-webhook-endpoint";
import { webhookEndpointSchema } from "@/lib/webhooks/endpoints/endpoint-dto";
import { recoverJobSchema } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";
import { createWebhookEndpointBody, recoverWebhookEndpointBody, updateWebhookEndpointBody } from "@/lib/webhooks/schemas";

/** What clients send: the request schemas themselves, read as input. */
const REQUEST_SCHEMAS = {
  SignInRequest: signInBody,
  RefreshTokenRequest: refreshTokenBody,
  ChangePasswordRequest: changePasswordBody,
  CreateMerchantRequest: createMerchantBody,
  UpdateMerchantRequest: updateMerchantBody,
  CreateCredentialRequest: createCredentialBody,
  UpdateCredentialRequest: updateCredentialBody,
  CreateUserRequest: createUserBody,
  UpdateUserRequest: updateUserBody,
  CreateWebhookEndpointRequest: createWebhookEndpointBody,
  UpdateWebhookEndpointRequest: updateWebhookEndpointBody,
  RecoverWebhookEndpointRequest: recoverWebhookEndpointBody,
  EventDataInput: eventDataSchema,
  BatchIngestRequest: batchIngestRequestSchema,
  BulkRetryRequest: bulkRetryBody,
  StatementFile: statementFileSchema,
  ResolveExceptionRequest: resolveExceptionBody,
  CardDataInput: cardDataSchema,
  TerminalDataInput: terminalDataSchema,
};

/** What the API answers: the DTOs' schemas, read as output. */
const RESPONSE_SCHEMAS = {
  Problem: problemSchema,
  FieldError: fieldErrorSchema,
  PageMetadata: pageMetadataSchema,
  TokenResponse: tokenResponseSchema,
  RevokeResponse: revokeResponseSchema,
  PasswordChanged: passwordChangedSchema,
  Provider: providerSchema,
  ProviderField: providerFieldSchema,
  ProviderList: z.strictObject({ data: z.array(providerSchema) }),
  Merchant: merchantSchema,
  MerchantPage: pageOf(merchantSchema),
  CreatedCredential: createdCredentialSchema,
  Credential: credentialSchema,
  CredentialPage: pageOf(credentialSchema),
  Event: eventSchema,
  EventDetail: eventDetailSchema,
  EventReceipt: eventReceiptSchema,
  BatchIngestResult: batchIngestResultSchema,
  BatchItemResult: batchItemResultSchema,
  EventOrReceipt: z.union([eventSchema, eventReceiptSchema]),
  EventAttempt: eventAttemptSchema,
  EventData: eventDataSchema,
  CardData: cardDataSchema,
  TerminalData: terminalDataSchema,
  EventPage: pageOf(eventSchema),
  EventCount: eventCountSchema,
  EventRetention: eventRetentionSchema,
  EventRetryJob: retryJobSchema,
  EventOverview: overviewSchema,
  Alert: alertSchema,
  AlertPage: pageOf(alertSchema),
  ReconciliationImport: importSchema,
  ReconciliationImportPage: pageOf(importSchema),
  ReconciliationDailyCounts: dailyCountsSchema,
  EventReconciliation: eventReconciliationSchema,
  MerchantReconciliation: merchantReconciliationSchema,
  ReconciliationException: exceptionSchema,
  ReconciliationExceptionPage: pageOf(exceptionSchema),
  AuditEntry: auditEntrySchema,
  AuditEntryPage: pageOf(auditEntrySchema),
  User: userSchema,
  UserPage: pageOf(userSchema),
  UserWithPassword: userWithPasswordSchema,
  Jwks: jwksSchema,
  Health: healthSchema,
  Readiness: readinessSchema,
  OpenApiDocument: openApiDocumentSchema,
  WebhookEndpoint: webhookEndpointSchema,
  EventType: eventTypeSchema,
  EventTypeList: z.strictObject({ data: z.array(eventTypeSchema) }),
  PortalSession: portalSessionSchema,
  PortalSessionRevoked: portalSessionRevokedSchema,
  WebhookEndpointPage: pageOf(webhookEndpointSchema),
  WebhookDelivery: deliverySchema,
  WebhookDeliveryDetail: deliveryDetailSchema,
  WebhookDeliveryAttempt: deliveryAttemptSchema,
  WebhookDeliveryPage: pageOf(deliverySchema),
  WebhookRecoverJob: recoverJobSchema,
  TestWebhookResult: testWebhookResultSchema,
  WebhookEndpointDeleted: deletedWebhookEndpointSchema,
};

export type SchemaName = keyof typeof REQUEST_SCHEMAS | keyof typeof RESPONSE_SCHEMAS;

export const ref = (name: SchemaName): Reference => ({ $ref: schemaRef(name) });

export function componentSchemas(): OpenApiDocument["components"]["schemas"] {
  const requests = namedSchemas(REQUEST_SCHEMAS, "input");
  const responses = namedSchemas(RESPONSE_SCHEMAS, "output");
  return { ...responses, ...requests };
}

const headerRef = (name: string): Reference => ({ $ref: `#/components/headers/${name}` });

export const HEADERS = {
  requestId: headerRef("X-Request-Id"),
  location: headerRef("Location"),
  retryAfter: headerRef("Retry-After"),
  retryAfterOptional: headerRef("Retry-After-Optional"),
  wwwAuthenticate: headerRef("WWW-Authenticate"),
  allow: headerRef("Allow"),
  idempotentReplayed: headerRef("Idempotent-Replayed"),
  noStore: headerRef("Cache-Control-No-Store"),
  rateLimit: headerRef("RateLimit"),
  rateLimitPolicy: headerRef("RateLimit-Policy"),
} as const;

export const componentHeaders: OpenApiDocument["components"]["headers"] = {
  "X-Request-Id": {
    description: "The request's id, in every response and log line: the caller's own when sane (1 to 64 of [A-Za-z0-9._:-]).",
    required: true,
    schema: { type: "string", pattern: "^[A-Za-z0-9._:-]{1,64}$" },
  },
  Location: { description: "The path of the resource.", required: true, schema: { type: "string", pattern: "^/v1/" } },
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  "Retry-After-Optional": {
    description: "Seconds to wait before trying again, where waiting helps (a request with this Idempotency-Key still running).",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  "WWW-Authenticate": {
    description:
      'RFC 6750 challenge: Bearer realm="payment-integrations", with error="invalid_token" or error="insufficient_scope".',
    required: true,
    schema: { type: "string", pattern: "^Bearer realm=" },
  },
  Allow: { description: "The methods this path allows.", required: true, schema: { type: "string" } },
  "Idempotent-Replayed": {
    description: "true when this is the stored response of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
  // draft-ietf-httpapi-ratelimit-headers (lib/http/rate-limit-fields.ts): on the answers of the
  // requests a rate counted, refusals included.
  "RateLimit-Policy": {
    description:
      'The quotas this request was counted against (draft-ietf-httpapi-ratelimit-headers), e.g. `"reads";q=1800;w=60, "reads-per-second";q=60;w=1`: q units per w seconds. A read costs one unit per 20 rows its `limit` asks for, at least one; any other request one (docs/api.md, Fair use).',
    schema: { type: "string", pattern: '^"[a-z-]+";q=[0-9]+;w=[0-9]+(, "[a-z-]+";q=[0-9]+;w=[0-9]+)*$' },
  },
  RateLimit: {
    description:
      'What is left of each quota of RateLimit-Policy, e.g. `"reads";r=1740;t=42`: r units left, more in t seconds. Pace requests by it; Retry-After takes precedence on a 429.',
    schema: { type: "string", pattern: '^"[a-z-]+";r=[0-9]+;t=[0-9]+(, "[a-z-]+";r=[0-9]+;t=[0-9]+)*$' },
  },
  "Cache-Control-No-Store": {
    description:
      "Cache-Control: no-store. An answer that may hold a secret (a token, a password, a signing secret, a provider's key, a one-time link) is never cached.",
    required: true,
    schema: { type: "string", pattern: "no-store" },
  },
};

export const IDEMPOTENCY_KEY_PARAMETER: Reference = { $ref: "#/components/parameters/Idempotency-Key" };

export const componentParameters: OpenApiDocument["components"]["parameters"] = {
  "Idempotency-Key": {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Makes the request safe to retry: within 24 h the same key and body replay the first response (with " +
      "Idempotent-Replayed: true); the same key with another body is 422, and while the first request runs, 409. " +
      "Keys are scoped to the caller; a failed request releases its key.",
    schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7e]+$" },
  },
};

/** The problems every route of a kind can answer, the same wherever they occur. */
export const RESPONSES = {
  Unauthorized: { $ref: "#/components/responses/Unauthorized" },
  Forbidden: { $ref: "#/components/responses/Forbidden" },
  ContentTooLarge: { $ref: "#/components/responses/ContentTooLarge" },
  UnsupportedMediaType: { $ref: "#/components/responses/UnsupportedMediaType" },
  ServiceUnavailable: { $ref: "#/components/responses/ServiceUnavailable" },
  InternalError: { $ref: "#/components/responses/InternalError" },
} satisfies Record<string, Reference>;

/** A problem+json schema narrowed to one status and the codes it can carry there. */
export function problemSchemaFor(status: number, codes: readonly string[]) {
  return {
    allOf: [ref("Problem")],
    properties: { status: { const: status }, code: { enum: [...codes] } },
  };
}

export const problemResponse = (
  description: string,
  status: number,
  codes: string[],
  headers: Record<string, Reference> = {},
) => ({
  description,
  headers: { "X-Request-Id": HEADERS.requestId, ...headers },
  content: { "application/problem+json": { schema: problemSchemaFor(status, codes) } },
});

export const componentResponses: OpenApiDocument["components"]["responses"] = {
  Unauthorized: problemResponse(
    "No access token (unauthenticated), or a bad, expired or forged one, or a refresh token in its place (invalid_token).",
    401,
    ["unauthenticated", "invalid_token"],
    { "WWW-Authenticate": HEADERS.wwwAuthenticate },
  ),
  Forbidden: problemResponse(
    "The caller's role lacks the right (insufficient_scope), or the account's password was set by someone else and " +
      "must be changed first with POST /v1/auth/password (password_change_required).",
    403,
    ["insufficient_scope", "password_change_required"],
    { "WWW-Authenticate": HEADERS.wwwAuthenticate },
  ),
  MethodNotAllowed: problemResponse(
    "Any method a path does not list answers 405 method_not_allowed, with the allowed ones in Allow.",
    405,
    ["method_not_allowed"],
    { Allow: HEADERS.allow },
  ),
  ContentTooLarge: problemResponse("The body exceeds 64 KiB (body_too_large).", 413, ["body_too_large"]),
  UnsupportedMediaType: problemResponse(
    "The body is not sent as JSON (unsupported_media_type): use Content-Type: application/json.",
    415,
    ["unsupported_media_type"],
  ),
  ServiceUnavailable: problemResponse(
    "The database is unavailable (service_unavailable); retry after Retry-After seconds.",
    503,
    ["service_unavailable"],
    { "Retry-After": HEADERS.retryAfter },
  ),
  InternalError: problemResponse(
    "An unexpected failure (internal_error): logged with the request id, its cause never in the body. Any operation " +
      "can answer it; none should, and each one is a defect to report with the X-Request-Id.",
    500,
    ["internal_error"],
  ),
  NotFound: problemResponse("There is no such route (not_found): any path this document does not list.", 404, ["not_found"]),
};

export const securitySchemes: OpenApiDocument["components"]["securitySchemes"] = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "An access token from POST /v1/auth or POST /v1/auth/refresh (an EdDSA JWT, typ at+jwt, valid 300 s). What a " +
      "role may do is checked per operation: a role without the right gets 403 insufficient_scope. A merchant " +
      "account's token carries merchant_id, its merchant: it reaches that merchant's objects only (others are 404).",
  },
};
