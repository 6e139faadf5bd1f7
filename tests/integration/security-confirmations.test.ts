// Issue 23, findings 3 and 4: every confirmation with the password or a two-factor code shares one
// per-account attempt limit, and two-factor enrolment needs the password (a stolen session alone
// cannot turn it on and take the recovery codes).
import { afterEach, describe, expect, it, vi } from "vitest";
import { Secret, TOTP } from "otpauth";
import { db } from "@/lib/db/client";
import * as passwordRoute from "@/app/api/account/password/route";
import * as setupRoute from "@/app/api/account/two-factor/setup/route";
import * as confirmRoute from "@/app/api/account/two-factor/confirm/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as forgotRoute from "@/app/api/auth/forgot-password/route";
import * as resetRoute from "@/app/api/auth/reset-password/route";
import * as settlementRoute from "@/app/api/merchants/[merchantId]/settlement-account/route";
import { call } from "../helpers/api";
import { createMerchantOwner, tokenFromMailbox } from "../helpers/factories";
import { deliverQueuedEmails } from "../helpers/mailbox";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const PASSWORD = "correct-horse-battery";
const ACCOUNT = { bankCode: "058", accountNumber: "0123456789" };

const putAccount = (owner: Owner, body: Record<string, unknown>) =>
  call(settlementRoute.PUT, {
    method: "PUT",
    path: `/api/merchants/${owner.merchant.id}/settlement-account`,
    params: { merchantId: owner.merchant.id },
    body: { ...ACCOUNT, ...body },
    token: owner.token,
  });
const changePassword = (owner: Owner, currentPassword: string) =>
  call(passwordRoute.POST, { path: "/api/account/password", body: { currentPassword, newPassword: "a-brand-new-password" }, token: owner.token });
const setup = (owner: Owner, body?: Record<string, unknown>) =>
  call(setupRoute.POST, { method: "POST", path: "/api/account/two-factor/setup", body, token: owner.token });

describe("finding 3: the password on a settlement change has an attempt limit", () => {
  it("after 25 wrong passwords, the right one is refused with 429 and Retry-After, and nothing is saved", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await putAccount(owner, { password: `wrong-password-${i}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
    const right = await putAccount(owner, { password: PASSWORD });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(right.body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(await db.settlementAccount.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("a right password does not use up an attempt", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    for (let i = 0; i < 12; i++) expect((await putAccount(owner, { password: PASSWORD })).status).toBe(200);
  });
});

describe("finding 3: every confirmation shares one limit per account", () => {
  it("6 wrong on a settlement change and 4 wrong on a password change use it up: the right password then gets 429 on either", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    for (let i = 0; i < 6; i++) expect((await putAccount(owner, { password: `wrong-${i}` })).status).toBe(403);
    for (let i = 0; i < 4; i++) expect((await changePassword(owner, `wrong-${i}`)).status).toBe(400);
    const change = await changePassword(owner, PASSWORD);
    expect(change.status).toBe(429);
    expect(change.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await putAccount(owner, { password: PASSWORD })).status).toBe(429);
    expect((await setup(owner, { password: PASSWORD })).status).toBe(429);
  });

  it("wrong passwords on two-factor set-up count too", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    for (let i = 0; i < 10; i++) expect((await setup(owner, { password: `wrong-${i}` })).status).toBe(400);
    expect((await putAccount(owner, { password: PASSWORD })).status).toBe(429);
  });
});

describe("finding 4: two-factor enrolment needs the password", () => {
  it("a stolen session alone cannot start the set-up: no password 400, a wrong one 400, and no secret is kept", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    const none = await setup(owner);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: "password", message: expect.any(String) }]);
    const wrong = await setup(owner, { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "password", message: "Your password is not correct" }]);
    expect(JSON.stringify(wrong.body)).not.toMatch(/otpauth|secret/);
    const user = await db.user.findUniqueOrThrow({ where: { id: owner.user.id }, select: { twoFactorPendingSecret: true } });
    expect(user.twoFactorPendingSecret).toBeNull();

    const right = await setup(owner, { password: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body.otpauthUri).toMatch(/^otpauth:\/\//);
  });
});

describe("finding 4: an owner locked out by someone else's enrolment gets back in", () => {
  const HOURS = 60 * 60 * 1000;
  afterEach(() => {
    vi.useRealTimers();
  });
  let ip = 0;
  const from = () => ({ "x-forwarded-for": `198.51.101.${++ip % 250}` });
  const login = (email: string, password: string, code?: string) =>
    call(loginRoute.POST, { path: "/api/auth/login", body: { email, password, ...(code && { code }) }, headers: from() });

  /** The state the finding left: two-factor on, its secret on someone else's phone. */
  async function lockedOutOwner() {
    const owner = await createMerchantOwner({ password: PASSWORD });
    const started = await setup(owner, { password: PASSWORD });
    const secret = started.body.secret as string;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect((await call(confirmRoute.POST, { path: "/api/account/two-factor/confirm", body: { code }, token: owner.token })).status).toBe(200);
    return { owner, secret };
  }

  async function resetAskingForRemoval(email: string) {
    expect((await call(forgotRoute.POST, { path: "/api/auth/forgot-password", body: { email }, headers: from() })).status).toBe(200);
    const token = await tokenFromMailbox(email, "/reset-password");
    return call(resetRoute.POST, { path: "/api/auth/reset-password", body: { token, password: "my-new-password-1", removeTwoFactor: true }, headers: from() });
  }

  it("a reset by e-mail may ask to remove two-factor: it takes effect after 72 hours, the owner is e-mailed, and it is audited", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { owner } = await lockedOutOwner();
    const reset = await resetAskingForRemoval(owner.input.email);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.twoFactorRemovalAt).toEqual(expect.any(String));
    await deliverQueuedEmails();
    const email = await db.storedEmail.findFirst({ where: { to: owner.input.email, subject: { contains: "two-factor" } } });
    expect(email?.text).toMatch(/72 hours/);

    // Still on during the wait: the new password alone is not enough.
    vi.setSystemTime(Date.now() + 71 * HOURS);
    const waiting = await login(owner.input.email, "my-new-password-1");
    expect(waiting.status).toBe(401);
    expect(waiting.body.twoFactorRequired).toBe(true);

    vi.setSystemTime(Date.now() + 2 * HOURS);
    const back = await login(owner.input.email, "my-new-password-1");
    expect(back.status, back.text).toBe(200);
    const user = await db.user.findUniqueOrThrow({ where: { id: owner.user.id }, select: { twoFactorEnabledAt: true, twoFactorSecret: true } });
    expect(user).toEqual({ twoFactorEnabledAt: null, twoFactorSecret: null });
    const actions = (await db.auditLog.findMany({ where: { merchantId: owner.merchant.id } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["account.two_factor_removal_requested", "account.two_factor_removed_after_wait"]));
  });

  it("a log-in with a valid code during the wait cancels the removal (the e-mail was not the owner's)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { owner, secret } = await lockedOutOwner();
    expect((await resetAskingForRemoval(owner.input.email)).status).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    const withCode = await login(owner.input.email, "my-new-password-1", TOTP.generate({ secret: Secret.fromBase32(secret) }));
    expect(withCode.status, withCode.text).toBe(200);
    vi.setSystemTime(Date.now() + 73 * HOURS);
    expect((await login(owner.input.email, "my-new-password-1")).status).toBe(401);
    const actions = (await db.auditLog.findMany({ where: { merchantId: owner.merchant.id } })).map((a) => a.action);
    expect(actions).toContain("account.two_factor_removal_cancelled");
  });
});
