import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sha256 } from "@/lib/auth/tokens";
import * as signupRoute from "@/app/api/auth/signup/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as verifyRoute from "@/app/api/auth/verify-email/route";
import * as resendRoute from "@/app/api/auth/resend-verification/route";
import * as forgotRoute from "@/app/api/auth/forgot-password/route";
import * as resetRoute from "@/app/api/auth/reset-password/route";
import * as meRoute from "@/app/api/merchants/me/route";
import { call } from "../helpers/api";
import { signupBody, tokenFromMailbox, uniqueEmail } from "../helpers/factories";
import { deliverQueuedEmails } from "../helpers/mailbox";
import { apiError } from "../helpers/errors";

const signup = (body: unknown, ip = "198.51.100.1") => call(signupRoute.POST, { path: "/api/auth/signup", body, headers: { "x-forwarded-for": ip } });
const login = (email: string, password: string, ip = "198.51.100.2") =>
  call(loginRoute.POST, { path: "/api/auth/login", body: { email, password }, headers: { "x-forwarded-for": ip } });
const verify = (token?: string) =>
  call(verifyRoute.GET, { path: token === undefined ? "/api/auth/verify-email" : `/api/auth/verify-email?token=${encodeURIComponent(token)}` });

describe("POST /api/auth/signup", () => {
  it("creates the merchant, its owner and test keys, and e-mails a verification link", async () => {
    const body = signupBody({ email: uniqueEmail("Owner").toUpperCase() });
    const res = await signup(body);

    expect(res.status).toBe(201);
    expect(res.body.message).toEqual(expect.any(String));
    const { user, merchant } = res.body;
    expect(user).toMatchObject({
      firstName: "Ada",
      lastName: "Obi",
      email: body.email.toLowerCase(),
      role: "merchant_owner",
      isEmailVerified: false,
      ownedMerchant: { id: merchant.id, businessName: "Ada's Kitchen" },
    });
    expect(merchant).toMatchObject({
      businessName: "Ada's Kitchen",
      status: "pending",
      environment: "test",
      owner: { id: user.id, email: body.email.toLowerCase() },
    });
    expect(merchant.testApiKey).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(merchant.testSecretKey).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2|correct-horse/);

    // The secret is stored only as a hash.
    const key = await db.apiKey.findFirstOrThrow({ where: { merchantId: merchant.id } });
    expect(key.secretKeyHash).toBe(sha256(merchant.testSecretKey));
    expect(JSON.stringify(key)).not.toContain(merchant.testSecretKey);

    const membership = await db.membership.findFirstOrThrow({ where: { merchantId: merchant.id } });
    expect(membership).toMatchObject({ userId: user.id, role: "OWNER" });
    await expect(tokenFromMailbox(user.email, "/api/auth/verify-email")).resolves.toMatch(/^[\w-]{40,}$/);
  });

  it("answers 400 Validation failed listing every bad field", async () => {
    const res = await signup({ email: "not-an-email", password: "short" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation failed");
    const fields = res.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["businessName", "email", "firstName", "lastName", "password"]);
    expect(res.body.errors.find((e: { field: string }) => e.field === "password").message).toBe("Password must be at least 8 characters");
  });

  it("refuses a password under 8 characters and creates nothing", async () => {
    const body = signupBody({ password: "1234567" });
    const res = await signup(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "password", message: "Password must be at least 8 characters" }]);
    expect(await db.user.count({ where: { email: body.email } })).toBe(0);
  });

  it("answers 409 for an e-mail already registered, whatever its case", async () => {
    const body = signupBody();
    expect((await signup(body)).status).toBe(201);
    const again = await signup({ ...body, email: body.email.toUpperCase(), businessName: "Other" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(apiError({ message: "A user with this email already exists", code: "conflict" }));
    expect(await db.merchant.count({ where: { businessName: "Other" } })).toBe(0);
  });

  it("gives one account and one 409 for two simultaneous sign-ups with one address", async () => {
    const body = signupBody();
    const results = await Promise.all([signup(body, "203.0.113.1"), signup({ ...body, businessName: "Twin" }, "203.0.113.2")]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await db.user.count({ where: { email: body.email } })).toBe(1);
    expect(await db.merchant.count({ where: { owner: { email: body.email } } })).toBe(1);
  });

  it("answers 400 for malformed JSON and 413 for an oversized body", async () => {
    const malformed = await signup("{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(
      apiError({
        message: "Validation failed",
        code: "validation_failed",
        errors: [{ field: "body", message: "Body must be valid JSON" }],
      }),
    );

    const huge = await signup(signupBody({ businessName: "x".repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/larger than/);
  });
});

describe("GET /api/auth/verify-email", () => {
  async function signedUp() {
    const body = signupBody();
    await signup(body);
    return { email: body.email.toLowerCase(), password: body.password, token: await tokenFromMailbox(body.email.toLowerCase(), "/api/auth/verify-email") };
  }

  it("verifies the e-mail once; the same token then answers 400", async () => {
    const { email, token } = await signedUp();
    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await db.user.findUniqueOrThrow({ where: { email } })).isEmailVerified).toBe(true);

    const reused = await verify(token);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/already been used/);
  });

  it("answers 400 for a missing, unknown or expired token", async () => {
    const missing = await verify();
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "query.token", message: "Verification token is required" }]);

    expect((await verify("no-such-token")).status).toBe(400);

    const { email, token } = await signedUp();
    await db.emailVerificationToken.updateMany({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await verify(token);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).isEmailVerified).toBe(false);
  });

  it("sends a browser to the outcome page instead of answering JSON", async () => {
    const res = await call(verifyRoute.GET, { path: "/api/auth/verify-email?token=abc", headers: { accept: "text/html" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/verify-email?status=invalid");
  });
});

describe("POST /api/auth/login", () => {
  it("answers 401 until the e-mail is verified, then 200 with a JWT that opens the API", async () => {
    const body = signupBody();
    await signup(body);
    const email = body.email.toLowerCase();

    const early = await login(email, body.password);
    expect(early.status).toBe(401);
    expect(early.body).toEqual(apiError({ message: "Please verify your email before logging in", code: "email_not_verified" }));

    await verify(await tokenFromMailbox(email, "/api/auth/verify-email"));
    const res = await login(email, body.password);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.token.split(".")).toHaveLength(3);
    expect(res.body.user).toMatchObject({ email, role: "merchant_owner", isEmailVerified: true });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);

    const me = await call(meRoute.GET, { path: "/api/merchants/me", token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.merchants).toHaveLength(1);
  });

  it("answers 401 with one message for a wrong password and an unknown e-mail", async () => {
    const body = signupBody();
    await signup(body);
    const wrong = await login(body.email, "wrong-password");
    const unknown = await login(uniqueEmail(), "whatever-password");
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(apiError({ message: "Invalid email or password", code: "invalid_credentials" }));
    expect(unknown.body).toEqual({ ...wrong.body, requestId: unknown.headers.get("x-request-id") });
  });

  it("answers 400 Validation failed for a bad body", async () => {
    const res = await call(loginRoute.POST, { path: "/api/auth/login", body: { email: "nope" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "password"]);
  });

  it("rate limits failed attempts per e-mail with 429 and Retry-After", async () => {
    const email = uniqueEmail("target");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(email, "bad-password", `192.0.2.${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await login(email, "bad-password", "192.0.2.99");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("password reset", () => {
  it("resets the password with the e-mailed token, once, and ends old sessions", async () => {
    const body = signupBody();
    await signup(body);
    const email = body.email.toLowerCase();
    await verify(await tokenFromMailbox(email, "/api/auth/verify-email"));
    const oldToken = (await login(email, body.password)).body.token;

    const forgot = await call(forgotRoute.POST, { path: "/api/auth/forgot-password", body: { email } });
    expect(forgot.status).toBe(200);
    const token = await tokenFromMailbox(email, "/reset-password");

    const reset = await call(resetRoute.POST, { path: "/api/auth/reset-password", body: { token, password: "a-brand-new-password" } });
    expect(reset.status).toBe(200);
    expect((await login(email, body.password)).status).toBe(401);
    expect((await login(email, "a-brand-new-password")).status).toBe(200);
    expect((await call(meRoute.GET, { path: "/api/merchants/me", token: oldToken })).status).toBe(401);

    const again = await call(resetRoute.POST, { path: "/api/auth/reset-password", body: { token, password: "another-password" } });
    expect(again.status).toBe(400);
  });

  it("answers the same for unknown e-mails, so accounts cannot be discovered", async () => {
    const res = await call(forgotRoute.POST, { path: "/api/auth/forgot-password", body: { email: uniqueEmail() } });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/If an account exists/);
  });

  it("resends a verification e-mail only to unverified accounts", async () => {
    const body = signupBody();
    await signup(body);
    const email = body.email.toLowerCase();
    const res = await call(resendRoute.POST, { path: "/api/auth/resend-verification", body: { email } });
    expect(res.status).toBe(200);
    await deliverQueuedEmails();
    expect(await db.storedEmail.count({ where: { to: email } })).toBe(2);
    expect(await db.emailVerificationToken.count({ where: { user: { email } } })).toBe(2);
  });
});
