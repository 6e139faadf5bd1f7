// Issue 26 item 4 on the processors' APIs (the fakes, over HTTP): a subscription renews with Paystack's
// charge_authorization or Flutterwave's tokenized-charges at the processor that saved its card, in its own mode only (a test
// subscription never reaches the live key, a live one never the test key), with the merchant's
// split there; two runs at once make one charge; the processor's declines drive dunning.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import type { Subscription } from "@/lib/db/generated/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { backfillMerchantSubaccounts } from "@/lib/payouts/subaccount-backfill";
import { renewalReference } from "@/lib/subscriptions/periods";
import { renewSubscription } from "@/lib/subscriptions/renewals";
import { addDays } from "@/lib/subscriptions/intervals";
import { createMerchantOwner, readyForLive, uniqueEmail } from "../helpers/factories";
import { initiate, paymentBody, postWebhook } from "../helpers/payments";
import { FLW_HASH, withFakeProcessors } from "../helpers/fake-processors";
import { paystackWebhook } from "../fakes/paystack";
import { flutterwaveWebhook } from "../fakes/flutterwave";
import type { RecordedRequest } from "../fakes/server";
import { insertPlan } from "../helpers/rows";
import { testSubaccount } from "../helpers/settlement-account";

const fakes = withFakeProcessors({ timeoutMs: 2_000 });

/** Paystack with both modes' keys, so a wrong-mode call would be possible if the engine made one. */
const bothKeys = () =>
  fakes.use("paystack", {
    PAYSTACK_SECRET_KEY: undefined,
    PAYSTACK_TEST_SECRET_KEY: fakes.paystack.secretKey,
    PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey,
  });

const chargeAuthorizations = (key?: string) =>
  fakes.paystack.requests.filter((r) => r.path === "/transaction/charge_authorization" && (!key || r.headers.authorization === `Bearer ${key}`));
/** Requests made with the live key about any of a subscription's renewals (a charge, or a verify of one): `SUB{n}-{ms}-{id}`. */
function liveKeyCallsFor(s: Subscription) {
  const tail = renewalReference(s, 1).replace(/^SUB1-/, "");
  return fakes.paystack.requests.filter(
    (r: RecordedRequest) =>
      r.headers.authorization === `Bearer ${fakes.paystack.liveSecretKey}` && (r.path.includes(tail) || String(r.body?.reference ?? "").includes(tail)),
  );
}

/** A merchant with subaccounts at Paystack in both modes (its settlement account resolves at the fake). */
async function merchant() {
  const owner = await createMerchantOwner({ businessName: "Gym Naija" });
  await db.settlementAccount.create({
    data: { merchantId: owner.merchant.id, bankCode: "058", bankName: "GTBank", accountNumber: "0001234567", accountName: "CHIDI OKAFOR" },
  });
  await readyForLive(owner.merchant.id);
  expect((await backfillMerchantSubaccounts(owner.merchant.id)).errors).toBe(0);
  const live = await createApiKey(db, owner.merchant.id, "live");
  return { owner, keys: { test: owner.secretKey, live: live.secretKey } as Record<Environment, string> };
}

/** The first period paid at Paystack: its webhook (signed with the mode's key) carries the saved authorization. */
async function subscribe(m: Awaited<ReturnType<typeof merchant>>, environment: Environment): Promise<Subscription> {
  const plan = await insertPlan({ merchantId: m.owner.merchant.id, environment, name: "Gold", amount: 500_000n });
  const started = await initiate(paymentBody(m.owner.merchant.id, { amount: 500_000, email: uniqueEmail("member") }), { key: m.keys[environment] });
  expect(started.status).toBe(201);
  expect(started.body.processor).toBe("paystack");
  const reference = started.body.reference as string;
  await db.transaction.update({ where: { reference }, data: { planId: plan.id } });
  fakes.paystack.setOutcome(reference, "success");
  const key = environment === "live" ? fakes.paystack.liveSecretKey : fakes.paystack.secretKey;
  expect((await postWebhook("paystack", paystackWebhook(key, "charge.success", fakes.paystack.webhookData(reference)))).status).toBe(200);
  const paid = await db.transaction.findUniqueOrThrow({ where: { reference } });
  expect(paid).toMatchObject({ status: "COMPLETED", subscriptionPeriod: 1 });
  return db.subscription.findUniqueOrThrow({ where: { id: paid.subscriptionId! } });
}

/** The fake's saved authorization for the subscription's customer. */
async function savedCode(s: Subscription): Promise<string> {
  const customer = await db.customer.findUniqueOrThrow({ where: { id: s.customerId } });
  const found = [...fakes.paystack.authorizations.values()].find((a) => a.email.toLowerCase() === customer.email);
  return found!.authorization.authorization_code;
}

/** `runs` renewal runs of `s` at once: one pays, and one charge (its request, answered) reaches the processor. */
async function renewedAtOnce(s: Pick<Subscription, "id" | "nextChargeAt">, runs: number, charges: () => RecordedRequest[]): Promise<RecordedRequest> {
  const before = charges().length;
  const outcomes = await Promise.all(Array.from({ length: runs }, () => renewSubscription(s.id, s.nextChargeAt!)));
  expect(outcomes).toContain("paid");
  const sent = charges().slice(before);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

describe("renewals at Paystack", () => {
  it("charge the saved authorization once with five runs at once, in the subscription's mode, split to the merchant's subaccount", async () => {
    bothKeys();
    const m = await merchant();
    const s = await subscribe(m, "test");
    expect(s).toMatchObject({ processor: "paystack", environment: "test", status: "active" });
    const sent = await renewedAtOnce(s, 5, chargeAuthorizations);
    const sub = await testSubaccount(m.owner.merchant.id, "paystack");
    expect(sent.headers.authorization).toBe(`Bearer ${fakes.paystack.secretKey}`);
    expect(sent.body).toMatchObject({ reference: renewalReference(s, 2), amount: 500_000, authorization_code: await savedCode(s), subaccount: sub.code });
    expect(await db.transaction.findUniqueOrThrow({ where: { reference: renewalReference(s, 2) } })).toMatchObject({
      status: "COMPLETED",
      processor: "paystack",
      subaccountCode: sub.code,
    });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({ period: 2, status: "active" });
    // A test subscription never reached the live key.
    expect(liveKeyCallsFor(s)).toHaveLength(0);
  });

  it("a run that finds another's charge under way asks Paystack about it and settles it, never charging again", async () => {
    bothKeys();
    const m = await merchant();
    const s = await subscribe(m, "test");
    const before = chargeAuthorizations().length;
    // The first run's charge is slow to answer (it has taken effect at Paystack); a second run starts meanwhile.
    fakes.paystack.delay = (r) => (r.path === "/transaction/charge_authorization" ? 400 : 0);
    const first = renewSubscription(s.id, s.nextChargeAt!);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await renewSubscription(s.id, s.nextChargeAt!)).toBe("paid");
    expect(await first).toBe("paid");
    expect(chargeAuthorizations().length - before).toBe(1);
    expect(await db.transaction.count({ where: { subscriptionId: s.id, status: "COMPLETED" } })).toBe(2);
  });

  it("a live subscription charges with the live key only", async () => {
    bothKeys();
    const m = await merchant();
    const s = await subscribe(m, "live");
    const testKeyCharges = chargeAuthorizations(fakes.paystack.secretKey).length;
    expect(await renewSubscription(s.id, s.nextChargeAt!)).toBe("paid");
    expect(chargeAuthorizations(fakes.paystack.liveSecretKey).map((r) => r.body.reference)).toContain(renewalReference(s, 2));
    expect(chargeAuthorizations(fakes.paystack.secretKey)).toHaveLength(testKeyCharges);
  });

  it("Paystack's declines drive dunning: insufficient funds is retried, an expired card is not", async () => {
    bothKeys();
    const m = await merchant();
    const s = await subscribe(m, "test");
    const code = await savedCode(s);
    fakes.paystack.savedCardDeclines.set(code, "Insufficient Funds");
    expect(await renewSubscription(s.id, s.nextChargeAt!)).toBe("declined");
    expect(await db.subscription.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({
      status: "past_due",
      failedCharges: 1,
      nextChargeAt: addDays(s.currentPeriodEnd, 1),
      cardDeclinedAt: null,
    });

    fakes.paystack.savedCardDeclines.set(code, "Expired Card");
    expect(await renewSubscription(s.id, addDays(s.currentPeriodEnd, 1))).toBe("declined");
    const after = await db.subscription.findUniqueOrThrow({ where: { id: s.id } });
    expect(after).toMatchObject({ status: "past_due", failedCharges: 2, nextChargeAt: addDays(s.currentPeriodEnd, 7) });
    expect(after.cardDeclinedAt).not.toBeNull();
    const references = chargeAuthorizations().map((r) => r.body.reference);
    const reference = renewalReference(s, 2);
    expect(references.filter((r) => r.startsWith(reference))).toEqual([reference, `${reference}-r2`]);
    // Not tried again on day 3 or 5: only the customer can fix an expired card.
    expect(await renewSubscription(s.id, addDays(s.currentPeriodEnd, 5))).toBe("not_due");
    expect(chargeAuthorizations().filter((r) => r.body.reference.startsWith(reference))).toHaveLength(2);
    expect(liveKeyCallsFor(s)).toHaveLength(0);
  });
});

describe("renewals at Flutterwave", () => {
  const flutterwaveKeys = () =>
    fakes.use("flutterwave", {
      FLUTTERWAVE_SECRET_KEY: undefined,
      FLUTTERWAVE_TEST_SECRET_KEY: fakes.flutterwave.secretKey,
      FLUTTERWAVE_LIVE_SECRET_KEY: fakes.flutterwave.liveSecretKey,
    });
  const tokenizedCharges = () => fakes.flutterwave.requests.filter((r) => r.path === "/v3/tokenized-charges");

  /** The first period paid at Flutterwave: its webhook is confirmed by a verify, which carries the card's token. */
  async function subscribeAtFlutterwave(m: Awaited<ReturnType<typeof merchant>>): Promise<Subscription> {
    const plan = await insertPlan({ merchantId: m.owner.merchant.id, name: "Gold", amount: 500_000n });
    const started = await initiate(paymentBody(m.owner.merchant.id, { amount: 500_000, email: uniqueEmail("member") }), { key: m.keys.test });
    expect(started.body.processor).toBe("flutterwave");
    const reference = started.body.reference as string;
    await db.transaction.update({ where: { reference }, data: { planId: plan.id } });
    fakes.flutterwave.setOutcome(reference, "success");
    expect((await postWebhook("flutterwave", flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(reference)))).status).toBe(200);
    const paid = await db.transaction.findUniqueOrThrow({ where: { reference } });
    expect(paid).toMatchObject({ status: "COMPLETED", subscriptionPeriod: 1 });
    return db.subscription.findUniqueOrThrow({ where: { id: paid.subscriptionId! } });
  }

  it("charge the saved token once with three runs at once, with the test key, in naira, split to the merchant's subaccount", async () => {
    flutterwaveKeys();
    const m = await merchant();
    const s = await subscribeAtFlutterwave(m);
    expect(s).toMatchObject({ processor: "flutterwave", cardLast4: "2950", cardExpMonth: 9, cardExpYear: 2032 });
    const sent = await renewedAtOnce(s, 3, tokenizedCharges);
    const sub = await testSubaccount(m.owner.merchant.id, "flutterwave");
    expect(sent.headers.authorization).toBe(`Bearer ${fakes.flutterwave.secretKey}`);
    expect(sent.body).toMatchObject({ tx_ref: renewalReference(s, 2), amount: 5_000, currency: "NGN" });
    expect(sent.body.subaccounts).toMatchObject([{ id: sub.code }]);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({ period: 2, status: "active" });
    const tail = renewalReference(s, 1).replace(/^SUB1-/, "");
    const live = fakes.flutterwave.requests.filter(
      (r) => r.headers.authorization === `Bearer ${fakes.flutterwave.liveSecretKey}` && (r.path.includes(tail) || String(r.body?.tx_ref ?? "").includes(tail)),
    );
    expect(live).toHaveLength(0);
  });

  it("a decline answered as an error (an expired card) is a hard decline: not retried", async () => {
    flutterwaveKeys();
    const m = await merchant();
    const s = await subscribeAtFlutterwave(m);
    const token = [...fakes.flutterwave.tokens.keys()].at(-1)!;
    fakes.flutterwave.savedCardDeclines.set(token, "Insufficient funds");
    expect(await renewSubscription(s.id, s.nextChargeAt!)).toBe("declined");
    expect(await db.subscription.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({
      status: "past_due",
      nextChargeAt: addDays(s.currentPeriodEnd, 1),
    });
    fakes.flutterwave.savedCardDeclines.set(token, "Expired card");
    fakes.flutterwave.declinesAsErrors = true;
    try {
      expect(await renewSubscription(s.id, addDays(s.currentPeriodEnd, 1))).toBe("declined");
    } finally {
      fakes.flutterwave.declinesAsErrors = false;
    }
    const after = await db.subscription.findUniqueOrThrow({ where: { id: s.id } });
    expect(after).toMatchObject({ status: "past_due", failedCharges: 2, nextChargeAt: addDays(s.currentPeriodEnd, 7) });
    expect(after.cardDeclinedAt).not.toBeNull();
  });
});
