// The request target's shape (RFC 9112 §3.2), checked before Next.js sees a request. Next.js
// reads the target as a path: `*` made it throw (a 500 with a stack), and an absolute-form target
// (`GET http://evil.example/v1/providers`) made it answer 308 with a Location on the host the
// client named. Origin-form (`/...`) passes as it is; `OPTIONS *` is answered here; an
// absolute-form target naming this server becomes the origin-form of its path, with the target's
// authority as Host (RFC 9112 §3.2.2 says to use it, not the Host header); any other shape,
// and an absolute-form target naming another host, is a 400. CONNECT's authority-form never
// reaches a request handler (scripts/server.mjs answers it on the server's "connect" event).

/** 400 problem+json, in the shape of every other refusal. */
function invalidTarget(res, detail) {
  const body = JSON.stringify({
    type: "/problems/invalid_request_target",
    title: "Bad Request",
    status: 400,
    detail,
    code: "invalid_request_target",
  });
  res.writeHead(400, {
    "content-type": "application/problem+json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
}

/**
 * The origin-form of an absolute-form target naming `ownHost` (host[:port], as URL.host spells
 * it), or why it cannot be served. The path is taken as sent (URL would resolve dot segments and
 * re-encode it); Next.js then treats it as it treats any path.
 */
export function originFormOf(target, ownHost) {
  const scheme = /^https?:\/\//i.exec(target);
  if (!scheme) return { refused: "The request target is neither a path, '*' nor an http(s) URL." };
  let url;
  try {
    url = new URL(target);
  } catch {
    return { refused: "The request target is not a URL." };
  }
  // RFC 9110 §4.2.4: userinfo in an http(s) URI is to be treated as an error.
  if (url.username || url.password) return { refused: "The request target carries user information." };
  if (url.host !== ownHost) return { refused: "This server answers for its own host only." };
  const rest = target.slice(scheme[0].length).replace(/^[^/?#]*/, "");
  const path = rest.startsWith("/") ? rest : `/${rest}`;
  return { path: path.replace(/#.*$/s, ""), host: url.host };
}

/**
 * Answers a request whose target Next.js must not see, and returns true; rewrites an
 * absolute-form target for this server to origin-form and returns false (pass it on).
 * `allow`: what `OPTIONS *` answers, the server's methods.
 */
export function answeredForRequestTarget(req, res, { ownHost, allow }) {
  const target = req.url ?? "";
  if (target.startsWith("/")) return false;
  if (target === "*") {
    // RFC 9112 §3.2.4: asterisk-form is for OPTIONS only, a question to the server as a whole.
    if (req.method === "OPTIONS") {
      res.writeHead(204, { allow, "cache-control": "no-store" });
      res.end();
    } else {
      invalidTarget(res, "The request target '*' is for OPTIONS only.");
    }
    return true;
  }
  const origin = originFormOf(target, ownHost);
  if (origin.refused) {
    invalidTarget(res, origin.refused);
    return true;
  }
  req.url = origin.path;
  req.headers.host = origin.host;
  return false;
}
