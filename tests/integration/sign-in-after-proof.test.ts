// Signed in without the log-in form right after proving the address (lib/auth/session-cookie.ts):
// following the e-mailed verification link, or joining by invitation as someone new. Never past a
// second factor, never for an existing account (it logs in as usual), never on a link that failed.
import { afterEach, describe, expect, it } from "vitest";
import { decode, getToken } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { config, reloadConfig } from "@/lib/config";
import { sha256 } from "@/lib/auth/tokens";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/next-auth";
import * as signupRoute from "@/app/api/auth/signup/route";
import * as verifyRoute from "@/app/api/auth/verify-email/route";
import * as invitationsRoute from "@/app/api/merchants/[merchantId]/invitations/route";
import * as acceptRoute from "@/app/api/invitations/accept/route";
import * as meRoute from "@/app/api/merchants/me/route";
import { call } from "../helpers/api";
import { createMerchantOwner, signupBody, tokenFromMailbox, uniqueEmail } from "../helpers/factories";

const COOKIE = /^(?<name>(?:__Secure-)?next-auth\.session-token)=(?<value>[^;]+);/;

/** What a browser sends when it follows the e-mailed link. */
const followLink = (token: string) =>
  call(verifyRoute.GET, { path: `/api/auth/verify-email?token=${encodeURIComponent(token)}`, headers: { accept: "text/html,application/xhtml+xml" } });

async function signedUp() {
  const body = signupBody();
  const res = await call(signupRoute.POST, { path: "/api/auth/signup", body, headers: { "x-forwarded-for": "198.51.100.77" } });
  expect(res.status).toBe(201);
  const email = body.email.toLowerCase();
  return { email, userId: res.body.user.id as string, token: await tokenFromMailbox(email, "/api/auth/verify-email") };
}

/** The session in a Set-Cookie header, decoded as next-auth decodes it, with the cookie's attributes. */
async function sessionFrom(setCookie: string | null) {
  const match = setCookie ? COOKIE.exec(setCookie) : null;
  if (!setCookie || !match) throw new Error(`no session cookie in ${setCookie}`);
  const attributes = setCookie
    .split(";")
    .slice(1)
    .map((a) => a.trim());
  const token = await decode({ token: match.groups!.value!, secret: config().AUTH_SECRET });
  return { name: match.groups!.name!, value: match.groups!.value!, attributes, token };
}

/** The dashboard's gate (proxy.ts) finds the cookie under the name next-auth reads and accepts it. */
async function gateAccepts(name: string, value: string) {
  const req = new NextRequest(new URL("/dashboard", config().appUrl), { headers: { cookie: `${name}=${value}` } });
  return getToken({ req, secret: config().AUTH_SECRET });
}

/** The cookie opens the API as the dashboard's does (lib/auth/principal.ts). */
const merchantsWith = (name: string, value: string) => call(meRoute.GET, { path: "/api/merchants/me", headers: { cookie: `${name}=${value}` } });

const saved = { APP_URL: process.env.APP_URL, NEXTAUTH_URL: process.env.NEXTAUTH_URL };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
});

describe("following the e-mailed verification link", () => {
  it("verifies, signs the person in with a cookie next-auth accepts, and redirects to the outcome page", async () => {
    const { email, userId, token } = await signedUp();
    const res = await followLink(token);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/verify-email?status=verified");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await db.user.findUniqueOrThrow({ where: { email } })).isEmailVerified).toBe(true);

    const session = await sessionFrom(res.headers.get("set-cookie"));
    expect(session.name).toBe("next-auth.session-token");
    expect(session.token).toMatchObject({ sub: userId, sv: 0, email, name: "Ada Obi" });
    expect(Number(session.token!.exp) - Number(session.token!.iat)).toBe(SESSION_MAX_AGE_SECONDS);
    expect(session.attributes).toEqual(["Path=/", `Max-Age=${SESSION_MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax"]);
    expect(await gateAccepts(session.name, session.value)).toMatchObject({ sub: userId });
    const me = await merchantsWith(session.name, session.value);
    expect(me.status).toBe(200);
    expect(me.body.merchants.map((m: { businessName: string }) => m.businessName)).toEqual(["Ada's Kitchen"]);

    // The link works once: following it again signs nobody in.
    const again = await followLink(token);
    expect(again.headers.get("location")).toBe("http://localhost:3000/verify-email?status=used");
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("sets no cookie for someone with two-factor sign-in on: the code is asked at log-in", async () => {
    const { email, userId, token } = await signedUp();
    await db.user.update({ where: { id: userId }, data: { twoFactorEnabledAt: new Date() } });
    const res = await followLink(token);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/verify-email?status=verified");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { email } })).isEmailVerified).toBe(true);
  });

  it("sets no cookie for an unknown or expired link, and says which on the outcome page", async () => {
    const unknown = await followLink("no-such-token-0123456789");
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("location")).toBe("http://localhost:3000/verify-email?status=invalid");
    expect(unknown.headers.get("set-cookie")).toBeNull();

    const { email, token } = await signedUp();
    await db.emailVerificationToken.updateMany({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await followLink(token);
    expect(expired.headers.get("location")).toBe("http://localhost:3000/verify-email?status=expired");
    expect(expired.headers.get("set-cookie")).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { email } })).isEmailVerified).toBe(false);
  });

  it("marks the cookie Secure, under next-auth's __Secure- name, when the app is served over https", async () => {
    delete process.env.NEXTAUTH_URL;
    process.env.APP_URL = "https://pay.example.com";
    reloadConfig();
    const { userId, token } = await signedUp();
    const session = await sessionFrom((await followLink(token)).headers.get("set-cookie"));
    expect(session.name).toBe("__Secure-next-auth.session-token");
    expect(session.attributes).toEqual(["Path=/", `Max-Age=${SESSION_MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax", "Secure"]);
    expect(session.token?.sub).toBe(userId);
    // npm start sets NEXTAUTH_URL from APP_URL (scripts/start.ts): next-auth then reads this very name.
    process.env.NEXTAUTH_URL = process.env.APP_URL;
    expect(await gateAccepts(session.name, session.value)).toMatchObject({ sub: userId });
  });

  it("still answers an API client JSON, with no cookie", async () => {
    const { token } = await signedUp();
    const res = await call(verifyRoute.GET, { path: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Email verified. You can now log in." });
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("accepting an invitation", () => {
  async function invited(email: string) {
    const owner = await createMerchantOwner();
    const path = `/api/merchants/${owner.merchant.id}/invitations`;
    const res = await call(invitationsRoute.POST, { path, params: { merchantId: owner.merchant.id }, body: { email, role: "DEVELOPER" }, token: owner.token });
    expect(res.status).toBe(201);
    return { owner, token: await tokenFromMailbox(email, "/invitations/accept") };
  }
  const accept = (body: Record<string, string>) =>
    call(acceptRoute.POST, { path: "/api/invitations/accept", body, headers: { "x-forwarded-for": "203.0.113.40" } });

  it("signs someone new in; the answer's body stays { message, membership }", async () => {
    const email = uniqueEmail("newcomer");
    const { owner, token } = await invited(email);
    const res = await accept({ token, firstName: "Tunde", lastName: "Bello", password: "tunde-password-1" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["membership", "message"]);
    expect(res.body).toMatchObject({ message: "You have joined Ada's Kitchen", membership: { merchantId: owner.merchant.id, role: "DEVELOPER" } });

    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const session = await sessionFrom(res.headers.get("set-cookie"));
    expect(session.token).toMatchObject({ sub: user.id, sv: user.sessionVersion, email, name: "Tunde Bello" });
    expect(session.attributes).toEqual(["Path=/", `Max-Age=${SESSION_MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax"]);
    expect(await gateAccepts(session.name, session.value)).toMatchObject({ sub: user.id });
    const me = await merchantsWith(session.name, session.value);
    expect(me.status).toBe(200);
    expect(me.body.merchants.map((m: { id: string }) => m.id)).toEqual([owner.merchant.id]);
  });

  it("sets no cookie for an existing account (it logs in as usual, two-factor step included)", async () => {
    const existing = await createMerchantOwner();
    const { token } = await invited(existing.input.email.toLowerCase());
    const res = await accept({ token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["membership", "message"]);
    expect(res.body.membership.userId).toBe(existing.user.id);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("sets no cookie when the token is refused", async () => {
    const res = await accept({ token: "no-such-invitation-0123456789", firstName: "Tunde", lastName: "Bello", password: "tunde-password-1" });
    expect(res.status).toBe(400);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
