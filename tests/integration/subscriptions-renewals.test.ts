// Issue 26 items 2, 4, 5 and 9: a subscription starts when its first payment (or a trial's card
// check) completes with a reusable card; the renewal engine charges each period once, however often
// or concurrently it runs and across a crash; declines walk the merchant's retry schedule to its end
// state; a hard decline waits for the customer; cancel at period end stops the next charge. All on
// the sandbox, whose saved test cards renew, decline, or expire next month.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import type { DunningEndState, PlanInterval } from "@/lib/db/generated/enums";
import type { Subscription } from "@/lib/db/generated/client";
import { reconcilePending, reconcileTransaction } from "@/lib/payments/reconcile";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import { getProcessor } from "@/lib/processors";
import { addDays, addPeriods } from "@/lib/subscriptions/intervals";
import { manageUrl } from "@/lib/subscriptions/links";
import { openAuthorization } from "@/lib/subscriptions/cards";
import { renewalReference } from "@/lib/subscriptions/periods";
import { queueDueRenewals, renewalSeams, renewSubscription, runRenewals } from "@/lib/subscriptions/renewals";
import { runJob } from "@/lib/jobs/registry";
import { jobQueue } from "@/lib/jobs/boss";
import * as devRenewRoute from "@/app/api/dev/subscriptions/renew/route";
import { call } from "../helpers/api";
import { createMerchantOwner, uniqueEmail } from "../helpers/factories";
import { deliverQueuedEmails } from "../helpers/mailbox";
import { initiate, paymentBody, postWebhook, sandboxEvent } from "../helpers/payments";
import { insertPlan } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

const CARDS = { pays: "4084 0840 8408 4081", declines: "4000 0000 0000 0341", expires: "4000 0000 0000 0069" } as const;

afterEach(() => {
  delete renewalSeams.afterCharge;
});

/** The next renewal run dies once it has made its charge; the runs after it do not. */
function dieAfterCharge() {
  renewalSeams.afterCharge = () => {
    delete renewalSeams.afterCharge;
    throw new Error("process died");
  };
}

async function merchant(endState?: DunningEndState): Promise<Owner> {
  const owner = await createMerchantOwner({ businessName: "Gym Naija" });
  if (endState) await db.merchant.update({ where: { id: owner.merchant.id }, data: { dunningEndState: endState } });
  return owner;
}

type Subscribe = { card?: keyof typeof CARDS; trialDays?: number; interval?: PlanInterval; email?: string; reusable?: boolean };

/** A customer pays a plan's first period (or a trial's ₦50 card check) on the sandbox checkout. */
async function subscribe(owner: Owner, options: Subscribe = {}) {
  const trialDays = options.trialDays ?? 0;
  const plan = await insertPlan({
    merchantId: owner.merchant.id,
    name: "Gold membership",
    amount: 500_000n,
    interval: options.interval ?? "monthly",
    trialDays,
  });
  const email = options.email ?? uniqueEmail("member");
  const started = await initiate(paymentBody(owner.merchant.id, { amount: trialDays > 0 ? 5_000 : 500_000, email }), { key: owner.secretKey });
  expect(started.status).toBe(201);
  // The subscribing payment, as initiate with planId makes it.
  const first = await db.transaction.update({ where: { reference: started.body.reference }, data: { planId: plan.id, cardCheck: trialDays > 0 } });
  await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: CARDS[options.card ?? "pays"] });
  if (options.reusable === false) await db.sandboxAuthorization.updateMany({ where: { email }, data: { reusable: false } });
  // Its webhook is lost in tests (no server): the reconciliation's verify settles it, savedCard and all.
  expect(await reconcileTransaction(first)).toBe("completed");
  const paid = await db.transaction.findUniqueOrThrow({ where: { id: first.id } });
  const subscription = paid.subscriptionId ? await db.subscription.findUniqueOrThrow({ where: { id: paid.subscriptionId } }) : null;
  return { plan, email, first: paid, subscription };
}

const reload = (s: Subscription) => db.subscription.findUniqueOrThrow({ where: { id: s.id } });
const renewal = (s: Subscription, period: number) =>
  db.transaction.findUnique({ where: { subscriptionId_subscriptionPeriod: { subscriptionId: s.id, subscriptionPeriod: period } } });
/** What the sandbox charged for a period: its reference and every retry's `-r{n}`. */
const chargesAt = (s: Subscription, period: number) =>
  db.sandboxCharge.findMany({ where: { reference: { startsWith: renewalReference(s, period) } }, orderBy: { createdAt: "asc" } });
const events = (s: Subscription, type: string) =>
  db.event.findMany({ where: { type, payload: { path: ["id"], equals: s.id } }, orderBy: { createdAt: "asc" } });
async function mail(to: string, subject: string) {
  await deliverQueuedEmails();
  return db.storedEmail.findMany({ where: { to, subject: { contains: subject } }, orderBy: { createdAt: "asc" } });
}

describe("starting a subscription", () => {
  it("a completed planId payment with a reusable card starts it: period 1 from the payment, card and processor saved, event and e-mails", async () => {
    const owner = await merchant();
    const { first, subscription: s, email } = await subscribe(owner);
    expect(s).not.toBeNull();
    const paidAt = first.completedAt!;
    expect(s!).toMatchObject({
      status: "active",
      period: 1,
      processor: "sandbox",
      amount: 500_000n,
      billingAnchor: paidAt,
      currentPeriodStart: paidAt,
      currentPeriodEnd: addPeriods(paidAt, "monthly", 1),
      nextChargeAt: addPeriods(paidAt, "monthly", 1),
      cardBrand: "visa",
      cardLast4: "4081",
      failedCharges: 0,
    });
    expect(openAuthorization(s!)).toMatch(/^AUTH_sbx_/);
    expect(first).toMatchObject({ status: "COMPLETED", subscriptionId: s!.id, subscriptionPeriod: 1 });
    expect(await events(s!, "subscription.created")).toHaveLength(1);
    const [welcome] = await mail(email, "You're subscribed to Gold membership");
    expect(welcome!.text).toContain(manageUrl(s!.id));
    const [receipt] = await mail(email, "Your receipt from Gym Naija");
    expect(receipt!.text).toContain(manageUrl(s!.id));
  });

  it("a card that cannot be charged again starts nothing: the payment is refunded automatically, saying why", async () => {
    const owner = await merchant();
    const { first, subscription } = await subscribe(owner, { reusable: false });
    expect(subscription).toBeNull();
    expect(first.flaggedReason).toMatch(/cannot be charged again/);
    expect(await db.transaction.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ status: "REFUNDED", refundedAmount: 500_000n });
    expect(await db.subscription.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("a trial: the ₦50 card check starts it trialing and is refunded at once (no receipt, never revenue); the first charge comes at the trial's end", async () => {
    const owner = await merchant();
    const { first, subscription: s, email } = await subscribe(owner, { trialDays: 14 });
    const trialEnd = addDays(first.completedAt!, 14);
    expect(s!).toMatchObject({ status: "trialing", period: 0, billingAnchor: trialEnd, currentPeriodEnd: trialEnd, nextChargeAt: trialEnd });
    expect(first).toMatchObject({ status: "REFUNDED", cardCheck: true, refundedAmount: 5_000n, subscriptionPeriod: 0 });
    expect(await db.refund.findFirst({ where: { transactionId: first.id } })).toMatchObject({ reason: "Card check for a free trial", status: "processed" });
    expect(await db.outboundEmail.count({ where: { transactionId: first.id, kind: { in: ["receipt", "payment-received", "auto-refund"] } } })).toBe(0);
    expect(await db.customer.findFirstOrThrow({ where: { merchantId: owner.merchant.id } })).toMatchObject({ totalPaid: 0n, paymentCount: 0 });
    expect((await mail(email, "Your free trial of Gold membership has started"))[0]!.text).toContain(manageUrl(s!.id));

    expect(await renewSubscription(s!.id, addDays(trialEnd, -1))).toBe("not_due");
    expect(await renewSubscription(s!.id, trialEnd)).toBe("paid");
    expect(await reload(s!)).toMatchObject({ status: "active", period: 1, currentPeriodStart: trialEnd, currentPeriodEnd: addPeriods(trialEnd, "monthly", 1) });
    expect(await renewal(s!, 1)).toMatchObject({ status: "COMPLETED", reference: renewalReference(s!, 1), amount: 500_000n });
  });
});

describe("renewals", () => {
  it("charge each period once with two runs at once, settle it as an ordinary payment, and move the subscription on", async () => {
    const owner = await merchant();
    const { subscription: s, email } = await subscribe(owner);
    const due = s!.nextChargeAt!;
    // The sandbox answers a reference it has seen as it stands: count what was asked of it, not only its rows.
    const charge = vi.spyOn(getProcessor("sandbox", "test"), "chargeSavedCard");
    const [ran, ...outcomes] = await Promise.all([runRenewals(due), ...Array.from({ length: 4 }, () => renewSubscription(s!.id, due))]);
    expect([...outcomes, ...(ran.paid ? ["paid"] : [])]).toContain("paid");
    // (runRenewals also renews the earlier tests' subscriptions that are due by then.)
    expect(charge.mock.calls.filter(([input]) => input.reference.startsWith(renewalReference(s!, 2)))).toHaveLength(1);
    charge.mockRestore();
    expect(await chargesAt(s!, 2)).toHaveLength(1);
    const t = (await renewal(s!, 2))!;
    expect(t).toMatchObject({
      status: "COMPLETED",
      reference: renewalReference(s!, 2),
      processor: "sandbox",
      environment: "test",
      amount: 500_000n,
      customerEmail: email,
    });
    const anchor = s!.billingAnchor!;
    expect(await reload(s!)).toMatchObject({
      status: "active",
      period: 2,
      currentPeriodStart: addPeriods(anchor, "monthly", 1),
      currentPeriodEnd: addPeriods(anchor, "monthly", 2),
      nextChargeAt: addPeriods(anchor, "monthly", 2),
    });
    const [renewed] = await events(s!, "subscription.renewed");
    expect(renewed!.payload).toMatchObject({ transactionId: t.id, reference: t.reference, status: "active" });
    expect(await db.event.count({ where: { type: "transaction.completed", payload: { path: ["reference"], equals: t.reference } } })).toBe(1);
    const receipts = await mail(email, "Your receipt from Gym Naija");
    expect(receipts).toHaveLength(2);
    const renewalReceipt = receipts.find((r) => r.text.includes(t.reference));
    expect(renewalReceipt!.text).toContain(manageUrl(s!.id));

    // Nothing more is due this period; the next one is its own charge.
    expect(await renewSubscription(s!.id, due)).toBe("not_due");
    expect(await renewSubscription(s!.id, addPeriods(anchor, "monthly", 2))).toBe("paid");
    expect(await chargesAt(s!, 3)).toHaveLength(1);
    expect(await reload(s!)).toMatchObject({ period: 3 });
  });

  it("a crash between the processor's answer and our write: the next run finds the charge paid and settles it, never charging again", async () => {
    const owner = await merchant();
    const { subscription: s } = await subscribe(owner);
    const due = s!.nextChargeAt!;
    dieAfterCharge();
    await expect(renewSubscription(s!.id, due)).rejects.toThrow("process died");
    expect(await renewal(s!, 2)).toMatchObject({ status: "PENDING" });
    expect(await chargesAt(s!, 2)).toMatchObject([{ status: "success" }]);

    expect(await renewSubscription(s!.id, due)).toBe("paid");
    expect(await chargesAt(s!, 2)).toHaveLength(1);
    expect(await renewal(s!, 2)).toMatchObject({ status: "COMPLETED" });
    expect(await reload(s!)).toMatchObject({ status: "active", period: 2 });
  });

  it("a try the processor never answered is not replaced while it may still be on its way, then is", async () => {
    const owner = await merchant();
    const { subscription: s } = await subscribe(owner);
    const due = s!.nextChargeAt!;
    // A run recorded its try and stopped before the processor was asked.
    dieAfterCharge();
    await expect(renewSubscription(s!.id, due)).rejects.toThrow();
    const t = (await renewal(s!, 2))!;
    await db.sandboxCharge.deleteMany({ where: { reference: t.reference } });
    expect(await renewSubscription(s!.id, due)).toBe("busy");
    expect(await chargesAt(s!, 2)).toHaveLength(0);
    await db.paymentAttempt.updateMany({ where: { transactionId: t.id }, data: { createdAt: new Date(Date.now() - 10 * 60_000) } });
    expect(await renewSubscription(s!.id, due)).toBe("paid");
    expect((await chargesAt(s!, 2)).map((c) => c.reference)).toEqual([`${t.reference}-r2`]);
  });

  it("cancel at period end: the period runs out and nothing more is charged", async () => {
    const owner = await merchant();
    const { subscription: s, email } = await subscribe(owner);
    await db.subscription.update({ where: { id: s!.id }, data: { cancelAtPeriodEnd: true } });
    expect(await renewSubscription(s!.id, addDays(s!.currentPeriodEnd, -1))).toBe("not_due");
    expect(await renewSubscription(s!.id, s!.currentPeriodEnd)).toBe("canceled");
    expect(await reload(s!)).toMatchObject({ status: "canceled", canceledAt: s!.currentPeriodEnd, nextChargeAt: null });
    expect(await renewal(s!, 2)).toBeNull();
    expect(await chargesAt(s!, 2)).toHaveLength(0);
    expect(await events(s!, "subscription.canceled")).toHaveLength(1);
    expect(await renewSubscription(s!.id, addDays(s!.currentPeriodEnd, 40))).toBe("not_due");
    expect((await mail(email, "Your subscription to Gold membership has ended"))[0]!.text).toContain(manageUrl(s!.id));
  });

  it("a renewal is the engine's: a processor's failed event does not fail it, and the reconciliation leaves it alone", async () => {
    const owner = await merchant();
    const { subscription: s } = await subscribe(owner, { card: "declines" });
    expect(await renewSubscription(s!.id, s!.nextChargeAt!)).toBe("declined");
    const t = (await renewal(s!, 2))!;
    expect((await postWebhook("sandbox", sandboxEvent(t.reference, { status: "failed", amount: 500_000 }, "charge.failed"))).status).toBe(200);
    expect(await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ status: "PENDING" });
    await reconcilePending({ now: addDays(new Date(), 2) });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ status: "PENDING", failureReason: null });
  });
});

describe("dunning", () => {
  async function walkSchedule(endState: DunningEndState) {
    const owner = await merchant(endState);
    const subscribed = await subscribe(owner, { card: "declines" });
    const s = subscribed.subscription!;
    const end = s.currentPeriodEnd;
    const schedule = [1, 3, 5, 7].map((day) => addDays(end, day));
    expect(await renewSubscription(s.id, end)).toBe("declined");
    await deliverQueuedEmails();
    expect(await reload(s)).toMatchObject({ status: "past_due", failedCharges: 1, nextChargeAt: schedule[0] });
    // Not before the next retry day.
    expect(await renewSubscription(s.id, addDays(schedule[0]!, -0.5))).toBe("not_due");
    for (const [i, day] of schedule.entries()) {
      expect(await renewSubscription(s.id, day)).toBe("declined");
      // Sent as they happen (a payment-failed e-mail is not sent once its renewal has ended).
      await deliverQueuedEmails();
      if (i < schedule.length - 1) expect(await reload(s)).toMatchObject({ status: "past_due", failedCharges: i + 2, nextChargeAt: schedule[i + 1] });
    }
    const t = (await renewal(s, 2))!;
    const references = (await chargesAt(s, 2)).map((c) => c.reference);
    expect(references).toEqual([t.reference, ...[2, 3, 4, 5].map((n) => `${t.reference}-r${n}`)]);
    expect(await events(s, "subscription.past_due")).toHaveLength(1);
    const failed = await events(s, "subscription.payment_failed");
    expect(failed.map((e) => (e.payload as { willRetry: boolean }).willRetry)).toEqual([true, true, true, true, false]);
    expect(failed[0]!.payload).toMatchObject({ transactionId: t.id, reference: t.reference, failureReason: "Insufficient funds" });
    const asked = await mail(subscribed.email, "Action needed");
    expect(asked.length).toBeGreaterThanOrEqual(4);
    for (const e of asked) expect(e.text).toContain(manageUrl(s.id));
    expect(asked[0]!.text).toMatch(/try again on/);
    return { s, t, email: subscribed.email };
  }

  it("declines walk the retry schedule (days 1, 3, 5, 7) to past_due and then unpaid: kept, nothing charged, the renewal still payable", async () => {
    const { s, t } = await walkSchedule("unpaid");
    expect(await reload(s)).toMatchObject({ status: "unpaid", nextChargeAt: null, failedCharges: 5 });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ status: "PENDING" });
    expect(await renewSubscription(s.id, addDays(s.currentPeriodEnd, 60))).toBe("not_due");
    expect(await chargesAt(s, 2)).toHaveLength(5);
  });

  it("…or canceled, the merchant's default: the renewal fails with it", async () => {
    const { s, t, email } = await walkSchedule("canceled");
    expect(await reload(s)).toMatchObject({ status: "canceled", nextChargeAt: null });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ status: "FAILED", failureReason: "Not paid after the last retry" });
    expect(await events(s, "subscription.canceled")).toHaveLength(1);
    expect(await db.event.count({ where: { type: "transaction.failed", payload: { path: ["reference"], equals: t.reference } } })).toBe(1);
    expect((await mail(email, "has ended"))[0]!.text).toMatch(/could not be collected/);
  });

  it("a hard decline is not retried: the customer is asked, and after the last retry day the end state applies without another charge", async () => {
    const owner = await merchant();
    const { subscription: s, email } = await subscribe(owner, { card: "expires" });
    const anchor = s!.billingAnchor!;
    // Paid while the card is valid (it expires at the end of next month)…
    expect(await renewSubscription(s!.id, addPeriods(anchor, "monthly", 1))).toBe("paid");
    // …then it has expired.
    const end = addPeriods(anchor, "monthly", 2);
    expect(await renewSubscription(s!.id, end)).toBe("declined");
    expect(await reload(s!)).toMatchObject({ status: "past_due", failedCharges: 1, nextChargeAt: addDays(end, 7) });
    expect((await reload(s!)).cardDeclinedAt).not.toBeNull();
    const [failed] = await events(s!, "subscription.payment_failed");
    expect(failed!.payload).toMatchObject({ willRetry: false, failureReason: "Card expired" });
    const [asked] = await mail(email, "Action needed");
    expect(asked!.text).toMatch(/cannot be charged again/);
    expect(asked!.text).toContain(manageUrl(s!.id));

    expect(await renewSubscription(s!.id, addDays(end, 3))).toBe("not_due");
    expect(await renewSubscription(s!.id, addDays(end, 7))).toBe("ended");
    expect(await chargesAt(s!, 3)).toHaveLength(1);
    expect(await reload(s!)).toMatchObject({ status: "canceled" });
  });

  it("a new card from the customer's page replaces the declined one (card check refunded at once) and is tried at the next run", async () => {
    const owner = await merchant();
    const { subscription: s, email } = await subscribe(owner, { card: "declines" });
    await db.sandboxAuthorization.updateMany({ where: { email }, data: { reusable: false } });
    expect(await renewSubscription(s!.id, s!.nextChargeAt!)).toBe("declined");
    expect(await reload(s!)).toMatchObject({ status: "past_due" });

    // The card check /billing starts: ₦50, tied to the subscription, paid with a card that renews.
    const started = await initiate(paymentBody(owner.merchant.id, { amount: 5_000, email }), { key: owner.secretKey });
    const check = await db.transaction.update({ where: { reference: started.body.reference }, data: { subscriptionId: s!.id, cardCheck: true } });
    await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: CARDS.pays });
    expect(await reconcileTransaction(check)).toBe("completed");
    const updated = await reload(s!);
    expect(updated).toMatchObject({ status: "past_due", cardDeclinedAt: null, processor: "sandbox", cardLast4: "4081" });
    expect(openAuthorization(updated)).not.toBe(openAuthorization(s!));
    expect(updated.nextChargeAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await db.transaction.findUniqueOrThrow({ where: { id: check.id } })).toMatchObject({ status: "REFUNDED", subscriptionPeriod: null });
    expect(await db.refund.findFirst({ where: { transactionId: check.id } })).toMatchObject({ reason: "Card check for a card update" });

    expect(await renewSubscription(s!.id, new Date())).toBe("paid");
    expect(await reload(s!)).toMatchObject({ status: "active", period: 2, failedCharges: 0 });
    expect(await renewal(s!, 2)).toMatchObject({ status: "COMPLETED" });
  });
});

describe("the dev clock and card expiry warnings", () => {
  it("POST /api/dev/subscriptions/renew runs the renewals and the expiry warnings as of asOf, warning once per card", async () => {
    const owner = await merchant();
    const { subscription: s, email } = await subscribe(owner, { card: "expires" });
    const asOf = addDays(s!.currentPeriodEnd, 1);
    const run = () => call(devRenewRoute.POST, { path: "/api/dev/subscriptions/renew", body: { asOf: asOf.toISOString() } });
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.result.renewals.paid).toBeGreaterThanOrEqual(1);
    expect(first.body.result.cardExpiryWarnings).toBeGreaterThanOrEqual(1);
    expect(await reload(s!)).toMatchObject({ period: 2, expiryWarnedAt: asOf });
    const [warning] = await mail(email, "Your card for Gold membership expires soon");
    expect(warning!.text).toContain(manageUrl(s!.id));
    expect((await run()).body.result.renewals.paid ?? 0).toBe(0);
    expect(await mail(email, "expires soon")).toHaveLength(1);
  });
});

describe("the renewal jobs", () => {
  const queued = (key: string) =>
    db.$queryRaw<{ data: { subscriptionId: string; asOf: string } }[]>`
      SELECT data FROM pgboss.job WHERE name = 'renew-subscription' AND singleton_key = ${key} AND state = 'created'`;

  it("the cron run queues one job per due subscription and period, however often it runs; the job renews it", async () => {
    const owner = await merchant();
    const { subscription: s } = await subscribe(owner);
    const due = s!.nextChargeAt!;
    await jobQueue(); // pg-boss's tables, whether or not anything is queued
    await queueDueRenewals(addDays(due, -1));
    expect(await queued(`${s!.id}:2`)).toHaveLength(0);
    await queueDueRenewals(due);
    await queueDueRenewals(due);
    const jobs = await queued(`${s!.id}:2`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toEqual({ subscriptionId: s!.id, asOf: due.toISOString() });
    await runJob("renewSubscription", jobs[0]!.data);
    expect(await reload(s!)).toMatchObject({ period: 2, status: "active" });
  });

  it("a renewal still being tried when its subscription is canceled fails with it", async () => {
    const owner = await merchant();
    const { subscription: s } = await subscribe(owner, { card: "declines" });
    expect(await renewSubscription(s!.id, s!.nextChargeAt!)).toBe("declined");
    // Canceled now, as the merchant's or the customer's cancel does it (lib/subscriptions/cancel.ts).
    await db.subscription.update({ where: { id: s!.id }, data: { status: "canceled", canceledAt: new Date(), nextChargeAt: null } });
    await queueDueRenewals(s!.nextChargeAt!);
    expect(await renewal(s!, 2)).toMatchObject({ status: "FAILED", failureReason: "The subscription was canceled" });
  });
});
