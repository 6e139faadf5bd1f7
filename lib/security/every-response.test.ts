import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CSP, BASE_HEADERS, HOSTED_CSP } from "./headers.mjs";
import { originFormTarget, withSecurityHeaders } from "./every-response";

// Each path answers the way some part of Next does: implicit head, writeHead with an object, with raw pairs.
const server = http.createServer((req, res) => {
  withSecurityHeaders(res);
  if (req.url === "/implicit") {
    res.statusCode = 308;
    res.setHeader("location", "/x");
    res.end();
  } else if (req.url === "/object") {
    res.writeHead(404, { "Content-Security-Policy": HOSTED_CSP, "content-type": "text/plain" }).end("no");
  } else if (req.url === "/pairs") {
    res.writeHead(500, ["x-frame-options", "SAMEORIGIN", "content-type", "text/plain"]).end();
  } else {
    res.setHeader("content-security-policy", HOSTED_CSP);
    res.end("page");
  }
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("withSecurityHeaders", () => {
  it("adds the base headers and the lock-down CSP to an answer that has none", async () => {
    const res = await fetch(`${base}/implicit`, { redirect: "manual" });
    expect(res.status).toBe(308);
    for (const { key, value } of BASE_HEADERS) expect(res.headers.get(key)).toBe(value);
    expect(res.headers.get("content-security-policy")).toBe(API_CSP);
  });

  it("keeps what an answer set itself, never doubling a header", async () => {
    for (const path of ["/object", "/page"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get("content-security-policy"), path).toBe(HOSTED_CSP);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    const pairs = await fetch(`${base}/pairs`);
    expect(pairs.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(pairs.headers.get("content-security-policy")).toBe(API_CSP);
  });
});

describe("originFormTarget", () => {
  const target = (url: string) => originFormTarget({ url } as http.IncomingMessage);
  it("passes origin-form, reduces absolute-form to its path, and refuses the rest", () => {
    expect(target("/api/health?x=1")).toBe("/api/health?x=1");
    expect(target("http://localhost:3000/api/health?x=1")).toBe("/api/health?x=1");
    expect(target("*")).toBeNull();
    expect(target("localhost:3000")).toBeNull();
    expect(target("")).toBeNull();
  });
});
