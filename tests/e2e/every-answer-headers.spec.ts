// Issue 23, finding 7: answers Next produces on its own (its 308 for a trailing slash, its redirects
// for `//` and `\`, a JSON 404 for `..`, a bare 500 for the request target `*`) carried none of the
// security headers. Raw HTTP against the real production server: every answer, whoever produces it,
// carries each base header exactly once, and a CSP.
import net from "node:net";
import { BASE_HEADERS } from "../../lib/security/headers.mjs";
import { expect, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Sends one raw HTTP/1.1 request line and returns the status and headers of the answer. */
function rawHead(target: string, method = "GET"): Promise<{ status: number; headers: [string, string][] }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let text = "";
    socket.on("connect", () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: localhost:${PORT}\r\nConnection: close\r\n\r\n`));
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("end", () => {
      const [statusLine = "", ...lines] = text.split("\r\n\r\n")[0]!.split("\r\n");
      const headers = lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()] as [string, string]);
      resolve({ status: Number(statusLine.split(" ")[1]), headers });
    });
    socket.on("error", reject);
  });
}

const TARGETS: [method: string, target: string][] = [
  ["GET", "/api/health/"],
  ["GET", "//"],
  ["GET", "//evil.example/path"],
  ["GET", "/\\evil.example"],
  ["GET", "/api/.."],
  ["GET", "/api/%2e%2e/health"],
  ["GET", "/api/../health"],
  ["GET", "*"],
  ["OPTIONS", "*"],
  ["GET", "http://localhost/api/health"],
  ["GET", "/api/health"],
  ["GET", "/api/no/such/route"],
  ["GET", "/no/such/page"],
  ["GET", "/pay/nosuchlink"],
  ["GET", "/_next/static/no-such-file.js"],
  ["GET", "/login"],
];

test("every answer carries the security headers, whoever produced it", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "raw HTTP: one project is enough");
  for (const [method, target] of TARGETS) {
    const { status, headers } = await rawHead(target, method);
    const label = `${method} ${target} → ${status}`;
    expect(status, label).toBeGreaterThanOrEqual(200);
    expect(status, label).toBeLessThan(500);
    for (const { key, value } of BASE_HEADERS) {
      expect(
        headers.filter(([name]) => name === key.toLowerCase()).map(([, v]) => v),
        `${label}: ${key}`,
      ).toEqual([value]);
    }
    const csp = headers.filter(([name]) => name === "content-security-policy");
    expect(csp, `${label}: one Content-Security-Policy`).toHaveLength(1);
    expect(csp[0]![1], label).toContain("frame-ancestors 'none'");
  }
  // `*` is no resource: a plain 400, not a 500.
  expect((await rawHead("*", "OPTIONS")).status).toBe(400);
});
