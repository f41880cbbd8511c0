// A request's URL, parsed once: Next.js hands route handlers a NextRequest whose nextUrl it has
// already parsed; `new URL(request.url)` parsed it again, twice per API request (the wrapper's
// access log and the query string). A plain Request (tests, scripts) is parsed here. `search`
// is the query string as sent (still percent-encoded), for what searchParams hides.
type UrlParts = Pick<URL, "pathname" | "search" | "searchParams">;

export function requestUrl(request: Request): UrlParts {
  return (request as Request & { nextUrl?: UrlParts }).nextUrl ?? new URL(request.url);
}
