import { describe, expect, it } from "vitest";
import { isConnectionFailure, isDatabaseUnavailable, isRecoveryConflict } from "@/lib/db/unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises Prisma's wrapped driver failures", () => {
    const prisma = Object.assign(
      new Error("Raw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:5`"),
      {
        code: "P2010",
        meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable", host: "127.0.0.1" } } },
      },
    );
    expect(isDatabaseUnavailable(prisma)).toBe(true);
    const closed = Object.assign(new Error("x"), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind: "ConnectionClosed" } } },
    });
    expect(isDatabaseUnavailable(closed)).toBe(true);
    const timeout = Object.assign(new Error("x"), {
      meta: { driverAdapterError: { cause: { kind: "postgres", code: "57014" } } },
    });
    expect(isDatabaseUnavailable(timeout)).toBe(true);
  });

  it("recognises bare pg and socket errors", () => {
    expect(isDatabaseUnavailable(withCode("canceling statement due to statement timeout", "57014"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves real bugs alone", () => {
    expect(isDatabaseUnavailable(withCode('column "nope" does not exist', "42703"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("duplicate key value", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

// What sends a read from the replica to the primary (lib/db/read-replica.ts).
describe("isConnectionFailure and isRecoveryConflict", () => {
  const viaPrisma = (cause: Record<string, unknown>) =>
    Object.assign(new Error("x"), { code: "P2010", meta: { driverAdapterError: { cause } } });
  const pgError = (message: string, code: string) => Object.assign(new Error(message), { code, severity: "FATAL" });

  it("counts lost or refused sessions, bare or through Prisma, but not statement timeouts", () => {
    expect(isConnectionFailure(withCode("connect ECONNREFUSED 127.0.0.1:5433", "ECONNREFUSED"))).toBe(true);
    expect(isConnectionFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionFailure(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isConnectionFailure(viaPrisma({ kind: "DatabaseNotReachable" }))).toBe(true);
    expect(isConnectionFailure(viaPrisma({ kind: "AuthenticationFailed" }))).toBe(true);
    expect(isConnectionFailure(pgError('database "nope" does not exist', "3D000"))).toBe(true);
    expect(isConnectionFailure(withCode("canceling statement due to statement timeout", "57014"))).toBe(false);
    expect(isConnectionFailure(viaPrisma({ kind: "postgres", code: "57014" }))).toBe(false);
    expect(isConnectionFailure(withCode('column "nope" does not exist', "42703"))).toBe(false);
  });

  it("recognises a standby cancelling a read for replay, bare or through Prisma", () => {
    expect(isRecoveryConflict(pgError("canceling statement due to conflict with recovery", "40001"))).toBe(true);
    expect(
      isRecoveryConflict(
        viaPrisma({
          kind: "TransactionWriteConflict",
          originalCode: "40001",
          originalMessage: "canceling statement due to conflict with recovery",
        }),
      ),
    ).toBe(true);
    expect(isRecoveryConflict(withCode("connect ECONNREFUSED 127.0.0.1:5433", "ECONNREFUSED"))).toBe(false);
  });
});
