// The SDK's transport against a scripted HTTP server (not the app: it has to hang and fail on cue):
// a timeout per attempt, retries that honour Retry-After, one Idempotency-Key per logical POST across
// its retries, no blind retry of a 500 on an unkeyed PATCH, and page iteration that follows nextCursor.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPaylinkClient, PaylinkError } from "@/sdk/src/index";
import { retryAfterMs } from "@/sdk/src/transport";

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; at: number };
type Reply = { status: number; headers?: Record<string, string>; body?: unknown; hang?: boolean };

let server: Server;
let baseUrl: string;
let script: Reply[] = [];
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, at: Date.now() });
    req.resume();
    req.on("end", () => {
      const reply = script.shift() ?? { status: 500, body: { message: "script ran out" } };
      if (reply.hang) return;
      res.writeHead(reply.status, { "content-type": "application/json", "x-request-id": `req-${seen.length}`, ...reply.headers });
      res.end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  script = [];
  seen = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = (extra: Partial<Parameters<typeof createPaylinkClient>[0]> = {}) =>
  createPaylinkClient({ baseUrl, secretKey: "sk_test_x", merchantId: "5f0c3a8e-6d1b-4c8e-9a51-2f3e4d5c6b7a", retry: { initialDelayMs: 20 }, ...extra });
const initiated = { message: "ok", reference: "TXN-1", transactionId: "5f0c3a8e-6d1b-4c8e-9a51-2f3e4d5c6b70", status: "PENDING" };

describe("the SDK transport", () => {
  it("retries a 503 after its Retry-After, with the same automatic Idempotency-Key", async () => {
    script = [
      { status: 503, headers: { "retry-after": "1" }, body: { message: "busy" } },
      { status: 201, body: initiated },
    ];
    const answer = await client().transactions.initiate({ amount: 250_000, email: "a@example.com" });
    expect(answer.reference).toBe("TXN-1");
    expect(seen).toHaveLength(2);
    const [first, second] = seen;
    expect(first!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers["idempotency-key"]).toBe(first!.headers["idempotency-key"]);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it("gives each logical call its own key, and keeps the caller's", async () => {
    script = [
      { status: 201, body: initiated },
      { status: 201, body: initiated },
      { status: 201, body: initiated },
    ];
    const paylink = client();
    await paylink.transactions.initiate({ amount: 250_000, email: "a@example.com" });
    await paylink.transactions.initiate({ amount: 250_000, email: "a@example.com" });
    await paylink.transactions.initiate({ amount: 250_000, email: "a@example.com" }, { idempotencyKey: "order-42" });
    const keys = seen.map((s) => s.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe("order-42");
  });

  it("retries 429 and 5xx of a GET up to maxRetries, then throws the last answer's error with its code", async () => {
    script = [
      { status: 429, body: { message: "slow down", code: "rate_limited" } },
      { status: 502, body: { message: "bad gateway" } },
      { status: 500, body: { message: "broken", code: "internal_error", requestId: "req-abc", docUrl: "/docs/errors#internal_error" } },
    ];
    const error = await client()
      .transactions.verify("TXN-1")
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(error).toBeInstanceOf(PaylinkError);
    expect(error).toMatchObject({ status: 500, code: "internal_error", requestId: "req-abc", docUrl: "/docs/errors#internal_error", message: "broken" });
  });

  it("does not retry a 400, nor a 500 of a PATCH (it might have acted)", async () => {
    script = [
      { status: 400, body: { message: "Validation failed", code: "validation_failed", param: "amount", errors: [{ field: "amount", message: "bad" }] } },
    ];
    const bad = await client()
      .transactions.verify("TXN-1")
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, code: "validation_failed", param: "amount", errors: [{ field: "amount", message: "bad" }] });
    expect(seen).toHaveLength(1);

    seen = [];
    script = [{ status: 500, body: { message: "broken" } }];
    await expect(client().paymentLinks.update("5f0c3a8e-6d1b-4c8e-9a51-2f3e4d5c6b71", { isActive: false })).rejects.toMatchObject({ status: 500 });
    expect(seen).toHaveLength(1);
  });

  it("times out a hung answer (status 0, code timeout), and retries it when the call is safe to repeat", async () => {
    script = [
      { status: 200, hang: true },
      { status: 200, hang: true },
    ];
    const started = Date.now();
    const error = await client({ timeoutMs: 300, maxRetries: 1 })
      .transactions.verify("TXN-1")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: "timeout" });
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("sends the pinned Paylink-Version", async () => {
    script = [{ status: 200, body: { data: {} } }];
    await client({ apiVersion: "2026-11-26" }).transactions.verify("TXN-1");
    expect(seen[0]!.headers["paylink-version"]).toBe("2026-11-26");
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1000);
    expect(retryAfterMs("soon")).toBeNull();
  });
});

describe("SDK lists", () => {
  it("await gives the first page; for await walks every page by nextCursor", async () => {
    const tx = (id: string) => ({ id, amount: 100 });
    script = [
      { status: 200, body: { data: [tx("a"), tx("b")], nextCursor: "c1", hasMore: true } },
      { status: 200, body: { data: [tx("a"), tx("b")], nextCursor: "c1", hasMore: true } },
      { status: 200, body: { data: [tx("c")], nextCursor: null, hasMore: false } },
    ];
    const paylink = client();
    const first = await paylink.transactions.list({ limit: 2 });
    expect(first.data.map((t) => t.id)).toEqual(["a", "b"]);
    const ids: string[] = [];
    for await (const t of paylink.transactions.list({ limit: 2, status: "COMPLETED" })) ids.push(t.id);
    expect(ids).toEqual(["a", "b", "c"]);
    expect(seen.map((s) => s.url)).toEqual([
      "/api/transactions?limit=2",
      "/api/transactions?limit=2&status=COMPLETED",
      "/api/transactions?limit=2&status=COMPLETED&cursor=c1",
    ]);
    // A secret key names its merchant: no merchantId in the query.
    expect(seen.every((s) => !s.url.includes("merchantId"))).toBe(true);
  });
});
