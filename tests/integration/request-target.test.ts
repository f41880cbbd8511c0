// The request target's shapes (scripts/request-target.mjs) on a real node:http server, sent over
// raw sockets as a client would write them: what reaches the handler behind it, and what is
// answered before it. The built server's answers are checked in e2e/api/http-methods.spec.ts.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answeredForRequestTarget, originFormOf } from "@/scripts/request-target.mjs";

const ALLOW = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE";
let server: http.Server;
let port: number;
let ownHost: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (answeredForRequestTarget(req, res, { ownHost, allow: ALLOW })) return;
    // What the application behind would see.
    const body = JSON.stringify({ url: req.url, host: req.headers.host });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  ownHost = `127.0.0.1:${port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One request written as given; the status, headers and body of the answer. */
function raw(requestLine: string, headers = `Host: 127.0.0.1:${port}`) {
  return new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`${requestLine}\r\n${headers}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("close", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body });
    });
    socket.on("error", reject);
  });
}

describe("request targets", () => {
  it("answers OPTIONS * with 204 and the server's methods", async () => {
    const answer = await raw("OPTIONS * HTTP/1.1");
    expect(answer.status).toBe(204);
    expect(answer.head).toMatch(new RegExp(`\r\nallow: ${ALLOW}\r\n`, "i"));
  });

  it("refuses * with any other method, and other shapes, with 400 problem+json", async () => {
    for (const line of [
      "GET * HTTP/1.1",
      "HEAD * HTTP/1.1",
      "POST * HTTP/1.1",
      "GET *x HTTP/1.1",
      "GET ftp://127.0.0.1/ HTTP/1.1",
    ]) {
      const answer = await raw(line);
      expect(answer.status, line).toBe(400);
      expect(answer.head, line).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
      if (!line.startsWith("HEAD"))
        expect(JSON.parse(answer.body), line).toMatchObject({ status: 400, code: "invalid_request_target" });
    }
  });

  it("refuses an absolute-form target naming another host, never redirecting there", async () => {
    for (const target of [
      "http://evil.example/v1/providers",
      `http://evil.example:${port}/v1/providers`,
      `http://user@127.0.0.1:${port}/v1/providers`,
    ]) {
      const answer = await raw(`GET ${target} HTTP/1.1`);
      expect(answer.status, target).toBe(400);
      expect(answer.head).not.toMatch(/location:/i);
    }
  });

  it("serves an absolute-form target naming this server as its path, the Host being the target's", async () => {
    const answer = await raw(`GET HTTP://127.0.0.1:${port}/v1/providers?limit=1 HTTP/1.1`, "Host: evil.example");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ url: "/v1/providers?limit=1", host: `127.0.0.1:${port}` });
    expect(JSON.parse((await raw(`GET http://127.0.0.1:${port} HTTP/1.1`)).body)).toMatchObject({ url: "/" });
  });

  it("passes origin-form targets on as they are", async () => {
    const answer = await raw("GET /v1/providers/../x?a=%2F HTTP/1.1");
    expect(JSON.parse(answer.body)).toEqual({ url: "/v1/providers/../x?a=%2F", host: `127.0.0.1:${port}` });
  });

  it("takes an absolute-form target's path as sent, without its fragment", () => {
    expect(originFormOf("http://a.example/x/../y?q=%2F#f", "a.example")).toEqual({ path: "/x/../y?q=%2F", host: "a.example" });
    expect(originFormOf("http://a.example?q=1", "a.example")).toEqual({ path: "/?q=1", host: "a.example" });
    expect(originFormOf("http://A.EXAMPLE:80/", "a.example")).toEqual({ path: "/", host: "a.example" });
    expect(originFormOf("http://a.example.evil.example/", "a.example").refused).toBeTruthy();
  });
});
