// The label of a request's route: its path with each dynamic segment put back as its name
// (/v1/webhooks/events/{id}), never the raw path, whose ids would make one time series each.
// The route wrapper knows the path and the params Next matched, not the file's pattern, so
// segments equal to a param's value are named; every other segment is static text of a route
// file (the wrapper only runs for matched routes), so the label set stays bounded. A static
// segment that happens to equal a param's value is named too (/v1/{...unknown} for /v1/v1/v1):
// a second label for the same route at worst, never one per id.

export function routePattern(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value) names.set(v, `{...${name}}`);
    else if (value !== undefined) names.set(value, `{${name}}`);
  }
  if (names.size === 0) return pathname;
  const segments = pathname.split("/").map((segment) => names.get(safeDecode(segment)) ?? segment);
  // A catch-all's segments collapse into one: /v1/a/b/c under /v1/[...unknown] is /v1/{...unknown},
  // so however deep a caller's made-up path, it is one series.
  return segments.filter((segment, i) => !(segment.startsWith("{...") && segments[i - 1] === segment)).join("/");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
