// Issue 23, finding 2: live keys, live payments (secret key, user session, hosted page) and live
// objects exist only once the go-live checklist is done, and the owner cannot undo the checklist's
// two-factor step while the business takes live payments.
import { afterEach, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { db } from "@/lib/db/client";
import { reloadConfig } from "@/lib/config";
import { resetProcessors } from "@/lib/processors";
import { createApiKey } from "@/lib/auth/api-keys";
import * as keysRoute from "@/app/api/merchants/[merchantId]/api-keys/route";
import * as rollRoute from "@/app/api/merchants/[merchantId]/api-keys/roll/route";
import * as environmentRoute from "@/app/api/merchants/[merchantId]/environment/route";
import * as merchantRoute from "@/app/api/merchants/[merchantId]/route";
import * as settlementRoute from "@/app/api/merchants/[merchantId]/settlement-account/route";
import * as linksRoute from "@/app/api/merchants/[merchantId]/payment-links/route";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as setupRoute from "@/app/api/account/two-factor/setup/route";
import * as confirmRoute from "@/app/api/account/two-factor/confirm/route";
import * as disableRoute from "@/app/api/account/two-factor/disable/route";
import * as transferRoute from "@/app/api/merchants/[merchantId]/transfer-ownership/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, readyForLive, setView } from "../helpers/factories";
import { withFakeProcessors } from "../helpers/fake-processors";
import { initiate, paymentBody } from "../helpers/payments";
import { insertInvoice, insertLink } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const PASSWORD = "correct-horse-battery";
const MISSING = ["business_profile", "settlement_account", "owner_two_factor"];
/** On the default sandbox the platform's own step is missing too (no live processor). */
const MISSING_ON_SANDBOX = [...MISSING, "live_processor"];

const fakes = withFakeProcessors({ timeoutMs: 2_000 });
/** Paystack with both keys: a live payment could really start, so only the go-live rule can stop it. */
// The other tests run on the sandbox (it resolves the test bank account).
afterEach(() => {
  for (const name of ["PAYMENT_PROCESSOR", "PAYSTACK_TEST_SECRET_KEY", "PAYSTACK_LIVE_SECRET_KEY"]) delete process.env[name];
  reloadConfig();
  resetProcessors();
});
const livePaystack = () =>
  fakes.use("paystack", { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_TEST_SECRET_KEY: "sk_test_fake", PAYSTACK_LIVE_SECRET_KEY: "sk_live_fake" });

const at = (owner: Owner, sub = "") => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });
const createKeys = (owner: Owner, token = owner.token) => call(keysRoute.POST, { ...at(owner, "/api-keys"), token, body: { environment: "live" } });
const rollKeys = (owner: Owner) => call(rollRoute.POST, { ...at(owner, "/api-keys/roll"), token: owner.token, body: { environment: "live" } });
const totp = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/** A live key and live subaccount as an earlier version (or a direct write) could have left them: nothing checked the checklist. */
async function liveKeyWithoutGoLive(owner: Owner) {
  const { secretKey } = await createApiKey(db, owner.merchant.id, "live");
  await db.processorSubaccount.create({ data: { merchantId: owner.merchant.id, processor: "paystack", environment: "live", code: "ACCT_live_legacy" } });
  return secretKey;
}

/** The checklist through the real routes: profile, settlement account, the owner's two-factor. Returns the owner's new token and secret. */
async function completeChecklist(owner: Owner) {
  const profile = await call(merchantRoute.PUT, {
    ...at(owner),
    method: "PUT",
    token: owner.token,
    body: { supportEmail: "help@adas.ng", supportPhone: "+2348012345678" },
  });
  expect(profile.status, profile.text).toBe(200);
  const account = await call(settlementRoute.PUT, {
    ...at(owner, "/settlement-account"),
    method: "PUT",
    token: owner.token,
    body: { bankCode: "058", accountNumber: "0123456789", password: PASSWORD },
  });
  expect(account.status, account.text).toBe(200);
  const started = await call(setupRoute.POST, { path: "/api/account/two-factor/setup", body: { password: PASSWORD }, token: owner.token });
  const secret = started.body.secret as string;
  const confirmed = await call(confirmRoute.POST, { path: "/api/account/two-factor/confirm", body: { code: totp(secret) }, token: owner.token });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { token: confirmed.body.token as string, secret };
}

describe("live keys need the go-live checklist", () => {
  it("a fresh merchant gets 409 listing what is missing, and no live key exists", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    const refused = await createKeys(owner);
    expect(refused.status).toBe(409);
    expect(refused.body.missing).toEqual(MISSING_ON_SANDBOX);
    expect(refused.body.message).toMatch(/^Finish these steps before going live/);
    expect(await db.apiKey.count({ where: { merchantId: owner.merchant.id, environment: "live" } })).toBe(0);
    expect(await db.auditLog.count({ where: { merchantId: owner.merchant.id, action: "api_key.created" } })).toBe(0);
  });

  it("a live key made before the checklist cannot be rolled into a fresh one either", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    await createApiKey(db, owner.merchant.id, "live");
    const refused = await rollKeys(owner);
    expect(refused.status).toBe(409);
    expect(refused.body.missing).toEqual(MISSING_ON_SANDBOX);
    expect(await db.apiKey.count({ where: { merchantId: owner.merchant.id, environment: "live" } })).toBe(1);
  });

  it("once the checklist is done, live keys are created (201) without switching the dashboard to live", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    const { token } = await completeChecklist(owner);
    livePaystack(); // the platform's step: a live processor
    const created = await createKeys(owner, token);
    expect(created.status, created.text).toBe(201);
    expect(created.body.key.secretKey).toMatch(/^sk_live_/);
  });
});

describe("live payments need the go-live checklist", () => {
  it("a live key of a merchant that never went live is refused on initiate (409): nothing stored, nothing sent", async () => {
    livePaystack();
    const owner = await createMerchantOwner({ password: PASSWORD });
    const liveKey = await liveKeyWithoutGoLive(owner);
    const sent = fakes.paystack.requests.length;
    const res = await initiate(paymentBody(owner.merchant.id), { key: liveKey });
    expect(res.status).toBe(409);
    expect(res.body.missing).toEqual(MISSING);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
    expect(fakes.paystack.requests.length).toBe(sent);
  });

  it("a hosted page (no key) cannot start a payment on a live link or invoice of a merchant that never went live", async () => {
    livePaystack();
    const owner = await createMerchantOwner({ password: PASSWORD });
    await liveKeyWithoutGoLive(owner);
    const link = await insertLink({ merchantId: owner.merchant.id, environment: "live", title: "Cake", amount: 250_000n });
    const invoice = await insertInvoice({ merchantId: owner.merchant.id, environment: "live", amount: 250_000n, status: "SENT", dueDate: new Date() });
    const byLink = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id }));
    expect(byLink.status).toBe(409);
    expect(byLink.body.missing).toEqual(MISSING);
    const byInvoice = await initiate(paymentBody(owner.merchant.id, { invoiceId: invoice.id }));
    expect(byInvoice.status).toBe(409);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });
});

describe("live objects need the go-live checklist", () => {
  it("with the dashboard in live mode but the checklist never done, live links and invoices are refused (409)", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    await setView(owner.merchant.id, owner.user.id, "live");
    const link = await call(linksRoute.POST, { ...at(owner, "/payment-links"), token: owner.token, body: { title: "Cake", amount: 250_000 } });
    expect(link.status).toBe(409);
    expect(link.body.missing).toEqual(MISSING_ON_SANDBOX);
    const invoice = await call(invoicesRoute.POST, {
      ...at(owner, "/invoices"),
      token: owner.token,
      body: { customerEmail: "c@example.com", dueDate: "2030-01-01", lineItems: [{ description: "Cake", amount: 250_000, quantity: 1 }] },
    });
    expect(invoice.status).toBe(409);
    expect(await db.paymentLink.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
    expect(await db.invoice.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });
});

describe("the checklist cannot be undone while live", () => {
  it("the owner cannot turn two-factor sign-in off once the business went live (409); nothing changes", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    const { token, secret } = await completeChecklist(owner);
    livePaystack(); // the platform's step: a live processor
    const live = await call(environmentRoute.PUT, { ...at(owner, "/environment"), method: "PUT", token, body: { environment: "live" } });
    expect(live.status, live.text).toBe(200);
    // Back in test mode the live keys still take live payments, so it stays refused there too.
    expect((await call(environmentRoute.PUT, { ...at(owner, "/environment"), method: "PUT", token, body: { environment: "test" } })).status).toBe(200);

    const off = await call(disableRoute.POST, { path: "/api/account/two-factor/disable", body: { password: PASSWORD, code: totp(secret) }, token });
    expect(off.status).toBe(409);
    expect(off.body.message).toMatch(/live/);
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.user.id } })).twoFactorEnabledAt).not.toBeNull();
  });

  it("a live business keeps its support e-mail and phone: clearing them is refused (409), changing them is fine", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    await readyForLive(owner.merchant.id);
    const put = (body: Record<string, unknown>) => call(merchantRoute.PUT, { ...at(owner), method: "PUT", token: owner.token, body });
    for (const body of [{ supportEmail: null }, { supportPhone: null }]) {
      const refused = await put(body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/live/);
    }
    expect((await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } })).supportEmail).toBe("help@example.com");
    expect((await put({ supportEmail: "care@example.com" })).status).toBe(200);
  });

  it("ownership of a live business goes only to a member with two-factor sign-in on (409 otherwise)", async () => {
    const owner = await createMerchantOwner({ password: PASSWORD });
    await readyForLive(owner.merchant.id);
    const admin = await createMember(owner.merchant.id, "ADMIN");
    const transfer = () => call(transferRoute.POST, { ...at(owner, "/transfer-ownership"), body: { membershipId: admin.membership.id }, token: owner.token });
    const refused = await transfer();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/two-factor/);
    expect((await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } })).ownerId).toBe(owner.user.id);

    await db.user.update({ where: { id: admin.user.id }, data: { twoFactorEnabledAt: new Date() } });
    expect((await transfer()).status).toBe(200);
  });
});
