// Every per-caller limit, at its real size (RATE_LIMIT_SCALE is unset in vitest): the call after the
// last allowed one answers 429 with Retry-After, and another address (or key) is not affected.
// Bad requests count too (except sign-up, which counts accounts), so most calls here are cheap 4xx.
import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as signupRoute from "@/app/api/auth/signup/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as forgotRoute from "@/app/api/auth/forgot-password/route";
import * as resetRoute from "@/app/api/auth/reset-password/route";
import * as linkReadRoute from "@/app/api/payment-links/[slug]/route";
import * as linkCheckoutRoute from "@/app/pay/[slug]/checkout/route";
import * as invoicePayRoute from "@/app/invoice/[invoiceId]/pay/route";
import { createLink } from "@/lib/links/service";
import { call, type CallResult } from "../helpers/api";
import { createMerchantOwner, signupBody, uniqueEmail } from "../helpers/factories";
import { initiate } from "../helpers/payments";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
let owner: Owner;
let slug: string;

beforeAll(async () => {
  owner = await createMerchantOwner();
  slug = `rl${randomBytes(6).toString("hex")}`;
  await createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Limits", customSlug: slug });
});

/** A fresh documentation address (TEST-NET-3) per test, so the tests do not share counters. */
let counter = 0;
const address = () => `203.0.113.${++counter}`;
const from = (ip: string) => ({ "x-forwarded-for": ip });

async function spend(times: number, send: () => Promise<{ status: number }>) {
  for (let i = 0; i < times; i++) {
    const res = await send();
    expect(res.status, `call ${i + 1} of ${times}`).not.toBe(429);
  }
}

function expectLimited(res: CallResult | { status: number; headers: Headers; text: string }) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.text).toMatch(/Too many attempts\. Try again in \d+ seconds\./);
}

type FormHandler = (req: Request) => Promise<Response>;
const payLink: FormHandler = (req) => linkCheckoutRoute.POST(req, { params: Promise.resolve({ slug }) });
const payInvoice: FormHandler = (req) => invoicePayRoute.POST(req, { params: Promise.resolve({ invoiceId: "missing" }) });

async function postForm(handler: FormHandler, ip: string) {
  const req = new Request("http://localhost:3000/pay/form", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...from(ip) },
    body: "email=x",
  });
  const res = await handler(req);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("per-address limits", () => {
  it("sign-up: 20 per hour", async () => {
    const ip = address();
    await spend(20, () => call(signupRoute.POST, { path: "/api/auth/signup", body: signupBody(), headers: from(ip) }));
    expectLimited(await call(signupRoute.POST, { path: "/api/auth/signup", body: signupBody(), headers: from(ip) }));
    expect((await call(signupRoute.POST, { path: "/api/auth/signup", body: signupBody(), headers: from(address()) })).status).toBe(201);
  });

  it("log-in: 50 failed attempts per 15 minutes from one address, whatever the e-mail", async () => {
    const ip = address();
    const attempt = () =>
      call(loginRoute.POST, { path: "/api/auth/login", body: { email: uniqueEmail("nobody"), password: "wrong-password-1" }, headers: from(ip) });
    await spend(50, attempt);
    expectLimited(await attempt());
  });

  it("forgot-password and reset-password share 20 per hour", async () => {
    const ip = address();
    await spend(10, () => call(forgotRoute.POST, { path: "/api/auth/forgot-password", body: { email: uniqueEmail("forgot") }, headers: from(ip) }));
    await spend(10, () =>
      call(resetRoute.POST, { path: "/api/auth/reset-password", body: { token: "not-a-token", password: "long-enough-password" }, headers: from(ip) }),
    );
    expectLimited(await call(resetRoute.POST, { path: "/api/auth/reset-password", body: {}, headers: from(ip) }));
    expectLimited(await call(forgotRoute.POST, { path: "/api/auth/forgot-password", body: {}, headers: from(ip) }));
  });

  it("the public link read: 300 per minute", async () => {
    const ip = address();
    const read = (s = slug, headers = from(ip)) => call(linkReadRoute.GET, { path: `/api/payment-links/${s}`, params: { slug: s }, headers });
    expect((await read()).status).toBe(200);
    await spend(299, () => read("missing"));
    expectLimited(await read());
    expect((await read(slug, from(address()))).status).toBe(200);
  });

  it("initiation without a key: 30 per minute", async () => {
    const ip = address();
    await spend(30, () => initiate({}, { headers: from(ip) }));
    expectLimited(await initiate({}, { headers: from(ip) }));
  });

  it("the hosted pay forms: 60 per minute across both pages", async () => {
    const ip = address();
    await spend(30, () => postForm(payLink, ip));
    await spend(30, () => postForm(payInvoice, ip));
    expectLimited(await postForm(payLink, ip));
    expect((await postForm(payLink, address())).status).toBe(303);
  });
});

describe("initiation with a secret key", () => {
  it("is limited per merchant and mode (600 per minute), not per address", async () => {
    const other = await createMerchantOwner();
    // Each call from a new address: the key's own counter decides.
    await spend(600, () => initiate({}, { key: other.secretKey, headers: from(`198.51.100.${counter++ % 250}`) }));
    expectLimited(await initiate({}, { key: other.secretKey, headers: from(address()) }));
    expect((await initiate({}, { key: owner.secretKey, headers: from(address()) })).status).toBe(400);
  });
});

describe("X-Forwarded-For is believed only as far as TRUST_PROXY says", () => {
  afterEach(() => {
    process.env.TRUST_PROXY = "1";
  });

  it("with one trusted proxy, addresses the client made up (left of the proxy's entry) do not buy more attempts", async () => {
    const real = address();
    const spoofed = (i: number) => ({ "x-forwarded-for": `10.9.${i}.1, ${real}` });
    const read = () => call(linkReadRoute.GET, { path: "/api/payment-links/missing", params: { slug: "missing" }, headers: spoofed(counter++) });
    await spend(300, read);
    expectLimited(await read());
  });

  it("with TRUST_PROXY=0 the header is ignored: every caller shares one counter", async () => {
    process.env.TRUST_PROXY = "0";
    await spend(30, () => initiate({}, { headers: from(address()) }));
    expectLimited(await initiate({}, { headers: from(address()) }));
  });
});
