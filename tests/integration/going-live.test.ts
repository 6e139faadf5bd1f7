// Issue 14 on the built-in sandbox: settlement accounts, activation, the split on test payments,
// fees, and payouts read back by the daily job (the same code the real processors run).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import { processorFeeEstimate } from "@/lib/processors/pricing";
import { syncPayouts } from "@/lib/payouts/sync";
import { platformFeeFor } from "@/lib/payouts/fees";
import { reconcileTransaction } from "@/lib/payments/reconcile";
import * as banksRoute from "@/app/api/banks/route";
import * as accountRoute from "@/app/api/merchants/[merchantId]/settlement-account/route";
import * as resolveRoute from "@/app/api/merchants/[merchantId]/settlement-account/resolve/route";
import * as activationRoute from "@/app/api/merchants/[merchantId]/activation/route";
import * as environmentRoute from "@/app/api/merchants/[merchantId]/environment/route";
import * as payoutsRoute from "@/app/api/merchants/[merchantId]/payouts/route";
import * as payoutRoute from "@/app/api/merchants/[merchantId]/payouts/[payoutId]/route";
import * as verifyRoute from "@/app/api/transactions/[transactionId]/verify/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, readyForLive, viewOf } from "../helpers/factories";
import { deliverQueuedEmails } from "../helpers/mailbox";
import { initiate, paymentBody, postWebhook, sandboxEvent } from "../helpers/payments";
import { clearLiveProcessor, configureLiveProcessor } from "../helpers/live-processor";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const PASSWORD = "correct-horse-battery";
const GOOD = "0123456789";
const UNRESOLVABLE = "0000000000";

const at = (owner: Owner, sub = "") => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });
const putAccount = (owner: Owner, body: Record<string, unknown>, token = owner.token) =>
  call(accountRoute.PUT, { ...at(owner, "/settlement-account"), method: "PUT", token, body });
const goLive = (owner: Owner) => call(environmentRoute.PUT, { ...at(owner, "/environment"), method: "PUT", token: owner.token, body: { environment: "live" } });

const ownerWithPassword = () => createMerchantOwner({ password: PASSWORD });

describe("banks and account resolution", () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await ownerWithPassword();
  });

  it("lists banks as { code, name }", async () => {
    const res = await call(banksRoute.GET, { path: "/api/banks", token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.banks.length).toBeGreaterThan(10);
    expect(res.body.banks).toContainEqual({ code: "058", name: expect.stringMatching(/Guaranty/) });
    for (const bank of res.body.banks) expect(Object.keys(bank).sort()).toEqual(["code", "name"]);
  });

  it("resolves an account's name, says when it differs from the business name, and saves nothing", async () => {
    const res = await call(resolveRoute.POST, {
      ...at(owner, "/settlement-account/resolve"),
      token: owner.token,
      body: { bankCode: "058", accountNumber: GOOD },
    });
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ bankCode: "058", accountNumber: "6789", accountName: expect.any(String), nameMatchesBusiness: false });
    expect(await db.settlementAccount.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("answers 400 for a malformed number and 422 for one the processor cannot resolve", async () => {
    const malformed = await call(resolveRoute.POST, {
      ...at(owner, "/settlement-account/resolve"),
      token: owner.token,
      body: { bankCode: "058", accountNumber: "12345" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe("accountNumber");
    const unknown = await putAccount(owner, { bankCode: "058", accountNumber: UNRESOLVABLE, password: PASSWORD });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe("Could not resolve this bank account");
    expect(await db.settlementAccount.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });
});

describe("saving the settlement account", () => {
  it("needs the password (or a code), is owner/admin only, audited, e-mailed, and creates the sandbox subaccount", async () => {
    const owner = await ownerWithPassword();
    const body = { bankCode: "058", accountNumber: GOOD };
    expect((await putAccount(owner, body)).status).toBe(400);
    expect((await putAccount(owner, { ...body, password: "not-my-password" })).status).toBe(403);
    const developer = await createMember(owner.merchant.id, "DEVELOPER");
    expect((await putAccount(owner, { ...body, password: PASSWORD }, developer.token)).status).toBe(403);
    expect((await putAccount(owner, { ...body, password: PASSWORD }, owner.secretKey)).status).toBe(401);
    expect(await db.settlementAccount.count({ where: { merchantId: owner.merchant.id } })).toBe(0);

    const saved = await putAccount(owner, { ...body, password: PASSWORD });
    expect(saved.status).toBe(200);
    expect(saved.body.settlementAccount).toEqual({
      bankCode: "058",
      bankName: expect.stringMatching(/Guaranty/),
      accountNumber: "6789",
      accountName: expect.any(String),
      status: "verified",
      updatedAt: expect.any(String),
    });
    expect(saved.body.warning).toMatch(/differs from the business name/);
    expect(JSON.stringify(saved.body)).not.toContain(GOOD);
    expect(await db.processorSubaccount.findMany({ where: { merchantId: owner.merchant.id } })).toEqual([
      expect.objectContaining({ processor: "sandbox", environment: "test", code: expect.stringMatching(/^SBX_ACCT_/) }),
    ]);
    expect(await db.auditLog.count({ where: { merchantId: owner.merchant.id, action: "settlement_account.updated" } })).toBe(1);
    await deliverQueuedEmails();
    const email = await db.storedEmail.findFirst({ where: { to: owner.input.email, subject: { contains: "settlement account" } } });
    expect(email?.text).toContain("6789");
    expect(email?.text).not.toContain(GOOD);

    const read = await call(accountRoute.GET, { ...at(owner, "/settlement-account"), token: owner.secretKey });
    expect(read.body.settlementAccount.accountNumber).toBe("6789");
    // Saving again updates the same subaccount rather than making another.
    expect((await putAccount(owner, { ...body, password: PASSWORD })).status).toBe(200);
    expect(await db.processorSubaccount.count({ where: { merchantId: owner.merchant.id } })).toBe(1);
  });
});

describe("activation", () => {
  it("keeps live mode locked until the profile, the settlement account, the owner's two-factor and the platform's live processor are done", async () => {
    const owner = await ownerWithPassword();
    const refused = await goLive(owner);
    expect(refused.status).toBe(409);
    expect(refused.body.missing).toEqual(["business_profile", "settlement_account", "owner_two_factor", "live_processor"]);
    expect(await viewOf(owner.merchant.id, owner.user.id)).toBe("test");

    await db.merchant.update({ where: { id: owner.merchant.id }, data: { supportEmail: "help@adas.ng", supportPhone: "+2348012345678" } });
    expect((await putAccount(owner, { bankCode: "058", accountNumber: GOOD, password: PASSWORD })).status).toBe(200);
    const checklist = await call(activationRoute.GET, { ...at(owner, "/activation"), token: owner.token });
    expect(checklist.body).toMatchObject({ ready: false, missing: ["owner_two_factor", "live_processor"] });
    expect((await goLive(owner)).body.missing).toEqual(["owner_two_factor", "live_processor"]);

    await db.user.update({ where: { id: owner.user.id }, data: { twoFactorEnabledAt: new Date() } });
    // The platform's step (tests/integration/live-processor.test.ts): a live processor configured.
    expect((await goLive(owner)).body.missing).toEqual(["live_processor"]);
    configureLiveProcessor();
    const allowed = await goLive(owner).finally(clearLiveProcessor);
    expect(allowed.status).toBe(200);
    expect(await viewOf(owner.merchant.id, owner.user.id)).toBe("live");
    // Going back to test mode is never locked.
    expect((await call(environmentRoute.PUT, { ...at(owner, "/environment"), method: "PUT", token: owner.token, body: { environment: "test" } })).status).toBe(
      200,
    );
  });
});

describe("fees, the split and payouts", () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await ownerWithPassword();
    await putAccount(owner, { bankCode: "058", accountNumber: GOOD, password: PASSWORD });
  });

  async function paid(amount = 250_000) {
    const started = await initiate(paymentBody(owner.merchant.id, { amount }), { key: owner.secretKey });
    expect(started.status).toBe(201);
    await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084084084084081" });
    // The sandbox's fee (Paystack's local pricing), as its own checkout's webhook would carry it.
    const fees = Number(processorFeeEstimate("paystack", BigInt(amount)));
    await postWebhook("sandbox", sandboxEvent(started.body.reference, { amount, fees }));
    return started.body as { reference: string; transactionId: string };
  }

  it("a ₦12,500 sandbox payment records Paystack's local fee (₦187.50 + ₦100) and the default platform fee (1%)", async () => {
    const started = await initiate(paymentBody(owner.merchant.id, { amount: 1_250_000 }), { key: owner.secretKey });
    await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084084084084081" });
    // No server answers the sandbox's webhook here: settle it from the sandbox's own record, as reconciliation does.
    expect(await reconcileTransaction(await db.transaction.findUniqueOrThrow({ where: { id: started.body.transactionId } }))).toBe("completed");
    const { transactionId } = started.body;
    const verified = await call(verifyRoute.GET, { path: `/api/transactions/${transactionId}/verify`, params: { transactionId }, token: owner.secretKey });
    expect(verified.body.data).toMatchObject({ amount: 1_250_000, fee: 28_750, platformFee: 12_500, netAmount: 1_208_750 });
  });

  it("caps the default platform fee at ₦1,000", async () => {
    const started = await initiate(paymentBody(owner.merchant.id, { amount: 50_000_000 }), { key: owner.secretKey });
    expect(started.status).toBe(201);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: started.body.transactionId } })).platformFee).toBe(100_000n);
  });

  it("splits a test payment to the merchant's sandbox subaccount and shows the processor fee, the platform fee and the net", async () => {
    const { reference, transactionId } = await paid(250_000);
    const charge = await db.sandboxCharge.findUniqueOrThrow({ where: { reference } });
    const sub = await db.processorSubaccount.findFirstOrThrow({ where: { merchantId: owner.merchant.id } });
    expect(charge).toMatchObject({ subaccountCode: sub.code, platformFee: platformFeeFor(250_000n) });
    const verified = await call(verifyRoute.GET, { path: `/api/transactions/${transactionId}/verify`, params: { transactionId }, token: owner.secretKey });
    const t = verified.body.data;
    expect(t.platformFee).toBe(Number(platformFeeFor(250_000n)));
    expect(t.fee).toBeGreaterThan(0);
    expect(t.netAmount).toBe(250_000 - t.fee - t.platformFee);
  });

  it("reads yesterday's settlement back as a paid payout, links its transactions and records payout.paid once", async () => {
    const { transactionId } = await paid(500_000);
    // Pin this merchant's payments to a Wednesday, so the day the tests run (a Friday's settle on Monday) never matters.
    const sub = await db.processorSubaccount.findFirstOrThrow({ where: { merchantId: owner.merchant.id } });
    await db.sandboxCharge.updateMany({ where: { subaccountCode: sub.code }, data: { paidAt: new Date("2026-03-04T11:00:00.000Z") } });
    const sameEvening = await syncPayouts({ asOf: new Date("2026-03-04T20:00:00.000Z") });
    expect(await db.payout.count({ where: { merchantId: owner.merchant.id } })).toBe(0); // settled the next business day, not the same day
    expect(sameEvening.errors).toBe(0);

    const thursday = new Date("2026-03-05T11:00:00.000Z");
    await syncPayouts({ asOf: thursday });
    await syncPayouts({ asOf: thursday }); // idempotent
    const payouts = await db.payout.findMany({ where: { merchantId: owner.merchant.id } });
    expect(payouts).toHaveLength(1);
    const payout = payouts[0]!;
    const settled = await db.transaction.findMany({ where: { merchantId: owner.merchant.id, status: "COMPLETED" } });
    expect(settled.every((t) => t.payoutId === payout.id)).toBe(true);
    const gross = settled.reduce((sum, t) => sum + t.amount, 0n);
    expect(payout).toMatchObject({ status: "paid", grossAmount: gross, amount: gross - payout.fees, environment: "test", accountNumberLast4: "6789" });
    expect(payout.fees).toBe(settled.reduce((sum, t) => sum + t.fee + t.platformFee, 0n));
    expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "payout.paid" } })).toBe(1);

    const list = await call(payoutsRoute.GET, { ...at(owner, "/payouts"), token: owner.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id: payout.id, status: "paid", amount: Number(payout.amount) })]);
    const detail = await call(payoutRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/payouts/${payout.id}`,
      params: { merchantId: owner.merchant.id, payoutId: payout.id },
      token: owner.secretKey,
    });
    expect(detail.body.transactions.map((t: { id: string }) => t.id)).toContain(transactionId);

    // Another merchant, and the other mode, see nothing.
    const stranger = await createMerchantOwner();
    const strangers = await call(payoutRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/payouts/${payout.id}`,
      params: { merchantId: owner.merchant.id, payoutId: payout.id },
      token: stranger.token,
    });
    expect(strangers.status).toBe(404);
    const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
    expect((await call(payoutsRoute.GET, { ...at(owner, "/payouts"), token: liveKey })).body.data).toEqual([]);
  });
});

describe("live payments", () => {
  it("are refused (409 live_processor, no setting named) when no live processor is configured (the sandbox never takes them)", async () => {
    const owner = await ownerWithPassword();
    await readyForLive(owner.merchant.id);
    const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
    const res = await initiate(paymentBody(owner.merchant.id), { key: liveKey });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Live payments are not available on this platform yet", missing: ["live_processor"] });
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });
});
