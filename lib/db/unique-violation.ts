// A unique-index violation, as Prisma reports it (P2002), whatever the driver adapter: the one
// check behind every "already exists" answer (409s, a raced job creation).
import { Prisma } from "@/generated/prisma/client";

export function isUniqueViolation(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
