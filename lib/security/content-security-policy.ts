// The dashboard's Content Security Policy: scripts only from our origin with this response's
// nonce ('strict-dynamic' lets Next's own loader pull its chunks), nothing framed, no plugins.
// Inline style attributes stay allowed: the virtualised tables position rows with them.

export function contentSecurityPolicy(nonce: string, options: { dev: boolean; frameAncestors?: string[] }): string {
  const ancestors = options.frameAncestors?.length ? options.frameAncestors.join(" ") : "'none'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // PORTAL_FRAME_ANCESTORS: the platform's origins may frame the portal; otherwise nobody.
    `frame-ancestors ${ancestors}`,
  ].join("; ");
}
