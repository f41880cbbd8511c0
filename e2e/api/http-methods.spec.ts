// Unauthenticated requests that once answered 500 with a stack trace in the server log: methods
// Next.js cannot serve (TRACE), next-auth's failure paths (a GET of a Credentials callback, a
// callbackUrl that is no URL, a callback-url cookie that is not ours), and every method on every
// route. Sent over node:http (fetch refuses TRACE and CONNECT); each test also reads what the
// server logged meanwhile: no stack.
import { readFileSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import type { OpenApiDocument } from "@/lib/openapi/types";
import { HTTP_METHODS } from "@/lib/openapi/types";
import { expect, test } from "../support/fixtures";
import { baseUrlOf, PORTS } from "../support/run-env";
import { USERS } from "../support/users";

const PORT = PORTS[0];
const BASE = baseUrlOf(PORT);
const LOG = `test-results/next-${PORT}.log`;

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}${path}`, { method, headers: options.headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The status line the server answers a CONNECT with (Node hands it to no request handler). */
function connectStatusLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1", () => socket.write(`CONNECT / HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("close", () => resolve(text.split("\r\n")[0] ?? ""));
    socket.on("error", reject);
  });
}

/**
 * One request written on a socket as given (node:http cannot send `*` or an absolute-form
 * target): the status, the lower-cased header lines and the body of the answer.
 */
function rawRequest(
  requestLine: string,
  headers: string[] = [`Host: 127.0.0.1:${PORT}`],
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1", () =>
      socket.write(`${requestLine}\r\n${[...headers, "Content-Length: 0", "Connection: close"].join("\r\n")}\r\n\r\n`),
    );
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("close", () => {
      const at = text.indexOf("\r\n\r\n");
      const head = (at < 0 ? text : text.slice(0, at)).toLowerCase();
      resolve({ status: Number(head.split(" ")[1]), head, body: at < 0 ? "" : text.slice(at + 4) });
    });
    socket.on("error", reject);
  });
}

/** Where the server's log ends now. */
const logMark = () => statSync(LOG).size;

/**
 * Lines logged since `mark` that hold a stack: Next.js's own report of an error, or a logged 500's.
 * The request lines are written asynchronously, in order, and Next.js's reports at once: read
 * when the log holds the line of a request sent after the test's own.
 */
async function stacksLoggedSince(mark: number): Promise<string[]> {
  const last = (await send("GET", "/healthz")).headers["x-request-id"];
  expect(last).toBeTruthy();
  const logged = () => readFileSync(LOG).subarray(mark).toString("utf8");
  await expect.poll(() => logged().includes(`"requestId":"${last}"`), { intervals: [20] }).toBe(true);
  return logged()
    .split("\n")
    .filter((line) => /^\s+at |^⨯ |"stack":/.test(line));
}

function expectProblem(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers["content-type"]).toBe("application/problem+json");
  expect(JSON.parse(answer.text)).toMatchObject({ status, code, detail: expect.any(String) });
}

/** A CSRF token and the cookie that goes with it, as the sign-in form gets them. */
async function csrf(): Promise<{ token: string; cookie: string }> {
  const answer = await send("GET", "/api/auth/csrf");
  expect(answer.status).toBe(200);
  const cookie = (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  return { token: (JSON.parse(answer.text) as { csrfToken: string }).csrfToken, cookie };
}

test("a method Next.js cannot serve is refused with 405 and Allow (problem+json), never a 500", async () => {
  const mark = logMark();
  for (const method of ["TRACE", "PROPFIND"]) {
    const page = await send(method, "/");
    expectProblem(page, 405, "method_not_allowed");
    expect(page.headers.allow).toBe("GET, HEAD");
    const route = await send(method, "/v1/credentials/x");
    expectProblem(route, 405, "method_not_allowed");
    expect(route.headers.allow).toBe("GET, PATCH");
    expectProblem(await send(method, "/v1/nowhere"), 404, "not_found");
    expect((await send(method, "/api/auth/session")).headers.allow).toBe("GET, POST");
  }
  const script = /\/_next\/static\/[^"]+\.js/.exec((await send("GET", "/login")).text)?.[0];
  expect(script).toBeTruthy();
  expect((await send("TRACE", script!)).headers.allow).toBe("GET, HEAD");
  expect((await send("POST", script!)).status).toBe(405);
  expect(await connectStatusLine()).toBe("HTTP/1.1 405 Method Not Allowed");
  // Node's own parser refuses a method it does not know before any code of ours runs.
  expect((await send("FOO", "/v1/providers")).status).toBe(400);
  expect(await stacksLoggedSince(mark)).toEqual([]);
});

// Next.js reads the target as a path: `*` threw (500, a TypeError stack in the log) and an
// absolute-form target got a 308 to the host it named (scripts/request-target.mjs).
test("a target that is not a path: OPTIONS * is 204 with Allow, other shapes 400, never a redirect to the host named", async () => {
  const mark = logMark();
  const options = await rawRequest("OPTIONS * HTTP/1.1");
  expect(options.status, options.head).toBe(204);
  expect(options.head).toContain("\r\nallow: get, head, options, post, put, patch, delete");
  for (const line of [
    "GET * HTTP/1.1",
    "HEAD * HTTP/1.1",
    "POST * HTTP/1.1",
    "GET *x HTTP/1.1",
    "GET http://evil.example/v1/providers HTTP/1.1",
  ]) {
    const answer = await rawRequest(line);
    expect(answer.status, `${line}: ${answer.head}`).toBe(400);
    expect(answer.head).toContain("\r\ncontent-type: application/problem+json");
    expect(answer.head).not.toContain("location:");
    if (!line.startsWith("HEAD")) expect(JSON.parse(answer.body)).toMatchObject({ status: 400, code: "invalid_request_target" });
  }
  // Another host named in the target, whatever the Host header says: refused, never redirected.
  for (const target of [
    "http://evil.example/v1/providers",
    `http://evil.example:${PORT}//v1/providers`,
    "https://evil.example/login",
  ]) {
    const answer = await rawRequest(`GET ${target} HTTP/1.1`);
    expect(answer.status, `${target}: ${answer.head}`).toBe(400);
    expect(answer.head).not.toContain("evil.example");
  }
  // Origin-form paths that look like another host: Next.js's answer (a 308 to the path without
  // the repeated slash) stays on this server.
  for (const path of ["//evil.example/v1/providers", "/\\evil.example/v1/providers"]) {
    const answer = await rawRequest(`GET ${path} HTTP/1.1`);
    expect(answer.status, `${path}: ${answer.head}`).toBeLessThan(500);
    expect(answer.head, path).not.toMatch(/\r\nlocation: *([a-z]+:)?[/\\]{2}/);
  }
  // This server named in the target (RFC 9112 §3.2.2: a server MUST accept absolute-form): its
  // path is served, whatever the Host header says.
  const own = await rawRequest(`GET http://127.0.0.1:${PORT}/v1/providers HTTP/1.1`, ["Host: evil.example"]);
  expect(own.status, own.head).toBe(401);
  expect(own.body).toContain('"code":"unauthenticated"'); // chunked: the one chunk holds it
  const page = await rawRequest(`GET http://127.0.0.1:${PORT}/login HTTP/1.1`, ["Host: evil.example"]);
  expect(page.status, page.head).toBe(200);
  expect(page.head).not.toContain("evil.example");
  expect(await stacksLoggedSince(mark)).toEqual([]);
});

test("next-auth's endpoints refuse what they do not serve, with 4xx problem+json", async () => {
  const mark = logMark();
  for (const provider of ["credentials", "portal-session"]) {
    const callback = await send("GET", `/api/auth/callback/${provider}`);
    expectProblem(callback, 405, "method_not_allowed");
    expect(callback.headers.allow).toBe("POST");
  }
  expectProblem(await send("GET", "/api/auth/nothing"), 404, "not_found");
  expectProblem(await send("PUT", "/api/auth/session"), 405, "method_not_allowed");
  expectProblem(await send("OPTIONS", "/api/auth/csrf"), 405, "method_not_allowed");
  // next-auth writes the error code into a Location header as it is: CR, LF or "€" threw there.
  for (const path of ["/api/auth/error?error=%0D%0Ax:1", "/api/auth/error?error=%E2%82%AC", "/api/auth/error/%E2%82%AC"]) {
    expectProblem(await send("GET", path), 400, "invalid_error_code");
  }
  expect((await send("GET", "/api/auth/error?error=CredentialsSignin")).status).toBe(302);
  const { token, cookie } = await csrf();
  const unknownProvider = await send("POST", "/api/auth/callback/nope", {
    headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: token }).toString(),
  });
  expectProblem(unknownProvider, 404, "not_found");
  const malformed = await send("POST", "/api/auth/session", {
    headers: { cookie, origin: BASE, "content-type": "application/json" },
    body: "{",
  });
  expectProblem(malformed, 400, "malformed_json");
  expect(await stacksLoggedSince(mark)).toEqual([]);
});

test("a callbackUrl that is not this site's is ignored, in the form, the query or the cookie", async () => {
  const mark = logMark();
  // Not even a URL (the port is no number): next-auth's default redirect threw on it.
  const evil = `http://127.0.0.1:${PORT}.evil.example/`;
  const { token, cookie } = await csrf();
  const form = (username: string, password: string) =>
    new URLSearchParams({ csrfToken: token, username, password, callbackUrl: evil, json: "true" }).toString();
  const headers = { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" };

  const refused = await send("POST", "/api/auth/callback/credentials", {
    headers,
    body: form("nobody-http-methods", "not-the-password"),
  });
  expect(refused.status, refused.text).toBe(401);
  expect(new URL((JSON.parse(refused.text) as { url: string }).url).origin).toBe(BASE);

  const signedIn = await send("POST", "/api/auth/callback/credentials", {
    headers,
    body: form(USERS.viewer.username, USERS.viewer.password),
  });
  expect(signedIn.status, signedIn.text).toBe(200);
  expect((JSON.parse(signedIn.text) as { url: string }).url).toBe(BASE);

  for (const value of ["javascript:1", "https://evil.example/", encodeURIComponent(evil)]) {
    const providers = await send("GET", "/api/auth/providers", { headers: { cookie: `next-auth.callback-url=${value}` } });
    expect(providers.status, providers.text).toBe(200);
    expect(JSON.parse(providers.text)).toHaveProperty("credentials");
    const page = await send("GET", "/login", { headers: { cookie: `next-auth.callback-url=${value}` } });
    expect(page.status).toBe(200);
  }
  const session = await send("GET", `/api/auth/session?callbackUrl=${encodeURIComponent("javascript:1")}`);
  expect(session.status, session.text).toBe(200);
  const signIn = await send("GET", `/api/auth/signin?callbackUrl=${encodeURIComponent(evil)}`);
  expect(signIn.status).toBe(302);
  expect(signIn.headers.location).toBe(`/login?callbackUrl=${encodeURIComponent(BASE)}`);
  expect(await stacksLoggedSince(mark)).toEqual([]);
});

/** Every method the check sends: the API's, HEAD and OPTIONS, TRACE, and one Next.js does not know. */
const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"];

test("every method on every route answers below 500; on /v1 each unserved one is 405 with Allow", async () => {
  // Nine methods on every route of the OpenAPI document, one request after another.
  test.setTimeout(120_000);
  const mark = logMark();
  const document = JSON.parse((await send("GET", "/v1/openapi.json")).text) as OpenApiDocument;
  const routes = Object.entries(document.paths).map(([template, item]) => ({
    path: template.replace(/\{[^}]+\}/g, "x1"),
    served: HTTP_METHODS.filter((m) => item[m]).map((m) => m.toUpperCase()),
  }));
  // Route handlers outside /v1, each serving GET only.
  routes.push(...["/healthz", "/readyz", "/metrics", "/.well-known/jwks.json"].map((path) => ({ path, served: ["GET"] })));
  expect(routes.length).toBeGreaterThan(20);

  const problems: string[] = [];
  for (const { path, served } of routes) {
    const allow = served.join(", ");
    const answers = new Map<string, Answer>();
    for (const method of ALL_METHODS) {
      const answer = await send(method, path, method === "GET" || method === "HEAD" ? {} : { body: "" });
      answers.set(method, answer);
      const at = `${method} ${path} → ${answer.status}`;
      if (answer.status >= 500) problems.push(`${at}: ${answer.text.slice(0, 200)}`);
      const headOfGet = method === "HEAD" && served.includes("GET");
      if (served.includes(method) || headOfGet) {
        if (answer.status === 405) problems.push(`${at}, though the route serves it`);
      } else if (answer.status !== 405 || answer.headers.allow !== allow) {
        problems.push(`${at} with Allow "${answer.headers.allow}", expected 405 with Allow "${allow}"`);
      } else if (method !== "HEAD" && answer.headers["content-type"] !== "application/problem+json") {
        problems.push(`${at} is not problem+json`);
      }
    }
    if (served.includes("GET") && answers.get("HEAD")?.status !== answers.get("GET")?.status)
      problems.push(`HEAD ${path} → ${answers.get("HEAD")?.status}, GET → ${answers.get("GET")?.status}`);
  }

  for (const path of ["/", "/login", "/overview", "/events", "/merchants/x1"]) {
    for (const method of ALL_METHODS) {
      const answer = await send(method, path);
      const at = `${method} ${path} → ${answer.status}`;
      if (method === "GET" || method === "HEAD") {
        if (answer.status >= 400) problems.push(at);
      } else if (answer.status !== 405 || answer.headers.allow !== "GET, HEAD") {
        problems.push(`${at} with Allow "${answer.headers.allow}", expected 405 with Allow "GET, HEAD"`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(await stacksLoggedSince(mark)).toEqual([]);
});
