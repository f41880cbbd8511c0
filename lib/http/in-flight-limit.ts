// Requests in flight at once, per key, on this instance: a bounded share of its connections and
// CPU. Local by design: a concurrency limit guards the instance the requests are on, and an
// account's requests spread over several instances are limited on each.

const g = globalThis as unknown as { __pic_in_flight?: Map<string, number> };
g.__pic_in_flight ??= new Map();
const inFlight = g.__pic_in_flight;

/** Takes a place for `key` if fewer than `limit` are taken: its release (idempotent), or undefined when full. */
export function takePlace(key: string, limit: number): (() => void) | undefined {
  const taken = inFlight.get(key) ?? 0;
  if (taken >= limit) return undefined;
  inFlight.set(key, taken + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left <= 0) inFlight.delete(key);
    else inFlight.set(key, left);
  };
}

/** How many places `key` holds now (tests, metrics). */
export const placesTaken = (key: string): number => inFlight.get(key) ?? 0;

/**
 * The response with `release` called once its body has been read to the end, cancelled (the
 * client went away) or has failed, instead of when the handler returned: a streamed answer (a
 * CSV export) is work in flight until its last byte is sent. A response without a body, or one
 * to HEAD (whose body the server never reads), releases at once. So does the request's signal,
 * which the server aborts when the connection closes: a client gone before the answer was ready
 * leaves a body nobody reads or cancels (Next.js does not pipe into a closed response).
 */
export function releaseWhenSent(response: Response, release: () => void, request: Request): Response {
  if (!response.body || request.method === "HEAD" || request.signal.aborted) {
    release();
    return response;
  }
  request.signal.addEventListener("abort", release, { once: true });
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    },
    // Read from the handler's stream only as the server sends: no chunk waits in between.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
