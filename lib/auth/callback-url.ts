// Where next-auth may send the browser after signing in or out. A callbackUrl (the sign-in form's
// field, a query parameter, or the cookie next-auth keeps it in) counts only when it is a path or
// a URL of this site; anything else (another site, javascript:, text that is no URL) is ignored.
// next-auth's own handling answers such a value with a 500 ("server configuration") or throws on
// it. Pure: the proxy and the next-auth options both use it.

/** The names next-auth gives the callback-url cookie: over http, and over https. */
const CALLBACK_URL_COOKIES = new Set(["next-auth.callback-url", "__Secure-next-auth.callback-url"]);

/**
 * The callbackUrl as an absolute URL on `baseUrl`'s origin, or undefined when it is not one. A
 * relative one must start with "/" (next-auth takes nothing else as relative); "//host" is
 * another site.
 */
export function ownCallbackUrl(value: unknown, baseUrl: string): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    const url = value.startsWith("/") ? new URL(value, baseUrl) : new URL(value);
    return url.origin === new URL(baseUrl).origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// As Next.js reads a cookie for next-auth (`cookies()` of next/headers): URI-decoded, and left
// out when that fails.
function decodedValue(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** A Cookie header without the callback-url cookies that are not ours (the same text when there is none). */
export function withoutForeignCallbackUrl(cookieHeader: string, baseUrl: string): string {
  const pairs = cookieHeader.split(";");
  const kept = pairs.filter((pair) => {
    const eq = pair.indexOf("=");
    if (eq < 0 || !CALLBACK_URL_COOKIES.has(pair.slice(0, eq).trim())) return true;
    return ownCallbackUrl(decodedValue(pair.slice(eq + 1)), baseUrl) !== undefined;
  });
  return kept.length === pairs.length ? cookieHeader : kept.map((pair) => pair.trim()).join("; ");
}
