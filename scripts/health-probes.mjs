// /healthz and /readyz answered before Next.js (scripts/server.mjs): a probe must never queue
// behind API work. Through Next.js a request takes many turns of the event loop (routing, the
// handler's module, the response's stream), each behind every request of a burst that arrived
// before it; here it runs the same handler (lib/http/probes.ts: request id, access log, metrics,
// problem+json) in a turn or two. instrumentation.ts hands the handlers over on globalThis; until
// it has, or for any other method, Next.js answers as before.

/**
 * The probes' answerer, with `fixedHeaders` (next.config.js's headers for every path, which
 * Next.js would have added): a function that answers true when it took the request.
 */
export function healthProbes(fixedHeaders) {
  return function answeredProbe(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const target = req.url ?? "";
    const query = target.indexOf("?");
    const probe = globalThis.__pic_probes?.[query === -1 ? target : target.slice(0, query)];
    if (!probe) return false;
    void answer(probe, req, res, fixedHeaders);
    return true;
  };
}

async function answer(probe, req, res, fixedHeaders) {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
    const request = new Request(new URL(req.url, "http://localhost"), { method: req.method, headers });
    const response = await probe(request, { params: Promise.resolve({}) });
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...fixedHeaders, ...Object.fromEntries(response.headers), "content-length": body.length });
    // HEAD: GET's head without its body, as Next.js answers it.
    res.end(req.method === "HEAD" ? undefined : body);
  } catch (error) {
    // The handler maps its own failures to problem+json: this is a failure of this code.
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain", "cache-control": "no-store" });
    res.end();
  }
}
