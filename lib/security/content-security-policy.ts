// The dashboard's Content Security Policy: scripts only from our origin with this response's
// nonce ('strict-dynamic' lets Next's own loader pull its chunks), nothing framed, no plugins.
// Inline style attributes stay allowed: the virtualised tables position rows with them.

export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
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
    "frame-ancestors 'none'",
  ].join("; ");
}
