// The outbound webhook routes of the document (endpoints, deliveries, recover), declared apart
// from lib/openapi/paths.ts, which lists them among the others.
import "server-only";
import {
  changeByIdOperation,
  collectionOperations,
  getByIdOperation,
  listOperation,
  locatedAnswers,
  referenceListOperation,
} from "@/lib/openapi/declaration-builders";
import type { OperationDeclaration } from "@/lib/openapi/operations";
import { DELIVERY_FILTER_TABLE } from "@/lib/webhooks/delivery/delivery-filter-table";
import { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";
import { listWebhookDeliveriesQuery, listWebhookEndpointsQuery } from "@/lib/webhooks/schemas";

export const WEBHOOK_OPERATIONS: OperationDeclaration[] = [
  referenceListOperation({
    path: "/v1/event-types",
    operationId: "listEventTypes",
    summary: "List the event types",
    description:
      "Every authenticated role, merchant accounts included. The types an endpoint's eventTypes may name " +
      "(any other name is a 400), each with a description and the JSON Schema of the body delivered for it. " +
      "webhook.test is not one: POST /v1/webhook-endpoints/{id}/test sends it to any endpoint, whatever its types.",
    tag: "Webhook endpoints",
    list: { description: "Every event type, by name.", body: "EventTypeList" },
  }),
  ...collectionOperations({
    path: "/v1/webhook-endpoints",
    tag: "Webhook endpoints",
    list: {
      operationId: "listWebhookEndpoints",
      summary: "List webhook endpoints",
      description: "The merchants' webhook receivers. Signing secrets are masked.",
      query: listWebhookEndpointsQuery,
      filters: ENDPOINT_FILTER_TABLE,
      page: { description: "A page of endpoints.", body: "WebhookEndpointPage" },
    },
    create: {
      operationId: "createWebhookEndpoint",
      summary: "Register a webhook endpoint",
      description:
        "Operators and admins. Every processed event of the merchant whose type is in eventTypes (empty: every payment " +
        "type) is delivered to the URL, signed per Standard Webhooks. eventTypes names types of GET /v1/event-types: " +
        "any other name is a 400 on eventTypes listing the unknown ones. The URL must be https in production and must not be " +
        "a loopback, private, link-local or metadata address unless WEBHOOK_ALLOWED_ADDRESSES names it and staff " +
        "(an admin or an operator) set the URL: a merchant account's URL must be public. The answer " +
        "shows the signing secret (whsec_...) this once; every later read masks it.",
      body: "CreateWebhookEndpointRequest",
      created: { description: "The endpoint, with its secret.", body: "WebhookEndpoint" },
      unprocessable: ["merchant_not_found"],
    },
  }),
  getByIdOperation({
    path: "/v1/webhook-endpoints/{id}",
    operationId: "getWebhookEndpoint",
    summary: "Get a webhook endpoint",
    description: "The signing secret is masked.",
    tag: "Webhook endpoints",
    found: { description: "The endpoint.", body: "WebhookEndpoint" },
  }),
  changeByIdOperation({
    method: "patch",
    path: "/v1/webhook-endpoints/{id}",
    operationId: "updateWebhookEndpoint",
    summary: "Change a webhook endpoint",
    description:
      "Operators and admins. Absent fields stay. Enabling clears the disabled reason and the failing streak; " +
      "deliveries of a disabled endpoint wait until it is enabled again.",
    tag: "Webhook endpoints",
    body: { schema: "UpdateWebhookEndpointRequest", mediaTypes: ["application/json", "application/merge-patch+json"] },
    success: { 200: { description: "The endpoint after the change.", body: "WebhookEndpoint" } },
  }),
  changeByIdOperation({
    method: "delete",
    path: "/v1/webhook-endpoints/{id}",
    operationId: "deleteWebhookEndpoint",
    summary: "Delete a webhook endpoint",
    description:
      "Operators and admins; audited (webhook_endpoint.delete). The endpoint goes with its deliveries, their attempts " +
      "and its recover jobs: nothing is sent to it again. Disable it instead to keep its history.",
    tag: "Webhook endpoints",
    success: { 200: { description: "What was deleted.", body: "WebhookEndpointDeleted" } },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/webhook-endpoints/{id}/rotate-secret",
    operationId: "rotateWebhookEndpointSecret",
    summary: "Rotate an endpoint's signing secret",
    description:
      "Operators and admins. Answers the new secret this once. For 24 hours (WEBHOOK_SECRET_OVERLAP_SECONDS) every " +
      "delivery carries two signatures, one per secret, so the receiver can switch at its pace.",
    tag: "Webhook endpoints",
    success: { 200: { description: "The endpoint, with its new secret.", body: "WebhookEndpoint" } },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/webhook-endpoints/{id}/test",
    operationId: "sendTestWebhook",
    summary: "Send a test event to an endpoint",
    description:
      "Operators and admins; audited (webhook_endpoint.test, with the outcome). Sends one signed webhook.test delivery " +
      "now, outside the queue (no retry, no delivery stored), and answers what the receiver did. A merchant account " +
      "is told connection_failed for every outcome without an HTTP answer.",
    tag: "Webhook endpoints",
    success: { 200: { description: "The attempt's outcome.", body: "TestWebhookResult" } },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/webhook-endpoints/{id}/recover",
    operationId: "recoverWebhookEndpoint",
    summary: "Resend every failed delivery since a time",
    description:
      "Operators and admins; audited (webhook_endpoint.recover) when a job starts. Starts a background job that queues " +
      "again every failed delivery of the endpoint created since `since` (their retry schedule starts over, same " +
      "webhook-id; their attemptCount keeps counting). Idempotent: while a job for the same endpoint and time runs, " +
      "asking again answers that job.",
    tag: "Webhook endpoints",
    body: { schema: "RecoverWebhookEndpointRequest" },
    success: locatedAnswers({ 202: { description: "The job (follow Location for its progress).", body: "WebhookRecoverJob" } }),
  }),
  getByIdOperation({
    path: "/v1/webhook-recover-jobs/{id}",
    operationId: "getWebhookRecoverJob",
    summary: "A recover job's progress",
    tag: "Webhook endpoints",
    found: { description: "The job.", body: "WebhookRecoverJob" },
  }),
  listOperation({
    path: "/v1/webhook-deliveries",
    operationId: "listWebhookDeliveries",
    summary: "List webhook deliveries",
    description: "Across endpoints, or of one (endpointId). Newest first by default.",
    tag: "Webhook endpoints",
    query: listWebhookDeliveriesQuery,
    filters: DELIVERY_FILTER_TABLE,
    page: { description: "A page of deliveries.", body: "WebhookDeliveryPage" },
  }),
  getByIdOperation({
    path: "/v1/webhook-deliveries/{id}",
    operationId: "getWebhookDelivery",
    summary: "Get a webhook delivery",
    description: "With every attempt: time, status code, duration, error class, the first bytes of the response.",
    tag: "Webhook endpoints",
    found: { description: "The delivery.", body: "WebhookDeliveryDetail" },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/webhook-deliveries/{id}/resend",
    operationId: "resendWebhookDelivery",
    summary: "Resend a delivery",
    description:
      "Operators and admins; audited (webhook_delivery.resend). A succeeded or failed delivery becomes due now, with " +
      "the same webhook-id; its retry schedule starts over (its attemptCount keeps counting). A pending one is a 409 " +
      "(it will be attempted anyway: use retry-now to bring its next attempt forward).",
    tag: "Webhook endpoints",
    success: { 202: { description: "The delivery, queued.", body: "WebhookDeliveryDetail" } },
    problems: { 409: { codes: ["delivery_pending"] } },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/webhook-deliveries/{id}/retry-now",
    operationId: "retryWebhookDeliveryNow",
    summary: "Retry a pending delivery now",
    description:
      "Operators and admins; audited (webhook_delivery.retry_now). A pending delivery waiting for its next retry " +
      "becomes due now; its schedule goes on from there. One in flight is a 409 delivery_in_flight (its outcome is " +
      "coming); a succeeded or failed one is a 409 delivery_not_pending (resend it).",
    tag: "Webhook endpoints",
    success: { 202: { description: "The delivery, due now.", body: "WebhookDeliveryDetail" } },
    problems: { 409: { codes: ["delivery_in_flight", "delivery_not_pending"] } },
  }),
];
