// Whether an error means "the database is away or overloaded right now" (answer 503, retry)
// rather than a bug. Prisma wraps driver failures several layers deep (P2010 around a driver
// adapter error around a socket error), and the direct `pg` path throws them bare, so this
// walks the chain and looks at every code, kind and message on it.

const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);
const UNAVAILABLE_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
// SQLSTATE: 08 connection exception, 57014 statement timeout (query_canceled), 57P01-57P05
// shutdown and idle-session ends, 53300 too many connections, 53 insufficient resources.
const UNAVAILABLE_SQLSTATE = /^(08...|57014|57P0[1-5]|53...)$/;
const UNAVAILABLE_MESSAGE =
  /Can't reach database server|ECONNREFUSED|ECONNRESET|Connection terminated|Connection ended|connection timeout|timeout exceeded when trying to connect|canceling statement due to statement timeout|the database system is (starting up|shutting down|in recovery mode)|terminating connection|Client has encountered a connection error|server closed the connection/i;

function* chain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (!error || typeof error !== "object" || depth > 6) return;
  const e = error as Record<string, unknown>;
  yield e;
  yield* chain(e.cause, depth + 1);
  const meta = e.meta as Record<string, unknown> | undefined;
  if (meta) yield* chain(meta.driverAdapterError, depth + 1);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === "string" ? e.code : undefined;
    if (code && (UNAVAILABLE_PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof e.kind === "string" && UNAVAILABLE_ADAPTER_KINDS.has(e.kind)) return true;
    if (e.kind === "postgres" && typeof e.code === "string" && UNAVAILABLE_SQLSTATE.test(e.code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    if (e.name === "PrismaClientInitializationError") return true;
  }
  return false;
}

// Connecting worked but the server refused the session: wrong user, password or database.
const SESSION_REFUSED_SQLSTATE = new Set(["28000", "28P01", "3D000"]);
const SESSION_REFUSED_KINDS = new Set(["AuthenticationFailed", "DatabaseAccessDenied", "DatabaseDoesNotExist"]);

/**
 * Whether no session could be had or the one in use was lost (refused, reset, terminated, connect
 * timeout, shutting down, login refused): what makes a read leave a replica for the primary. A
 * statement timeout is not one: the same read would be as slow on the primary, which has enough to do.
 */
export function isConnectionFailure(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.kind === "string" && SESSION_REFUSED_KINDS.has(e.kind)) return true;
    if (typeof e.code === "string" && typeof e.severity === "string" && SESSION_REFUSED_SQLSTATE.has(e.code)) return true;
  }
  if (!isDatabaseUnavailable(error)) return false;
  for (const e of chain(error)) {
    if (e.code === "57014" || (e.kind === "postgres" && e.code === "57014")) return false;
    if (typeof e.message === "string" && /canceling statement due to statement timeout/i.test(e.message)) return false;
  }
  return true;
}

/**
 * A hot standby cancels a read whose rows the primary's replayed changes remove ("canceling
 * statement due to conflict with recovery", SQLSTATE 40001 on a standby, where no transaction
 * serializes): the replica is healthy, the read may simply run again on the primary.
 */
export function isRecoveryConflict(error: unknown): boolean {
  for (const e of chain(error)) {
    for (const message of [e.message, e.originalMessage])
      if (typeof message === "string" && /conflict with recovery/i.test(message)) return true;
    // Bare from pg (a SQLSTATE with a severity), or Prisma's adapter error keeping the original.
    if ((e.code === "40001" && typeof e.severity === "string") || e.originalCode === "40001") return true;
  }
  return false;
}
