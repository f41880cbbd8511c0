// The label of a request's route: its path with each dynamic segment put back as its name
// (/v1/webhooks/events/{id}), never the raw path, whose ids would make one time series each.
// The route wrapper knows the path and the params Next matched, not the file's pattern, so
// segments equal to a param's value are named; every other segment is static text of a route
// file (the wrapper only runs for matched routes), so the label set stays bounded.

export function routePattern(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) names.set(v, name);
  }
  if (names.size === 0) return pathname;
  return pathname
    .split("/")
    .map((segment) => {
      const name = names.get(safeDecode(segment));
      return name === undefined ? segment : `{${name}}`;
    })
    .join("/");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
