// The outbound webhook routes of the document (endpoints, deliveries, recover), declared apart
// from lib/openapi/paths.ts, which lists them among the others.
import "server-only";
import { HEADERS } from "@/lib/openapi/components";
import type { OperationDeclaration } from "@/lib/openapi/operations";
import { listWebhookEndpointsQuery } from "@/lib/webhooks/schemas";

const XID = "An XID: 20 characters of [0-9a-v]. Any other value is a 404.";
const PAGING = {
  limit: "Page size: an integer from 1 to 100 (default 20); anything else is a 400, not clamped.",
  cursor: "The `metadata.cursor` of the previous page. Opaque, and valid only with the same filters and sort.",
  sort: "ASC or DESC in any case (default DESC): by creation time, then id.",
};
const IDEMPOTENCY_CONFLICTS = ["idempotency_in_flight", "idempotency_response_unavailable"];

export const WEBHOOK_OPERATIONS: OperationDeclaration[] = [
  {
    method: "get",
    path: "/v1/webhook-endpoints",
    operationId: "listWebhookEndpoints",
    summary: "List webhook endpoints",
    description: "The merchants' webhook receivers. Signing secrets are masked.",
    tag: "Webhook endpoints",
    auth: "bearer",
    query: listWebhookEndpointsQuery,
    queryDescriptions: { merchantId: "Only this merchant's endpoints.", ...PAGING },
    success: { 200: { description: "A page of endpoints.", body: "WebhookEndpointPage" } },
  },
  {
    method: "post",
    path: "/v1/webhook-endpoints",
    operationId: "createWebhookEndpoint",
    summary: "Register a webhook endpoint",
    description:
      "Operators and admins. Every processed event of the merchant whose type is in eventTypes (empty: every type) " +
      "is delivered to the URL, signed per Standard Webhooks. The URL must be https in production and must not be " +
      "a loopback, private, link-local or metadata address unless WEBHOOK_ALLOWED_ADDRESSES names it. The answer " +
      "shows the signing secret (whsec_...) this once; every later read masks it.",
    tag: "Webhook endpoints",
    auth: "bearer",
    idempotencyKey: true,
    body: { schema: "CreateWebhookEndpointRequest" },
    success: {
      201: {
        description: "The endpoint, with its secret. With an Idempotency-Key, a replay answers the first response again.",
        body: "WebhookEndpoint",
        headers: { Location: HEADERS.location, "Idempotent-Replayed": HEADERS.idempotentReplayed },
      },
    },
    problems: {
      409: { codes: IDEMPOTENCY_CONFLICTS, headers: { "Retry-After": HEADERS.retryAfterOptional } },
      422: { codes: ["merchant_not_found", "idempotency_key_reused"] },
    },
  },
  {
    method: "get",
    path: "/v1/webhook-endpoints/{id}",
    operationId: "getWebhookEndpoint",
    summary: "Get a webhook endpoint",
    description: "The signing secret is masked.",
    tag: "Webhook endpoints",
    auth: "bearer",
    pathParameters: { id: XID },
    success: { 200: { description: "The endpoint.", body: "WebhookEndpoint" } },
    problems: { 404: { codes: ["not_found"] } },
  },
  {
    method: "patch",
    path: "/v1/webhook-endpoints/{id}",
    operationId: "updateWebhookEndpoint",
    summary: "Change a webhook endpoint",
    description:
      "Operators and admins. Absent fields stay. Enabling clears the disabled reason and the failing streak; " +
      "deliveries of a disabled endpoint wait until it is enabled again.",
    tag: "Webhook endpoints",
    auth: "bearer",
    pathParameters: { id: XID },
    body: { schema: "UpdateWebhookEndpointRequest", mediaTypes: ["application/json", "application/merge-patch+json"] },
    success: { 200: { description: "The endpoint after the change.", body: "WebhookEndpoint" } },
    problems: { 404: { codes: ["not_found"] } },
  },
  {
    method: "post",
    path: "/v1/webhook-endpoints/{id}/rotate-secret",
    operationId: "rotateWebhookEndpointSecret",
    summary: "Rotate an endpoint's signing secret",
    description:
      "Operators and admins. Answers the new secret this once. For 24 hours (WEBHOOK_SECRET_OVERLAP_SECONDS) every " +
      "delivery carries two signatures, one per secret, so the receiver can switch at its pace.",
    tag: "Webhook endpoints",
    auth: "bearer",
    pathParameters: { id: XID },
    success: { 200: { description: "The endpoint, with its new secret.", body: "WebhookEndpoint" } },
    problems: { 404: { codes: ["not_found"] } },
  },
];
