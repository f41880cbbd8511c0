// The one reader of process.env: every setting is parsed and validated here, once.
// Secrets missing on the embedded database come from .data/dev-secrets.json (generated on first
// use); on a server database they stop start-up and every command, whatever NODE_ENV says: a
// shared database must never hold data sealed with, or sessions signed by, one machine's keys.
import { z } from "zod";
import { loadDevSecrets } from "@/lib/config/dev-secrets";
import { tracingConfig, tracingSchema } from "@/lib/config/tracing-config";
import { parseAllowList } from "@/lib/config/webhook-allow-list";
import { passwordSchema, usernameSchema } from "@/lib/validation/account-fields";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** An upload's time bounds unless set (UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_TIMEOUT_MS), for the API's description too. */
export const UPLOAD_TIMEOUT_DEFAULTS = { idleMs: 30_000, totalMs: 240_000 } as const;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|pglite:|memory:\/\/)/, "must be postgresql://..., pglite:<dir> or memory://")
    .optional(),
  // A streaming replica of DATABASE_URL's server that serves the event reads (list, detail,
  // export, overview); everything else stays on the primary. Only with a server DATABASE_URL.
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be postgresql://...")
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  // The pipeline's own connections (ingestion, the event worker, deliveries, alerts, maintenance)
  // on a server database, so that it never waits behind API reads for one (lib/db/client.ts).
  DATABASE_PIPELINE_POOL_SIZE: positiveInt(6),
  // How long a request waits for a free connection, and how long one statement may run,
  // before the API answers 503 instead of hanging.
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(2_000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(10_000),
  // Short, so that a replica that went away costs a read one second before it falls back to the
  // primary; then the replica is skipped for DATABASE_REPLICA_RETRY_SECONDS before one read tries it again.
  DATABASE_REPLICA_CONNECT_TIMEOUT_MS: positiveInt(1_000),
  DATABASE_REPLICA_RETRY_SECONDS: positiveInt(10),
  PORT: positiveInt(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NEXTAUTH_URL: z.url().optional(),
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  AUTH_ISSUER: z.string().min(1).default("payment-integrations-console"),
  AUTH_AUDIENCE: z.string().min(1).default("payment-integrations-api"),
  // JSON array of private Ed25519 JWKs, each with a kid; the first signs, all verify.
  AUTH_SIGNING_KEYS: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(300),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt(1800),
  REFRESH_FAMILY_MAX_AGE_SECONDS: positiveInt(12 * 3600),
  // A just-rotated refresh token presented again within this many seconds answers the same new
  // pair (a client whose response was lost retries), instead of counting as reuse. 0 turns it off.
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  // "version:base64key,..." (32-byte keys); the first encrypts, all decrypt.
  ENCRYPTION_KEYS: z.string().min(1).optional(),
  SUBACQUIRER_ID: z.string().min(1).default("org_payments_platform"),
  // Argon2id's cost for new password hashes: OWASP's parameters, or the least argon2 allows for
  // the test runs alone (NODE_ENV=test), which make and sign in hundreds of users and test what
  // a password does, not what a guess costs.
  PASSWORD_HASH_COST: z.enum(["owasp", "minimal"]).default("owasp"),
  // The rules of a username and password set any other way (start-up creates this admin with them).
  ADMIN_USERNAME: usernameSchema.optional(),
  ADMIN_PASSWORD: passwordSchema.optional(),
  // Failures of one username from one address before each further attempt must wait (30 s,
  // doubling up to LOGIN_DELAY_MAX_SECONDS); five times as many from all addresses together
  // make every attempt at that username wait too, at most 60 s: never a lockout.
  LOGIN_LIMIT_PER_USERNAME: positiveInt(10),
  LOGIN_DELAY_MAX_SECONDS: positiveInt(900),
  LOGIN_LIMIT_PER_ADDRESS: positiveInt(100),
  LOGIN_LIMIT_WINDOW_SECONDS: positiveInt(900),
  // Sign-ins that SUCCEED, per minute (from the first of them): each costs a password hash, an
  // audit row and a refresh family, so a client holding a password could spend the CPU on them.
  LOGIN_SUCCESS_LIMIT_PER_USERNAME: positiveInt(30),
  LOGIN_SUCCESS_LIMIT_PER_ADDRESS: positiveInt(100),
  // How many reverse proxies (load balancers) in front of the server append to X-Forwarded-For.
  // The client's address is the entry that many places before the socket's own (0: the socket).
  // Requests per minute: writes and exports per user, token refresh and revocation per address.
  RATE_LIMIT_WRITES_PER_MINUTE: positiveInt(300),
  RATE_LIMIT_EXPORTS_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_TOKENS_PER_MINUTE: positiveInt(60),
  // Fair use (lib/http/fair-use.ts): reads per account per minute, shared by every instance; the
  // ingest role's notifications per account per minute, sized for a fleet of terminals (about
  // 1,700 a second) so that only a runaway sender meets it.
  RATE_LIMIT_READS_PER_MINUTE: positiveInt(1_800),
  RATE_LIMIT_INGEST_PER_MINUTE: positiveInt(100_000),
  // Requests of one account in flight at once on one instance: API calls, and notifications.
  CONCURRENT_REQUESTS_PER_ACCOUNT: positiveInt(16),
  CONCURRENT_INGEST_PER_ACCOUNT: positiveInt(64),
  // Reads in flight at once on one instance, every account together: beyond it reads are shed
  // (503 with Retry-After) while notifications are still taken.
  CONCURRENT_READS_PER_INSTANCE: positiveInt(64),
  // What this instance runs: the API and the dashboard ("api"), the background pipeline (the
  // event worker, deliveries, alerts, maintenance: "worker"), or both (the default). A worker
  // instance still takes notifications, so a platform can put ingestion beside the pipeline.
  INSTANCE_ROLE: z.enum(["api", "worker", "both"]).default("both"),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Origins allowed to show the console (a merchant's portal session) in a frame, space-separated
  // (https://platform.example); none by default: frame-ancestors 'none'.
  PORTAL_FRAME_ANCESTORS: z
    .string()
    .default("")
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .refine((origins) => origins.every((o) => /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o)), {
      message: "must be origins (https://host[:port]) separated by spaces",
    }),
  // A file upload (a reconciliation statement, lib/http/body.ts readTextStream) is refused 408
  // upload_timeout when nothing arrives for UPLOAD_IDLE_TIMEOUT_MS, or when it is not all there
  // UPLOAD_TIMEOUT_MS after it began: a client sending a byte a second holds its request only so
  // long. Below Node's own 300 s for a whole request, which would drop it without a word.
  UPLOAD_IDLE_TIMEOUT_MS: positiveInt(UPLOAD_TIMEOUT_DEFAULTS.idleMs),
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().positive().max(290_000).default(UPLOAD_TIMEOUT_DEFAULTS.totalMs),
  // Serves /bench/fixed (the framework's own ceiling, for npm run bench). Never in production.
  BENCH_ROUTES: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  // The bearer token GET /metrics asks for (Prometheus's scrape config sends it). Unset: /metrics
  // is off and answers 404.
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // OpenTelemetry tracing: off unless an OTLP endpoint is set (lib/config/tracing-config.ts).
  ...tracingSchema,
  WORKER_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  // Months of events kept: older months are dropped whole by the maintenance schedule (see
  // docs/operations.md, "Partitions and retention"). Unset: events are kept forever.
  EVENTS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).optional(),
  // Outbound webhooks (lib/webhooks): the delivery worker, timeouts, retries, address policy.
  WEBHOOK_WORKER_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  WEBHOOK_TIMEOUT_MS: positiveInt(15_000),
  // Seconds before each attempt: the first is the delay before attempt 1, and so on.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, "must be comma-separated seconds, e.g. 0,5,300")
    .default("0,5,300,1800,7200,18000,36000,36000"),
  // Fraction of each retry delay added or taken at random (0.1 = ±10%).
  WEBHOOK_RETRY_JITTER: z.coerce.number().min(0).max(1).default(0.1),
  WEBHOOK_DISABLE_AFTER_SECONDS: positiveInt(5 * 24 * 3600),
  WEBHOOK_SECRET_OVERLAP_SECONDS: positiveInt(24 * 3600),
  WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt(4),
  WEBHOOK_WORKER_CONCURRENCY: positiveInt(64),
  // A merchant's attempts in flight per instance while another merchant has deliveries due;
  // unset: a quarter of WEBHOOK_WORKER_CONCURRENCY (at least WEBHOOK_ENDPOINT_CONCURRENCY).
  WEBHOOK_MERCHANT_CONCURRENCY: z.coerce.number().int().positive().optional(),
  // The circuit breaker: consecutive timeouts or connection failures that open an endpoint's
  // circuit, its first cool-down (doubled at each failed probe) and the longest one.
  WEBHOOK_CIRCUIT_THRESHOLD: positiveInt(5),
  WEBHOOK_CIRCUIT_COOLDOWN_MS: positiveInt(30_000),
  WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: positiveInt(600_000),
  // Alerts (lib/alerts, docs/operations.md "Alerts"): how often the rules run, and their thresholds.
  ALERT_EVALUATION_INTERVAL_MS: positiveInt(30_000),
  // Failure rate: failed / decided events of an acquirer or merchant, by failure reason, over the window.
  ALERT_FAILURE_RATE_THRESHOLD: z.coerce.number().gt(0).max(1).default(0.2),
  ALERT_FAILURE_RATE_WINDOW_MINUTES: positiveInt(15),
  ALERT_FAILURE_RATE_MIN_EVENTS: positiveInt(20),
  // Silence: the days of history learned from, how many of them the subject must have sent in
  // this hour to be expected now, and the allowed gap (the usual gap times the factor, at least the minimum).
  ALERT_SILENCE_HISTORY_DAYS: positiveInt(14),
  ALERT_SILENCE_MIN_ACTIVE_DAYS: positiveInt(5),
  ALERT_SILENCE_GAP_FACTOR: z.coerce.number().min(1).max(100).default(4),
  ALERT_SILENCE_MIN_MINUTES: positiveInt(30),
  // An enabled endpoint failing every attempt for this long (well before WEBHOOK_DISABLE_AFTER_SECONDS).
  ALERT_ENDPOINT_FAILING_MINUTES: positiveInt(60),
  // The oldest pending event, or the longest-due delivery, older than this.
  ALERT_QUEUE_AGE_SECONDS: positiveInt(60),
  // An imported statement with more sales still missing their notification than this (open
  // missing_notification exceptions): a few late or lost notifications a day are ordinary.
  ALERT_RECONCILIATION_MISSING_THRESHOLD: positiveInt(10),
  // Hosts, addresses or CIDR ranges, each with an optional port, that deliveries may reach
  // although private or loopback (lib/config/webhook-allow-list.ts).
  WEBHOOK_ALLOWED_ADDRESSES: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const { entries, errors } = parseAllowList(value);
      for (const message of errors) ctx.addIssue({ code: "custom", message });
      return entries;
    }),
});

export type Env = ReturnType<typeof buildEnv>;

export class ConfigurationError extends Error {}

/** Parses a given environment; env() applies it to process.env once. Exported for tests. */
export function buildEnv(source: Record<string, string | undefined>) {
  const parsed = schema.safeParse(source);
  // One line per setting, naming it, as the checks below word theirs (never zod's own dump).
  if (!parsed.success) throw new ConfigurationError(parsed.error.issues.map(settingIssue).join("\n"));
  const raw = parsed.data;
  const databaseUrl = raw.DATABASE_URL ?? "pglite:./.data/pglite";
  const serverDatabase = /^postgres(ql)?:\/\//.test(databaseUrl);
  const nextAuthUrl = raw.NEXTAUTH_URL ?? `http://localhost:${raw.PORT}`;
  // Production: a production build reachable by others, i.e. at an address other than this
  // machine's loopback (the benchmarks and end-to-end tests run production builds on 127.0.0.1).
  const production = raw.NODE_ENV === "production" && !isLoopbackUrl(nextAuthUrl);

  const missing = (["AUTH_SIGNING_KEYS", "ENCRYPTION_KEYS", "NEXTAUTH_SECRET"] as const).filter((k) => !raw[k]);
  if ((serverDatabase || production) && missing.length > 0) {
    throw new ConfigurationError(
      `Missing required secrets for ${serverDatabase ? "a server database" : "a production build served beyond this machine"}: ${missing.join(", ")}. ` +
        "Generate them with `npm run secrets:generate`; see .env.example for their format.",
    );
  }
  // Refused rather than ignored: whoever set it expects reads to leave the primary, and the
  // embedded database has no replicas.
  if (raw.DATABASE_REPLICA_URL && !serverDatabase) {
    throw new ConfigurationError(
      "DATABASE_REPLICA_URL needs a server DATABASE_URL (postgresql://...): the embedded database has no replica.",
    );
  }
  if (production && !nextAuthUrl.startsWith("https://")) {
    throw new ConfigurationError(
      `NEXTAUTH_URL must be https in production (${nextAuthUrl}): sign-in cookies are marked Secure only over https.`,
    );
  }
  if (production && raw.BENCH_ROUTES) {
    throw new ConfigurationError("BENCH_ROUTES serves benchmark routes without authentication: never in production.");
  }
  // A stored hash that cheap is a password given away to whoever reads the users table.
  if (raw.PASSWORD_HASH_COST === "minimal" && raw.NODE_ENV !== "test") {
    throw new ConfigurationError("PASSWORD_HASH_COST=minimal is for the test runs only (NODE_ENV=test).");
  }
  // Either alone would be ignored, and the admin someone meant to create would not exist.
  if (Boolean(raw.ADMIN_USERNAME) !== Boolean(raw.ADMIN_PASSWORD)) {
    const unset = raw.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME";
    throw new ConfigurationError(`${unset} is not set: ADMIN_USERNAME and ADMIN_PASSWORD create the first admin together.`);
  }
  const dev = missing.length > 0 ? loadDevSecrets() : undefined;

  return {
    nodeEnv: raw.NODE_ENV,
    production,
    databaseUrl,
    serverDatabase,
    databaseReplica: raw.DATABASE_REPLICA_URL
      ? {
          url: raw.DATABASE_REPLICA_URL,
          connectTimeoutMs: raw.DATABASE_REPLICA_CONNECT_TIMEOUT_MS,
          retryAfterMs: raw.DATABASE_REPLICA_RETRY_SECONDS * 1000,
        }
      : undefined,
    databasePoolSize: raw.DATABASE_POOL_SIZE,
    databasePipelinePoolSize: raw.DATABASE_PIPELINE_POOL_SIZE,
    databaseConnectTimeoutMs: raw.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: raw.DATABASE_STATEMENT_TIMEOUT_MS,
    port: raw.PORT,
    logLevel: raw.LOG_LEVEL,
    nextAuthUrl,
    nextAuthSecret: raw.NEXTAUTH_SECRET ?? dev!.nextAuthSecret,
    auth: {
      issuer: raw.AUTH_ISSUER,
      audience: raw.AUTH_AUDIENCE,
      signingKeys: raw.AUTH_SIGNING_KEYS ?? dev!.signingKeys,
      accessTtlSeconds: raw.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: raw.REFRESH_TOKEN_TTL_SECONDS,
      familyMaxAgeSeconds: raw.REFRESH_FAMILY_MAX_AGE_SECONDS,
      refreshReuseGraceSeconds: raw.REFRESH_REUSE_GRACE_SECONDS,
    },
    encryptionKeys: raw.ENCRYPTION_KEYS ?? dev!.encryptionKeys,
    subacquirerId: raw.SUBACQUIRER_ID,
    passwordHashCost: raw.PASSWORD_HASH_COST,
    bootstrapAdmin:
      raw.ADMIN_USERNAME && raw.ADMIN_PASSWORD ? { username: raw.ADMIN_USERNAME, password: raw.ADMIN_PASSWORD } : undefined,
    loginLimits: {
      perUsername: raw.LOGIN_LIMIT_PER_USERNAME,
      maxDelaySeconds: raw.LOGIN_DELAY_MAX_SECONDS,
      perAddress: raw.LOGIN_LIMIT_PER_ADDRESS,
      windowSeconds: raw.LOGIN_LIMIT_WINDOW_SECONDS,
      successesPerUsername: raw.LOGIN_SUCCESS_LIMIT_PER_USERNAME,
      successesPerAddress: raw.LOGIN_SUCCESS_LIMIT_PER_ADDRESS,
    },
    trustedProxyHops: raw.TRUSTED_PROXY_HOPS,
    rateLimitsPerMinute: {
      write: raw.RATE_LIMIT_WRITES_PER_MINUTE,
      export: raw.RATE_LIMIT_EXPORTS_PER_MINUTE,
      token: raw.RATE_LIMIT_TOKENS_PER_MINUTE,
      read: raw.RATE_LIMIT_READS_PER_MINUTE,
      ingest: raw.RATE_LIMIT_INGEST_PER_MINUTE,
    },
    fairUse: {
      concurrentPerAccount: raw.CONCURRENT_REQUESTS_PER_ACCOUNT,
      concurrentIngestPerAccount: raw.CONCURRENT_INGEST_PER_ACCOUNT,
      concurrentReadsPerInstance: raw.CONCURRENT_READS_PER_INSTANCE,
    },
    instanceRole: raw.INSTANCE_ROLE,
    // An "api" instance runs no background work, whatever the worker switches say.
    workerEnabled: raw.WORKER_ENABLED && raw.INSTANCE_ROLE !== "api",
    eventsRetentionMonths: raw.EVENTS_RETENTION_MONTHS ?? null,
    webhooks: {
      workerEnabled: raw.WEBHOOK_WORKER_ENABLED && raw.INSTANCE_ROLE !== "api",
      timeoutMs: raw.WEBHOOK_TIMEOUT_MS,
      retryScheduleSeconds: raw.WEBHOOK_RETRY_SCHEDULE.split(",").map((v) => Number(v.trim())),
      retryJitter: raw.WEBHOOK_RETRY_JITTER,
      disableAfterSeconds: raw.WEBHOOK_DISABLE_AFTER_SECONDS,
      secretOverlapSeconds: raw.WEBHOOK_SECRET_OVERLAP_SECONDS,
      endpointConcurrency: raw.WEBHOOK_ENDPOINT_CONCURRENCY,
      workerConcurrency: raw.WEBHOOK_WORKER_CONCURRENCY,
      merchantConcurrency:
        raw.WEBHOOK_MERCHANT_CONCURRENCY ??
        Math.max(raw.WEBHOOK_ENDPOINT_CONCURRENCY, Math.floor(raw.WEBHOOK_WORKER_CONCURRENCY / 4)),
      circuit: {
        threshold: raw.WEBHOOK_CIRCUIT_THRESHOLD,
        cooldownMs: raw.WEBHOOK_CIRCUIT_COOLDOWN_MS,
        maxCooldownMs: raw.WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS,
      },
      allowedAddresses: raw.WEBHOOK_ALLOWED_ADDRESSES,
    },
    alerts: {
      intervalMs: raw.ALERT_EVALUATION_INTERVAL_MS,
      failureRate: {
        threshold: raw.ALERT_FAILURE_RATE_THRESHOLD,
        windowMinutes: raw.ALERT_FAILURE_RATE_WINDOW_MINUTES,
        minEvents: raw.ALERT_FAILURE_RATE_MIN_EVENTS,
      },
      silence: {
        historyDays: raw.ALERT_SILENCE_HISTORY_DAYS,
        minActiveDays: raw.ALERT_SILENCE_MIN_ACTIVE_DAYS,
        gapFactor: raw.ALERT_SILENCE_GAP_FACTOR,
        minMinutes: raw.ALERT_SILENCE_MIN_MINUTES,
      },
      endpointFailingMinutes: raw.ALERT_ENDPOINT_FAILING_MINUTES,
      queueAgeSeconds: raw.ALERT_QUEUE_AGE_SECONDS,
      reconciliationMissingThreshold: raw.ALERT_RECONCILIATION_MISSING_THRESHOLD,
    },
    benchRoutes: raw.BENCH_ROUTES,
    metricsToken: raw.METRICS_TOKEN,
    tracing: tracingConfig(raw),
    portalFrameAncestors: raw.PORTAL_FRAME_ANCESTORS,
    upload: { idleTimeoutMs: raw.UPLOAD_IDLE_TIMEOUT_MS, timeoutMs: raw.UPLOAD_TIMEOUT_MS },
  };
}

/** "ADMIN_USERNAME must be 3 to 64 ...": the variable, then what it must be (zod's words otherwise). */
function settingIssue(issue: z.core.$ZodIssue): string {
  const name = String(issue.path[0] ?? "configuration");
  const message = issue.message.replace(/\s+/g, " ");
  return /^(must|is|needs) /.test(message) ? `${name} ${message}.` : `${name}: ${message}.`;
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The configuration the server that `npm start` runs will see, judged before it starts. A
 * production build has NODE_ENV "production" written into its bundles whatever the shell says,
 * and `next dev` forces "development"; the start script itself runs with the shell's NODE_ENV
 * (often unset). Judged with the shell's value, a configuration the built server refuses passed,
 * was migrated, and the server then answered every request with an empty 500 (found by the second security review).
 */
export function serverEnv(options: { dev: boolean }): Env {
  return buildEnv({ ...process.env, NODE_ENV: options.dev ? "development" : "production" });
}

let cached: Env | undefined;

/** The validated configuration, read on first use (never at import, so `next build` needs none). */
export function env(): Env {
  cached ??= buildEnv(process.env);
  return cached;
}
