// next-auth's endpoints (/api/auth/*): sign-in, sign-out, session (which renews the token pair), csrf.
import { nextAuthRoute } from "@/lib/http/next-auth-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = nextAuthRoute();
