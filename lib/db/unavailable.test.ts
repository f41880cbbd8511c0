import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

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
