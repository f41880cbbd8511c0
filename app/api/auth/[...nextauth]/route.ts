// next-auth's endpoints (/api/auth/*): sign-in, sign-out, session (which renews the token pair), csrf.
import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Built on the first request: the options read the configuration, which `next build` does not have.
let nextAuth: ((request: NextRequest, context: Context) => Promise<Response>) | undefined;

function handler(request: NextRequest, context: Context): Promise<Response> {
  nextAuth ??= NextAuth(authOptions()) as NonNullable<typeof nextAuth>;
  return nextAuth(request, context);
}

export { handler as GET, handler as POST };
