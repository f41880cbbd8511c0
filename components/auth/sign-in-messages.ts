// What the sign-in form says for each error code that the server's authorize() throws
// (lib/auth/next-auth-options.ts). A disabled account is refused as wrong credentials.
const MESSAGES: Record<string, string> = {
  invalid_credentials: "Wrong username or password.",
  CredentialsSignin: "Wrong username or password.",
  too_many_attempts: "Too many attempts. Try again in a few minutes.",
  console_access_denied: "This account is for API access only and cannot sign in to the console.",
};

const FALLBACK = "Sign-in is unavailable right now. Try again in a moment.";

export function signInErrorMessage(code: string): string {
  return MESSAGES[code] ?? FALLBACK;
}

/** Where to go after signing in: a path of this site only, never back to the sign-in page. */
export function safeCallbackPath(callbackUrl: string | undefined): string {
  if (!callbackUrl?.startsWith("/") || callbackUrl.startsWith("//") || callbackUrl.startsWith("/\\")) {
    return "/overview";
  }
  if (callbackUrl === "/login" || callbackUrl.startsWith("/login?") || callbackUrl.startsWith("/api/")) return "/overview";
  return callbackUrl;
}
