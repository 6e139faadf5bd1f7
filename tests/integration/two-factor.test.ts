// Two-factor sign-in (TOTP, RFC 6238) through the real routes: enrolment, log-in with a code or a
// recovery code, replays, turning it off, new recovery codes, the owner's requirement, rate limits.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Secret, TOTP } from "otpauth";
import { db } from "@/lib/db/client";
import * as loginRoute from "@/app/api/auth/login/route";
import * as accountRoute from "@/app/api/account/route";
import * as statusRoute from "@/app/api/account/two-factor/route";
import * as setupRoute from "@/app/api/account/two-factor/setup/route";
import * as confirmRoute from "@/app/api/account/two-factor/confirm/route";
import * as disableRoute from "@/app/api/account/two-factor/disable/route";
import * as recoveryRoute from "@/app/api/account/two-factor/recovery-codes/route";
import * as requireRoute from "@/app/api/merchants/[merchantId]/require-two-factor/route";
import * as meRoute from "@/app/api/merchants/me/route";
import * as verifyRoute from "@/app/api/transactions/[transactionId]/verify/route";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import { call } from "../helpers/api";
import { getMerchant } from "../helpers/merchant";
import { createMember, createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { apiError } from "../helpers/errors";

const STEP_MS = 30_000;
let clock = 0;
let ipCounter = 0;

// Only Date is faked: the clock moves a whole TOTP step when a test needs a fresh code.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock = Date.now();
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});
const nextStep = () => vi.setSystemTime((clock += STEP_MS));

/** The code an authenticator app shows now (or `steps` periods later). */
const totp = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });
/** A six-digit code that is none of the ones accepted now (±1 step). */
function wrongCode(secret: string): string {
  const accepted = new Set([-1, 0, 1].map((s) => totp(secret, s)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
}

const from = () => ({ "x-forwarded-for": `198.51.100.${++ipCounter % 250}` });
const login = (body: Record<string, unknown>) => call(loginRoute.POST, { path: "/api/auth/login", body, headers: from() });
const status = (token: string) => call(statusRoute.GET, { path: "/api/account/two-factor", token });
const PASSWORD = "correct-horse-battery";
const setup = (token: string, password = PASSWORD) => call(setupRoute.POST, { path: "/api/account/two-factor/setup", body: { password }, token });
const confirm = (token: string, code: string) => call(confirmRoute.POST, { path: "/api/account/two-factor/confirm", body: { code }, token });
const disable = (token: string, body: Record<string, unknown>) => call(disableRoute.POST, { path: "/api/account/two-factor/disable", body, token });
const regenerate = (token: string, code: string) => call(recoveryRoute.POST, { path: "/api/account/two-factor/recovery-codes", body: { code }, token });
const requireTwoFactor = (token: string, merchantId: string, required: boolean) =>
  call(requireRoute.PUT, { method: "PUT", path: `/api/merchants/${merchantId}/require-two-factor`, params: { merchantId }, body: { required }, token });
const auditActions = async (merchantId: string) => (await db.auditLog.findMany({ where: { merchantId }, orderBy: { createdAt: "asc" } })).map((a) => a.action);

/** Sets up and confirms two-factor sign-in for a token's user; returns the secret, the codes and the new token. */
async function enrol(token: string) {
  const started = await setup(token);
  expect(started.status, started.text).toBe(200);
  const secret = started.body.secret as string;
  const confirmed = await confirm(token, totp(secret));
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[], token: confirmed.body.token as string };
}

async function enrolledOwner() {
  const owner = await createMerchantOwner();
  return { ...owner, ...(await enrol(owner.token)) };
}

describe("enrolment", () => {
  it("offers a secret and an otpauth URI, stores it encrypted, and turns on with a code; recovery codes are shown once and stored hashed", async () => {
    const owner = await createMerchantOwner();
    expect((await status(owner.token)).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });

    const started = await setup(owner.token);
    expect(started.status).toBe(200);
    const secret = started.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(started.body.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Paylink");
    expect(decodeURIComponent(uri.pathname)).toContain(owner.input.email);

    let row = await db.user.findUniqueOrThrow({ where: { id: owner.user.id }, omit: { twoFactorSecret: false, twoFactorPendingSecret: false } });
    expect(row.twoFactorPendingSecret).toEqual(expect.any(String));
    expect(row.twoFactorPendingSecret).not.toContain(secret);
    expect(row.twoFactorSecret).toBeNull();
    expect(row.twoFactorEnabledAt).toBeNull();

    const refused = await confirm(owner.token, wrongCode(secret));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: "code", message: expect.stringMatching(/code/i) }]);

    const confirmed = await confirm(owner.token, totp(secret));
    expect(confirmed.status, confirmed.text).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);

    row = await db.user.findUniqueOrThrow({ where: { id: owner.user.id }, omit: { twoFactorSecret: false, twoFactorPendingSecret: false } });
    expect(row.twoFactorSecret).toEqual(expect.any(String));
    expect(row.twoFactorSecret).not.toContain(secret);
    expect(row.twoFactorPendingSecret).toBeNull();
    expect(row.twoFactorEnabledAt).toBeInstanceOf(Date);
    const stored = await db.twoFactorRecoveryCode.findMany({ where: { userId: owner.user.id } });
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) expect(dump).not.toContain(code.replaceAll("-", ""));

    // Turning it on signs out every other session; the caller gets a fresh token.
    expect((await call(accountRoute.GET, { path: "/api/account", token: owner.token })).status).toBe(401);
    const token = confirmed.body.token as string;
    expect((await status(token)).body).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });
    // The secret is never shown again, and the account answers never carry it.
    expect((await setup(token)).status).toBe(409);
    expect(JSON.stringify((await call(accountRoute.GET, { path: "/api/account", token })).body)).not.toMatch(/twoFactorSecret|twoFactorPendingSecret/);
    expect(await auditActions(owner.merchant.id)).toContain("account.two_factor_enabled");
  });

  it("refuses a confirmation without a set-up in progress", async () => {
    const owner = await createMerchantOwner();
    const res = await confirm(owner.token, "123456");
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/set.?up/i);
  });
});

describe("log-in with two-factor sign-in on", () => {
  it("checks the password first, then asks for the code: 401 with twoFactorRequired", async () => {
    const owner = await enrolledOwner();
    const wrongPassword = await login({ email: owner.input.email, password: "not-the-password", code: totp(owner.secret, 1) });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual(apiError({ message: "Invalid email or password", code: "invalid_credentials" }));

    const noCode = await login({ email: owner.input.email, password: owner.input.password });
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual(apiError({ message: "Two-factor code required", code: "two_factor_required", twoFactorRequired: true }));

    const wrong = await login({ email: owner.input.email, password: owner.input.password, code: wrongCode(owner.secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/two-factor code is not valid/i);
  });

  it("accepts the current code once: the same code again is refused", async () => {
    const owner = await enrolledOwner();
    nextStep();
    const code = totp(owner.secret);
    const ok = await login({ email: owner.input.email, password: owner.input.password, code });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ message: "Login successful", token: expect.any(String), user: expect.objectContaining({ id: owner.user.id }) });

    const replay = await login({ email: owner.input.email, password: owner.input.password, code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/already been used/i);
  });

  it("allows one step of clock drift either way, and not two", async () => {
    const owner = await enrolledOwner();
    nextStep();
    nextStep();
    nextStep();
    const tooOld = totp(owner.secret, -2);
    expect((await login({ email: owner.input.email, password: owner.input.password, code: tooOld })).status).toBe(401);
    const behind = totp(owner.secret, -1);
    expect((await login({ email: owner.input.email, password: owner.input.password, code: behind })).status).toBe(200);
    const ahead = totp(owner.secret, 1);
    expect((await login({ email: owner.input.email, password: owner.input.password, code: `${ahead.slice(0, 3)} ${ahead.slice(3)}` })).status).toBe(200);
  });

  it("takes a recovery code once, however it is typed, and records its use", async () => {
    const owner = await enrolledOwner();
    const [first] = owner.recoveryCodes;
    const typed = ` ${first!.toUpperCase().replaceAll("-", " ")} `;
    const ok = await login({ email: owner.input.email, password: owner.input.password, code: typed });
    expect(ok.status, ok.text).toBe(200);
    const again = await login({ email: owner.input.email, password: owner.input.password, code: first });
    expect(again.status).toBe(401);
    expect((await status(ok.body.token)).body.recoveryCodesRemaining).toBe(9);
    expect(await auditActions(owner.merchant.id)).toContain("account.recovery_code_used");
  });

  it("spends a recovery code once under concurrent log-ins", async () => {
    const owner = await enrolledOwner();
    const code = owner.recoveryCodes[3]!;
    const results = await Promise.all(Array.from({ length: 5 }, () => login({ email: owner.input.email, password: owner.input.password, code })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: owner.user.id, usedAt: { not: null } } })).toBe(1);
  });

  it("limits wrong codes per account: after 10, even the right code waits", async () => {
    const owner = await enrolledOwner();
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: owner.input.email, password: owner.input.password, code: wrongCode(owner.secret) });
      expect(res.status).toBe(401);
    }
    const limited = await login({ email: owner.input.email, password: owner.input.password, code: totp(owner.secret, 1) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // The same counter guards the signed-in routes that take a code.
    expect((await regenerate(owner.token, totp(owner.secret, 1))).status).toBe(429);
  });
});

describe("turning it off and new recovery codes", () => {
  it("turning off needs the password and a code (TOTP or recovery code)", async () => {
    const owner = await enrolledOwner();
    const noCode = await disable(owner.token, { password: owner.input.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: "code" })]));
    const wrongPassword = await disable(owner.token, { password: "not-the-password", code: totp(owner.secret, 1) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([{ field: "password", message: expect.any(String) }]);
    const wrong = await disable(owner.token, { password: owner.input.password, code: wrongCode(owner.secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "code", message: expect.any(String) }]);
    expect((await status(owner.token)).body.enabled).toBe(true);

    const off = await disable(owner.token, { password: owner.input.password, code: owner.recoveryCodes[0] });
    expect(off.status, off.text).toBe(200);
    expect((await status(owner.token)).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: owner.user.id } })).toBe(0);
    expect((await login({ email: owner.input.email, password: owner.input.password })).status).toBe(200);
    expect(await auditActions(owner.merchant.id)).toEqual(
      expect.arrayContaining(["account.two_factor_enabled", "account.recovery_code_used", "account.two_factor_disabled"]),
    );
  });

  it("new recovery codes replace the old ones", async () => {
    const owner = await enrolledOwner();
    const res = await regenerate(owner.token, totp(owner.secret, 1));
    expect(res.status, res.text).toBe(200);
    const fresh = res.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => owner.recoveryCodes.includes(c))).toBe(false);
    expect((await login({ email: owner.input.email, password: owner.input.password, code: owner.recoveryCodes[0] })).status).toBe(401);
    expect((await login({ email: owner.input.email, password: owner.input.password, code: fresh[0] })).status).toBe(200);
    expect(await auditActions(owner.merchant.id)).toContain("account.recovery_codes_regenerated");
  });

  it("writes the account's changes in every business the user belongs to", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    await db.membership.create({ data: { userId: owner.user.id, merchantId: other.merchant.id, role: "VIEWER" } });
    await enrol(owner.token);
    for (const merchantId of [owner.merchant.id, other.merchant.id]) {
      const entries = await db.auditLog.findMany({ where: { merchantId, action: "account.two_factor_enabled" } });
      expect(entries).toEqual([expect.objectContaining({ actorUserId: owner.user.id, targetType: "user", targetId: owner.user.id })]);
    }
  });
});

describe("an owner requiring two-factor sign-in of every member", () => {
  it("is the owner's switch, needs the owner's own 2FA, and shuts members without it out of that business's routes", async () => {
    const owner = await createMerchantOwner();
    const member = await createMember(owner.merchant.id, "ADMIN", { password: PASSWORD });

    const ownerWithout = await requireTwoFactor(owner.token, owner.merchant.id, true);
    expect(ownerWithout.status).toBe(409);
    expect(ownerWithout.body.message).toMatch(/your own account first/i);
    expect((await requireTwoFactor(member.token, owner.merchant.id, true)).status).toBe(403);

    const { token, secret } = await enrol(owner.token);
    const on = await requireTwoFactor(token, owner.merchant.id, true);
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ message: expect.any(String), requireTwoFactor: true });
    expect(await auditActions(owner.merchant.id)).toContain("merchant.two_factor_required");

    // The member without 2FA: a clear 403 on the business's routes; their own account still works.
    const shut = await getMerchant(owner.merchant.id, member.token);
    expect(shut.status).toBe(403);
    expect(shut.body).toEqual(
      apiError({ message: expect.stringMatching(/requires two-factor sign-in/), code: "two_factor_setup_required", twoFactorSetupRequired: true }),
    );
    expect((await call(meRoute.GET, { path: "/api/merchants/me", token: member.token })).status).toBe(200);
    const read = await getMerchant(owner.merchant.id, token);
    expect(read.status).toBe(200);
    expect(read.body.merchant.requireTwoFactor).toBe(true);
    // Routes that find the business through a transaction say the same, not "not found".
    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    const transactionId = started.body.transactionId as string;
    const verified = await call(verifyRoute.GET, { path: `/api/transactions/${transactionId}/verify`, params: { transactionId }, token: member.token });
    expect(verified.status).toBe(403);
    expect(verified.body.twoFactorSetupRequired).toBe(true);
    const refunded = await call(refundRoute.POST, {
      path: `/api/transactions/${transactionId}/refund`,
      params: { transactionId },
      body: {},
      token: member.token,
    });
    expect(refunded.status).toBe(403);
    expect(refunded.body.twoFactorSetupRequired).toBe(true);
    // A secret key is the merchant's integration, not a member: unaffected.
    expect((await call(verifyRoute.GET, { path: `/api/transactions/${transactionId}/verify`, params: { transactionId }, token: owner.secretKey })).status).toBe(
      200,
    );

    // Once the member enrols, the business opens.
    const enrolled = await enrol(member.token);
    expect((await getMerchant(owner.merchant.id, enrolled.token)).status).toBe(200);

    // Turning it off (to move to a new phone, say) shuts even the owner out until they set it up anew.
    const off = await disable(token, { password: owner.input.password, code: totp(secret, 1) });
    expect(off.status, off.text).toBe(200);
    expect((await getMerchant(owner.merchant.id, token)).status).toBe(403);
    expect((await requireTwoFactor(token, owner.merchant.id, false)).status).toBe(403);
    const again = await enrol(token);

    const optional = await requireTwoFactor(again.token, owner.merchant.id, false);
    expect(optional.body).toEqual({ message: expect.any(String), requireTwoFactor: false });
    expect(await auditActions(owner.merchant.id)).toContain("merchant.two_factor_not_required");
  });
});
