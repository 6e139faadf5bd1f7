// The logs never carry secrets: requests that hold a secret key, a password, a JWT and a webhook secret
// are run through the real route wrapper with the real logger configuration (written to a stream here
// instead of stdout), including a crash whose message quotes the request body.
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { apiError } from "../helpers/errors";

const lines: string[] = [];
vi.mock("@/lib/log", async () => {
  const real = await vi.importActual<typeof import("@/lib/log")>("@/lib/log");
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  // The request line goes through accessLog (no redaction: its fields are fixed); both go to the sink.
  return { ...real, log: real.createLogger({ level: "debug" }, sink), accessLog: real.createLogger({ level: "debug", redact: undefined }, sink) };
});

const { log } = await import("@/lib/log");
const { route } = await import("@/lib/api/handler");
const signupRoute = await import("@/app/api/auth/signup/route");
const loginRoute = await import("@/app/api/auth/login/route");
const webhooksRoute = await import("@/app/api/merchants/[merchantId]/webhooks/route");
const { call } = await import("../helpers/api");
const { createMerchantOwner, signupBody } = await import("../helpers/factories");

const PASSWORD = "correct-horse-battery-staple-9";
// Starts with "+" and ends in "=": base64 characters a word-character pattern would miss.
const WEBHOOK_SECRET = `whsec_+/${randomBytes(32).toString("base64")}`;
let owner: Awaited<ReturnType<typeof createMerchantOwner>>;

beforeAll(async () => {
  owner = await createMerchantOwner();
});

function expectClean(secrets: string[]) {
  const output = lines.join("\n");
  for (const secret of secrets) expect(output, `a log line contains ${secret.slice(0, 12)}…`).not.toContain(secret);
}

describe("logs", () => {
  it("are one JSON object a line, with the request id, for every API request", async () => {
    lines.length = 0;
    const res = await call(loginRoute.POST, {
      path: "/api/auth/login",
      body: { email: owner.input.email, password: "wrong-password-1" },
      headers: { "x-request-id": "req_test_logs_123" },
    });
    expect(res.status).toBe(401);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: "request",
        requestId: "req_test_logs_123",
        method: "POST",
        path: "/api/auth/login",
        status: 401,
        time: expect.any(String),
      }),
    );
  });

  it("never contain the secret key, JWT, password or webhook secret a request carried", async () => {
    lines.length = 0;
    const body = signupBody({ password: PASSWORD });
    expect((await call(signupRoute.POST, { path: "/api/auth/signup", body, headers: { "x-forwarded-for": "203.0.113.77" } })).status).toBe(201);
    const created = await call(webhooksRoute.POST, {
      path: `/api/merchants/${owner.merchant.id}/webhooks`,
      params: { merchantId: owner.merchant.id },
      token: owner.secretKey,
      body: { url: "https://hooks.example.com/logs", events: ["transaction.completed"], secret: WEBHOOK_SECRET },
    });
    expect(created.status).toBe(201);
    expect(lines.length).toBeGreaterThan(1);
    expectClean([PASSWORD, owner.secretKey, WEBHOOK_SECRET]);
  });

  it("scrub an unhandled error that quotes the request, headers and all", async () => {
    lines.length = 0;
    const crashing = route({ auth: "userOrKey", rawBody: true }, async ({ req, rawBody }) => {
      throw new Error(
        `Invalid invocation: ${rawBody} authorization=${req.headers.get("authorization")} ${owner.token} $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA`,
      );
    });
    const req = new NextRequest("http://localhost:3000/api/crash", {
      method: "POST",
      headers: { authorization: `Bearer ${owner.secretKey}`, cookie: "next-auth.session-token=abc.def.ghi", "content-type": "application/json" },
      body: JSON.stringify({ password: PASSWORD, secret: WEBHOOK_SECRET, key: owner.secretKey }),
    });
    const res = await crashing(req);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ ...apiError({ message: "Internal server error", code: "internal_error" }), requestId: expect.stringMatching(/^req_/) });
    const crash = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } }).find((entry) => entry.msg === "unhandled error");
    expect(crash?.err?.message).toContain("[redacted]");
    expectClean([owner.secretKey, WEBHOOK_SECRET, owner.token, "$argon2id$"]);
  });

  it("redact secret-named fields wherever they are nested", () => {
    lines.length = 0;
    log.info(
      {
        headers: { authorization: "Bearer x", cookie: "c=1", "x-paystack-signature": "sig123456" },
        body: { user: { password: PASSWORD } },
        token: "tok123456",
      },
      "nested",
    );
    expectClean([PASSWORD, "sig123456", "tok123456", "c=1", "Bearer x"]);
    expect(lines.join("\n")).toContain("[redacted]");
  });
});
