// Every route of the API, declared once: the schemas each one reads and answers with.
// tests/integration/openapi.test.ts compares this list with the route files under app/.
import "server-only";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import { auditLogQuery } from "@/lib/audit/schemas";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import { listCredentialsQuery } from "@/lib/credentials/schemas";
import { listEventsQuery } from "@/lib/events/event-contract";
import { EVENT_FILTER_DESCRIPTIONS } from "@/lib/events/list/event-filter-table";
import { exportEventsQuery } from "@/lib/events/list/export-events";
import { BULK_RETRY_CAP, COUNT_CAP, countEventsQuery } from "@/lib/events/retry/bulk-retry-schemas";
import { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import { listMerchantsQuery } from "@/lib/merchants/schemas";
import { ALERT_OPERATIONS } from "@/lib/openapi/alert-paths";
import { HEADERS, type SchemaName } from "@/lib/openapi/components";
import {
  changeByIdOperation,
  collectionOperations,
  getByIdOperation,
  listOperation,
  locatedAnswers,
  NO_STORE,
  PAGING,
  referenceListOperation,
  XID,
} from "@/lib/openapi/declaration-builders";
import { type OperationDeclaration, operation } from "@/lib/openapi/operations";
import { RECONCILIATION_OPERATIONS, RECONCILIATION_TAG } from "@/lib/openapi/reconciliation-paths";
import type { PathItem } from "@/lib/openapi/types";
import { WEBHOOK_OPERATIONS } from "@/lib/openapi/webhook-paths";
import { overviewQuery } from "@/lib/stats/event-overview";
import { listUsersQuery } from "@/lib/users/schemas";
import { USER_FILTER_TABLE } from "@/lib/users/user-filter-table";

export const TAGS = [
  { name: "Authentication", description: "Token pairs for the API: sign in, refresh (rotation with reuse detection), revoke." },
  { name: "Providers", description: "The acquirers a credential can connect to, with the fields each one takes." },
  { name: "Merchants", description: "The establishments credentials belong to." },
  { name: "Credentials", description: "A merchant's authentication at a provider. Secrets are encrypted and shown once." },
  { name: "Events", description: "Payment notifications: ingested, matched to a credential by a worker, retried." },
  {
    name: "Webhook endpoints",
    description: "A merchant's receivers of processed events: signed deliveries, retries, attempts, recover.",
  },
  {
    name: "Alerts",
    description: "What the rules found wrong (failure rates, silence, endpoints, queues): open, acknowledged, resolved.",
  },
  RECONCILIATION_TAG,
  { name: "Statistics", description: "Aggregates for the dashboard." },
  { name: "Audit log", description: "Who changed which merchant, credential or user (admins)." },
  { name: "Users", description: "Accounts of staff and API clients, and their roles (admins)." },
  { name: "Service", description: "Health, readiness, signing keys and this document." },
];

const cacheable = {
  "Cache-Control": { description: "public, max-age=300", required: true, schema: { type: "string", pattern: "public" } },
};

/** Password checks (sign-in, password change) share the sign-in limits, so both answer their 429. */
const TOO_MANY_ATTEMPTS = { codes: ["too_many_attempts"], headers: { "Retry-After": HEADERS.retryAfter } };

/** What a sign-in and a refresh answer. */
const TOKEN_PAIR = { description: "A new token pair.", body: "TokenResponse" } as const;

/** The events filters' words, from the filter table, and the list's order. */
const EVENT_FILTERS = {
  ...EVENT_FILTER_DESCRIPTIONS,
  order_by: "created_at, the only order.",
  sort: PAGING.sort,
};

type AuthenticationDeclaration = Pick<
  OperationDeclaration,
  "path" | "operationId" | "summary" | "description" | "auth" | "rateLimit" | "problems"
> & {
  body: SchemaName;
  answer: { description: string; body: SchemaName };
};

/** A POST of the Authentication tag: a JSON body in, a 200 that is never stored by a cache out. */
function authenticationOperation(declaration: AuthenticationDeclaration): OperationDeclaration {
  const { body, answer, ...named } = declaration;
  return {
    method: "post",
    tag: "Authentication",
    ...named,
    body: { schema: body },
    success: { 200: { ...answer, headers: NO_STORE } },
  };
}

/**
 * A POST that the refresh token in its body authenticates (no Authorization header), under the
 * token rate limit (per client address): a refresh, a revocation.
 */
function refreshTokenOperation(
  declaration: Omit<AuthenticationDeclaration, "auth" | "rateLimit" | "body">,
): OperationDeclaration {
  return authenticationOperation({ ...declaration, auth: "public", rateLimit: "token", body: "RefreshTokenRequest" });
}

export const OPERATIONS: OperationDeclaration[] = [
  // Authentication
  authenticationOperation({
    path: "/v1/auth",
    operationId: "signIn",
    summary: "Sign in with a username and password",
    description: "Answers a token pair. Failed sign-ins are limited per username and per client address (429 with Retry-After).",
    auth: "public",
    body: "SignInRequest",
    answer: TOKEN_PAIR,
    problems: { 401: { codes: ["invalid_credentials"] }, 429: TOO_MANY_ATTEMPTS },
  }),
  refreshTokenOperation({
    path: "/v1/auth/refresh",
    operationId: "refreshTokens",
    summary: "Spend a refresh token for a new token pair",
    description:
      "The refresh token in the body authenticates the request (no Authorization header). It is spent: presented " +
      "again, it ends its whole family (RFC 9700 reuse detection).",
    answer: TOKEN_PAIR,
    problems: { 400: { codes: ["invalid_grant"] } },
  }),
  authenticationOperation({
    path: "/v1/auth/password",
    operationId: "changePassword",
    rateLimit: "write",
    summary: "Change one's own password",
    description:
      "The current password is required (checked under the sign-in limits). Every session and token of the account " +
      "ends, this one included: sign in again with the new password. The only operation open to an account whose " +
      "password was set by someone else (every other answers 403 password_change_required until it is changed).",
    auth: "bearer",
    body: "ChangePasswordRequest",
    answer: { description: "Changed; every session ended.", body: "PasswordChanged" },
    problems: { 404: { codes: ["not_found"] }, 429: TOO_MANY_ATTEMPTS },
  }),
  refreshTokenOperation({
    path: "/v1/auth/revoke",
    operationId: "revokeTokens",
    summary: "End a refresh token's family (sign out)",
    description: "Like RFC 7009, any well-formed body answers 200: the answer says nothing about which tokens exist.",
    answer: { description: "Revoked (or nothing to revoke).", body: "RevokeResponse" },
  }),

  // Providers
  referenceListOperation({
    path: "/v1/providers",
    operationId: "listProviders",
    summary: "List the providers",
    description: "Reference data: the six acquirers, with the fields of a credential's authenticationData and additionalData.",
    tag: "Providers",
    list: { description: "Every provider, by name.", body: "ProviderList" },
  }),

  // Merchants
  ...collectionOperations({
    path: "/v1/merchants",
    tag: "Merchants",
    list: {
      operationId: "listMerchants",
      summary: "List and search merchants",
      query: listMerchantsQuery,
      filters: MERCHANT_FILTER_TABLE,
      page: { description: "A page of merchants.", body: "MerchantPage" },
    },
    create: {
      operationId: "createMerchant",
      summary: "Register a merchant",
      description: "Operators and admins. The tax id is a CNPJ (masked or not, the 2026 alphanumeric form accepted).",
      body: "CreateMerchantRequest",
      created: { description: "The merchant created.", body: "Merchant" },
      conflicts: ["tax_id_taken"],
    },
  }),
  getByIdOperation({
    path: "/v1/merchants/{id}",
    operationId: "getMerchant",
    summary: "Get a merchant",
    tag: "Merchants",
    found: { description: "The merchant.", body: "Merchant" },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/merchants/{id}/portal-sessions",
    operationId: "createPortalSession",
    summary: "Open the merchant's portal: a one-time link",
    description:
      "Operators and admins; audited (portal_session.create). The answer's url opens the merchant's portal without a " +
      "password, once, within 5 minutes; the session it opens is scoped exactly like a merchant account and ends after " +
      "an hour or when revoked. The token is in the url's fragment (never sent to a server). Not cached.",
    tag: "Merchants",
    success: { 201: { description: "The portal session and its one-time link.", body: "PortalSession", headers: NO_STORE } },
  }),
  changeByIdOperation({
    method: "delete",
    path: "/v1/merchants/{id}/portal-sessions/{sessionId}",
    operationId: "revokePortalSession",
    summary: "End a portal session",
    description:
      "Operators and admins; audited (portal_session.revoke). The link stops working, and the session's tokens are refused " +
      "at once on this instance and within 10 seconds on the others. Revoking again is no change.",
    tag: "Merchants",
    pathParameters: { sessionId: XID },
    success: { 200: { description: "The session, revoked.", body: "PortalSessionRevoked" } },
  }),
  changeByIdOperation({
    method: "patch",
    path: "/v1/merchants/{id}",
    operationId: "updateMerchant",
    summary: "Change a merchant's name or tax id",
    description:
      "Operators and admins; audited (merchant.update, before and after). The tax id follows the creation's rules: a " +
      "valid CNPJ, masked or not, stored normalized; another merchant's is a 409.",
    tag: "Merchants",
    body: { schema: "UpdateMerchantRequest" },
    success: { 200: { description: "The merchant as changed.", body: "Merchant" } },
    problems: { 409: { codes: ["tax_id_taken"] } },
  }),

  // Credentials
  ...collectionOperations({
    path: "/v1/credentials",
    tag: "Credentials",
    list: {
      operationId: "listCredentials",
      summary: "List credentials",
      description: "Secret fields are masked.",
      query: listCredentialsQuery,
      filters: CREDENTIAL_FILTER_TABLE,
      page: { description: "A page of credentials.", body: "CredentialPage" },
    },
    create: {
      operationId: "createCredential",
      summary: "Create a credential",
      description:
        "Operators and admins. The provider is named by providerId or providerName, or both (then they must agree). " +
        "authenticationData and additionalData are checked against the provider's fields " +
        "(GET /v1/providers); unknown fields are refused. The response shows the secrets this once; every later read " +
        "masks them. A second enabled credential for one provider, MID and TID is a 409.",
      body: "CreateCredentialRequest",
      created: { description: "The credential created.", body: "CreatedCredential" },
      conflicts: ["duplicate_credential"],
      unprocessable: ["merchant_not_found", "provider_not_found", "provider_name_mismatch"],
    },
  }),
  getByIdOperation({
    path: "/v1/credentials/{id}",
    operationId: "getCredential",
    summary: "Get a credential",
    description: "Secret fields are masked.",
    tag: "Credentials",
    found: { description: "The credential.", body: "Credential" },
  }),
  changeByIdOperation({
    method: "patch",
    path: "/v1/credentials/{id}",
    operationId: "updateCredential",
    summary: "Change a credential",
    description:
      "Operators and admins. JSON merge patch (RFC 7396): absent fields stay; inside authenticationData and " +
      "additionalData a key set to null is removed. A masked secret sent back keeps the stored one. At least one " +
      "field must be given.",
    tag: "Credentials",
    body: { schema: "UpdateCredentialRequest", mediaTypes: ["application/json", "application/merge-patch+json"] },
    success: { 200: { description: "The credential after the change.", body: "Credential" } },
    problems: {
      409: { codes: ["duplicate_credential", "authentication_data_unreadable"] },
    },
  }),

  // Events
  listOperation({
    path: "/v1/webhooks/events",
    operationId: "listEvents",
    summary: "List events",
    description: "Filtered, and paged by keyset on (created_at, id): no page repeats or skips an event.",
    tag: "Events",
    query: listEventsQuery,
    filters: EVENT_FILTERS,
    page: { description: "A page of events.", body: "EventPage" },
  }),
  {
    method: "post",
    path: "/v1/webhooks/events",
    operationId: "ingestEvent",
    summary: "Ingest a payment notification",
    description:
      "Roles ingest and admin. Stored at once as pending and processed by a worker. The same notification again " +
      "(acquirerName, acquirerMerchantIdentifier, acquirerTerminalIdentifier, retrievalReferenceNumber, " +
      "transactionType, transactionStatus and amount) answers the stored event (200), never a duplicate; to a " +
      "caller without the read right (role ingest) only its id and status. Nullable fields and metadata may be omitted.",
    tag: "Events",
    auth: "bearer",
    body: { schema: "EventDataInput", description: "The transaction (the seed's Data object)." },
    success: locatedAnswers({
      200: {
        description: "This notification was seen before: the stored event (its id and status for role ingest).",
        body: "EventOrReceipt",
      },
      202: { description: "Stored as pending, to be processed.", body: "Event" },
    }),
  },
  {
    method: "post",
    path: "/v1/webhooks/events/batch",
    operationId: "ingestEventBatch",
    summary: "Ingest up to 100 payment notifications at once",
    description:
      "Roles ingest and admin. Each item is validated and stored on its own and answered in order: created, " +
      "duplicate (the stored event's id and status; the same dedup rule as the single form, also between items of " +
      "one batch) or invalid (its field errors, named events.<index>.<field>). One bad item never refuses the " +
      "others; sending the same batch again answers every item as a duplicate with the same ids. Unlike the single " +
      "form, a created item is processed as it is stored (the same rule as the worker's: its status is processed " +
      "or failed, never pending, with one attempt by ingest:<username>). The body may hold up to 1 MiB.",
    tag: "Events",
    auth: "bearer",
    body: { schema: "BatchIngestRequest", description: "The notifications (the seed's Data objects)." },
    success: { 200: { description: "One result per item, in order.", body: "BatchIngestResult" } },
  },
  {
    method: "get",
    path: "/v1/webhooks/events/export",
    operationId: "exportEvents",
    rateLimit: "export",
    summary: "Export events as CSV",
    description: "Every event the filters match (the list's parameters without cursor and limit), as a streamed CSV file.",
    tag: "Events",
    auth: "bearer",
    query: exportEventsQuery,
    queryDescriptions: EVENT_FILTERS,
    success: {
      200: {
        description: "RFC 4180 CSV, a header row first. No card holder names.",
        body: { mediaType: "text/csv", schema: { type: "string" } },
        headers: {
          "Content-Disposition": {
            description: 'attachment; filename="events-<timestamp>Z.csv"',
            required: true,
            schema: { type: "string", pattern: "^attachment" },
          },
        },
      },
    },
  },
  {
    method: "get",
    path: "/v1/webhooks/events/count",
    operationId: "countEvents",
    summary: "Count the events a filter matches",
    description: `The list's filters without paging. Counting stops at ${COUNT_CAP} (capped: true), so a broad filter answers at once.`,
    tag: "Events",
    auth: "bearer",
    query: countEventsQuery,
    queryDescriptions: EVENT_FILTERS,
    success: { 200: { description: "The count.", body: "EventCount" } },
  },
  {
    method: "get",
    path: "/v1/webhooks/events/retention",
    operationId: "getEventRetention",
    summary: "How far back event history goes",
    description:
      "With EVENTS_RETENTION_MONTHS set, whole months of events (with their attempts and webhook deliveries) " +
      "older than that many months before the current one are removed; oldestAvailable is the first instant kept.",
    tag: "Events",
    auth: "bearer",
    success: { 200: { description: "The retention.", body: "EventRetention" } },
  },
  {
    method: "post",
    path: "/v1/webhooks/events/retry",
    operationId: "retryEvents",
    rateLimit: "write",
    summary: "Retry every failed event a filter matches",
    description:
      "Operators and admins. Starts a background job that processes again, oldest first, up to " +
      `${BULK_RETRY_CAP} failed events matching \`filters\` (the list's parameters; status is always failed), ` +
      "and audits it. Idempotent: while a job for the same filters runs, asking again answers that job (200). " +
      "Follow Location for its progress. capped: true says more matched; run it again for the rest.",
    tag: "Events",
    auth: "bearer",
    body: { schema: "BulkRetryRequest" },
    success: locatedAnswers({
      200: { description: "A job for these filters is already running: that job.", body: "EventRetryJob" },
      202: { description: "The job, started.", body: "EventRetryJob" },
    }),
  },
  getByIdOperation({
    path: "/v1/event-retry-jobs/{id}",
    operationId: "getEventRetryJob",
    summary: "A bulk retry's progress",
    tag: "Events",
    found: { description: "The job.", body: "EventRetryJob" },
  }),
  getByIdOperation({
    path: "/v1/webhooks/events/{id}",
    operationId: "getEvent",
    summary: "Get an event",
    description: "With why it failed and every processing attempt.",
    tag: "Events",
    found: { description: "The event.", body: "EventDetail" },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/webhooks/events/{id}/retry",
    operationId: "retryEvent",
    summary: "Retry a failed event",
    description: "Operators and admins. Processes the event again at once and answers it with the new attempt.",
    tag: "Events",
    success: { 200: { description: "The event after processing.", body: "EventDetail" } },
    problems: { 409: { codes: ["event_not_failed"] } },
  }),

  ...WEBHOOK_OPERATIONS,
  ...ALERT_OPERATIONS,
  ...RECONCILIATION_OPERATIONS,

  // Statistics
  {
    method: "get",
    path: "/v1/stats/overview",
    operationId: "getEventOverview",
    summary: "Event counts for a period",
    tag: "Statistics",
    auth: "bearer",
    query: overviewQuery,
    queryDescriptions: { period: "24h (hourly buckets, the default), 7d or 30d (daily buckets)." },
    success: { 200: { description: "Totals, a series by status, the top failure reasons.", body: "EventOverview" } },
  },

  // Audit log
  listOperation({
    path: "/v1/audit-log",
    operationId: "listAuditLog",
    summary: "List the audit log",
    description: "Admins only. Snapshots have their secrets redacted.",
    tag: "Audit log",
    query: auditLogQuery,
    filters: AUDIT_FILTER_TABLE,
    page: { description: "A page of audit entries.", body: "AuditEntryPage" },
  }),

  // Users
  ...collectionOperations({
    path: "/v1/users",
    tag: "Users",
    list: {
      operationId: "listUsers",
      summary: "List user accounts",
      description: "Admins only.",
      query: listUsersQuery,
      filters: USER_FILTER_TABLE,
      page: { description: "A page of users.", body: "UserPage" },
    },
    create: {
      operationId: "createUser",
      summary: "Create a user account",
      description:
        "Admins only. The service makes a random password and answers it this once; give it to the user over a " +
        "channel you trust. A merchant account (role merchant) names its merchant (merchantId, which must exist: " +
        "else 422 merchant_not_found) and reaches only that merchant's data; no other role takes a merchantId.",
      body: "CreateUserRequest",
      created: { description: "The user, and its password (shown once).", body: "UserWithPassword", headers: NO_STORE },
      conflicts: ["username_taken"],
      unprocessable: ["merchant_not_found"],
    },
  }),
  changeByIdOperation({
    method: "patch",
    path: "/v1/users/{id}",
    operationId: "updateUser",
    summary: "Change a user's role or merchant, or disable or enable it",
    description:
      "Admins only, and not on their own account (422 own_account). Every session and refresh token of the user " +
      "ends; access tokens already issued are refused. Role merchant needs a merchantId (the account's, or one sent " +
      "with it: 422 merchant_not_found otherwise); a merchantId alone moves a merchant account to another merchant " +
      "(422 merchant_only_for_merchant_accounts for another role); another role clears the merchant.",
    tag: "Users",
    body: { schema: "UpdateUserRequest" },
    success: { 200: { description: "The user after the change.", body: "User" } },
    problems: {
      422: { codes: ["own_account", "merchant_not_found", "merchant_only_for_merchant_accounts"] },
    },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/users/{id}/password",
    operationId: "resetUserPassword",
    summary: "Give a user a new random password",
    description: "Admins only, and not on their own account. The password is answered once; the user's sessions end.",
    tag: "Users",
    success: { 200: { description: "The user and its new password (shown once).", body: "UserWithPassword", headers: NO_STORE } },
    problems: { 422: { codes: ["own_account"] } },
  }),

  // Service
  {
    method: "get",
    path: "/v1/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This document",
    description: "OpenAPI 3.1, generated from the schemas that validate requests and shape responses.",
    tag: "Service",
    auth: "public",
    database: false,
    success: { 200: { description: "The OpenAPI document.", body: "OpenApiDocument", headers: cacheable } },
  },
  {
    method: "get",
    path: "/.well-known/jwks.json",
    operationId: "getJwks",
    summary: "The public keys that verify tokens",
    description: "Every configured Ed25519 key: the first signs, all verify, so a rotated-out key keeps its tokens valid.",
    tag: "Service",
    auth: "public",
    database: false,
    success: { 200: { description: "A JSON Web Key Set (RFC 7517).", body: "Jwks", headers: cacheable } },
  },
  {
    method: "get",
    path: "/healthz",
    operationId: "getHealth",
    summary: "Liveness: the process is up",
    tag: "Service",
    auth: "public",
    database: false,
    success: { 200: { description: "Up.", body: "Health", headers: NO_STORE } },
  },
  {
    method: "get",
    path: "/readyz",
    operationId: "getReadiness",
    summary: "Readiness: the database answers",
    tag: "Service",
    auth: "public",
    success: { 200: { description: "Ready.", body: "Readiness", headers: NO_STORE } },
  },
];

export function documentPaths(): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const declaration of OPERATIONS) {
    const item = paths[declaration.path] ?? {};
    paths[declaration.path] = item;
    if (item[declaration.method]) throw new Error(`${declaration.method} ${declaration.path} is declared twice.`);
    item[declaration.method] = operation(declaration);
  }
  return paths;
}
