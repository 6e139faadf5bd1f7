// The API lane answers byte for byte as Next does: the browser tests' server (`npm start`, lane on)
// and a second production server on the same build and database with API_LANE=off (everything through
// Next) get the same raw HTTP requests; their raw answers (status line, headers in order, body framing,
// gzip bytes) must be identical apart from the Date and the request id.
import type { ChildProcess } from "node:child_process";
import net from "node:net";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, startSecondServer } from "./helpers";

const LANE_PORT = Number(process.env.E2E_PORT ?? 3100);
const NEXT_PORT = LANE_PORT + 58;

/** Sends one raw HTTP/1.1 request and returns every byte of the answer. */
function rawHttp(port: number, method: string, path: string, headers: Record<string, string> = {}, body = ""): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const lines = [`${method} ${path} HTTP/1.1`, "Host: localhost", "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    socket.on("connect", () => socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks)));
    socket.on("error", reject);
  });
}

/** The body of a chunked answer, de-chunked. */
function chunkedBody(answer: Buffer): string {
  let rest = answer.toString("latin1").split("\r\n\r\n").slice(1).join("\r\n\r\n");
  let body = "";
  for (;;) {
    const size = parseInt(rest.slice(0, rest.indexOf("\r\n")), 16);
    if (!size) return Buffer.from(body, "latin1").toString("utf8");
    const start = rest.indexOf("\r\n") + 2;
    body += rest.slice(start, start + size);
    rest = rest.slice(start + size + 2);
  }
}

/**
 * The answer with what must differ blanked: when it was sent, which request it was (in its header and
 * in an error's body), and where each process's own rate-limit window stands.
 */
function comparable(answer: Buffer): string {
  return answer
    .toString("latin1")
    .replace(/^(date|x-request-id|ratelimit-remaining|ratelimit-reset): .*$/gim, "$1: -")
    .replace(/"requestId":"req_[0-9a-f]+"/g, '"requestId":"-"');
}

test("every kind of API answer is byte-identical through the lane and through Next", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one comparison is enough");
  test.setTimeout(120_000);
  let next: ChildProcess | undefined;
  try {
    const merchant = await createVerifiedMerchant(request, "Lane Check Stores");
    const login = await (await request.post("/api/auth/login", { data: { email: merchant.email, password: merchant.password } })).json();
    const link = await (
      await request.post(`/api/merchants/${merchant.merchantId}/payment-links`, {
        headers: { authorization: `Bearer ${login.token}` },
        data: { title: "Jollof tray", amount: 750_000 },
      })
    ).json();
    const key = { authorization: `Bearer ${merchant.secretKey}` };
    const initiateBody = JSON.stringify({ amount: 500_000, email: "payer@example.com" });
    const initiate = { ...key, "content-type": "application/json", "idempotency-key": "lane-check-1" };
    // The first initiation creates the payment; both servers then answer the same key with its replay.
    const first = await rawHttp(LANE_PORT, "POST", "/api/transactions/initiate", initiate, initiateBody);
    const { transactionId } = JSON.parse(chunkedBody(first));
    expect(transactionId).toBeTruthy();

    // The same build, database, public address (error bodies' docUrl and links are built from
    // APP_URL) and rate limits as the browser tests' server (playwright.config.ts), everything through Next.
    const appUrl = `http://localhost:${LANE_PORT}`;
    next = await startSecondServer(NEXT_PORT, { API_LANE: "off", DEV_MAILBOX: "1", APP_URL: appUrl, NEXTAUTH_URL: appUrl, RATE_LIMIT_SCALE: "100" });

    const requests: [method: string, path: string, headers?: Record<string, string>, body?: string][] = [
      ["GET", "/api/health"],
      ["GET", "/api/no/such/route"],
      ["POST", "/api/no/such/route", { "content-type": "application/json" }, "{}"],
      ["GET", `/api/payment-links/${link.link.slug}`],
      ["GET", "/api/payment-links/nosuchlink"],
      ["POST", "/api/transactions/initiate", initiate, initiateBody],
      ["POST", "/api/transactions/initiate", { "content-type": "application/json" }, '{"amount":1}'],
      ["POST", "/api/transactions/initiate", { "content-type": "application/json" }, "{not json"],
      ["GET", `/api/transactions/${transactionId}/verify`, key],
      ["GET", `/api/transactions/${transactionId}/verify`],
      ["GET", "/api/transactions/not-an-id/verify", key],
      ["GET", `/api/merchants/${merchant.merchantId}`, key],
      ["POST", "/api/transactions/webhooks/sandbox", { "content-type": "application/json", "x-sandbox-signature": "bad" }, '{"event":"charge.success"}'],
      ["GET", "/api/openapi.json", { "accept-encoding": "gzip" }],
      ["HEAD", "/api/health"],
      ["OPTIONS", "/api/health"],
      // A method the route does not take: the module's JSON 405 (a fixed request id, as it is in the body).
      ["DELETE", "/api/health", { "x-request-id": "lane-check-405" }],
      ["GET", "/api/transactions/initiate", { "x-request-id": "lane-check-405" }],
      ["GET", "/api/health/"],
    ];
    for (const [method, path, headers, body] of requests) {
      const viaLane = comparable(await rawHttp(LANE_PORT, method, path, headers, body));
      const viaNext = comparable(await rawHttp(NEXT_PORT, method, path, headers, body));
      expect(viaLane, `${method} ${path}`).toBe(viaNext);
      expect(viaLane).toMatch(/^HTTP\/1\.1 \d{3} /);
    }
  } finally {
    if (next?.exitCode === null) next.kill("SIGTERM");
  }
});
