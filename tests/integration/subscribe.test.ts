// Subscribing (initiate with planId, the /subscribe page) and the customer's own page (/billing/{token}):
// issue 26 items 2 and 6. Subscriptions are inserted directly: the engine that starts them is not ours.
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Plan, Subscription } from "@/lib/db/generated/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { createLink } from "@/lib/links/service";
import { findReceipt } from "@/lib/payments/receipt";
import { manageToken } from "@/lib/subscriptions/links";
import { NOTHING_DUE } from "@/lib/subscriptions/billing-actions";
import * as subscribeRoute from "@/app/subscribe/[planId]/checkout/route";
import * as payNowRoute from "@/app/billing/[token]/pay/route";
import * as cardRoute from "@/app/billing/[token]/card/route";
import * as cancelRoute from "@/app/billing/[token]/cancel/route";
import SubscribePage, { getServerSideProps as subscribePageProps } from "@/pages/subscribe/[planId]";
import BillingPage, { getServerSideProps as billingPageProps } from "@/pages/billing/[token]";
import { createMerchantOwner } from "../helpers/factories";
import { flashOf, postForm } from "../helpers/forms";
import { initiate, transactionByReference } from "../helpers/payments";
import { insertPlan, insertSubscription, insertTransaction } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

const SANDBOX_URL = /^http:\/\/localhost:3000\/checkout\/sandbox\/[\w-]+$/;
let owner: Owner;

beforeAll(async () => {
  owner = await createMerchantOwner({ businessName: "Gym Naija" });
});

function plan(overrides: Partial<Plan> = {}, merchantId = owner.merchant.id): Promise<Plan> {
  return insertPlan({ merchantId, name: "Gold membership", description: "All classes", amount: 500_000n, ...overrides });
}

const body = (planId: string, overrides: Record<string, unknown> = {}) => ({
  planId,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Obi",
  ...overrides,
});

/** A subscription as the engine would have left it, with the customer it bills. */
async function subscription(p: Plan, overrides: Partial<Subscription> = {}): Promise<Subscription> {
  const { subscription } = await insertSubscription(p, {
    planId: p.id,
    email: `ada.${randomUUID().slice(0, 8)}@example.com`,
    name: "Ada Obi",
    anchor: new Date("2026-11-26T09:00:00Z"),
    data: { cardExpMonth: 9, cardExpYear: 2031, ...overrides },
  });
  return subscription;
}

/** The period's renewal as the renewal job makes it (its fixed reference; PENDING while tried). */
async function renewal(s: Subscription, period: number) {
  const customer = await db.customer.findUniqueOrThrow({ where: { id: s.customerId } });
  return insertTransaction({
    merchantId: s.merchantId,
    environment: s.environment,
    reference: `SUB${period}-${String(s.createdAt.getTime()).padStart(13, "0")}-${s.id.replaceAll("-", "").slice(0, 8)}`,
    amount: s.amount,
    channel: "card",
    customerEmail: customer.email,
    customerName: customer.name,
    customerId: customer.id,
    description: "Gold membership",
    subscriptionId: s.id,
    subscriptionPeriod: period,
  });
}

/** A hosted page as a customer gets it: getServerSideProps, then the page's HTML. */
async function render<P extends object>(load: unknown, Page: ComponentType<P>, params: Record<string, string>, query: Record<string, string> = {}) {
  const res = { statusCode: 200, setHeader: () => undefined };
  const loader = load as (ctx: unknown) => Promise<{ props: P }>;
  const { props } = await loader({ params, req: { cookies: {}, headers: {} }, res, query, resolvedUrl: "/" });
  return { statusCode: res.statusCode, props, html: renderToStaticMarkup(createElement(Page, props)) };
}

describe("POST /api/transactions/initiate with planId", () => {
  it("takes the amount from the plan, by card, and marks the payment as subscribing to it", async () => {
    const p = await plan();
    const res = await initiate(body(p.id), { key: owner.secretKey });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: "Payment initiated", status: "PENDING", amount: 500_000, currency: "NGN", processor: "sandbox" });
    expect(res.body.authorizationUrl).toMatch(SANDBOX_URL);
    expect(await transactionByReference(res.body.reference)).toMatchObject({
      planId: p.id,
      amount: 500_000n,
      cardCheck: false,
      subscriptionId: null,
      channel: "card",
      environment: "test",
      description: "Gold membership",
      customerName: "Ada Obi",
    });
  });

  it("accepts the plan's own amount and refuses any other (400, nothing stored)", async () => {
    const p = await plan();
    expect((await initiate(body(p.id, { amount: 500_000 }), { key: owner.secretKey })).status).toBe(201);
    const cheaper = await initiate(body(p.id, { amount: 100_000 }), { key: owner.secretKey });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.errors).toEqual([{ field: "amount", message: "Amount must be 500000 kobo for this plan" }]);
    expect(await db.transaction.count({ where: { planId: p.id } })).toBe(1);
  });

  it("charges a ₦50 card check, not the price, when the plan starts with a free trial", async () => {
    const p = await plan({ trialDays: 7 });
    const res = await initiate(body(p.id), { key: owner.secretKey });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(5_000);
    expect(await transactionByReference(res.body.reference)).toMatchObject({ planId: p.id, amount: 5_000n, cardCheck: true, channel: "card" });
  });

  it("answers 404 for an inactive, unknown or another merchant's plan, and stores nothing", async () => {
    const inactive = await plan({ active: false });
    const other = await createMerchantOwner();
    const theirs = await plan({}, other.merchant.id);
    for (const planId of [inactive.id, theirs.id, randomUUID()]) {
      const res = await initiate(body(planId), { key: owner.secretKey });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Plan not found or is inactive");
    }
    expect(await db.transaction.count({ where: { planId: { in: [inactive.id, theirs.id] } } })).toBe(0);
  });

  it("keeps the modes apart: a test key never pays a live plan, a live key never a test plan; a keyless call takes the plan's mode", async () => {
    const live = await plan({ environment: "live" });
    const test = await plan();
    const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
    expect((await initiate(body(live.id), { key: owner.secretKey })).status).toBe(404);
    expect((await initiate(body(test.id), { key: liveKey })).status).toBe(404);

    const keyless = await initiate(body(test.id, { merchantId: owner.merchant.id }));
    expect(keyless.status).toBe(201);
    expect((await transactionByReference(keyless.body.reference)).environment).toBe("test");
    // Without a key a live plan makes a live payment, which this business cannot take yet.
    const liveKeyless = await initiate(body(live.id, { merchantId: owner.merchant.id }));
    expect(liveKeyless.status).toBe(409);
    expect(await db.transaction.count({ where: { planId: live.id } })).toBe(0);
  });

  it("refuses any channel but card: the subscription renews on the saved card", async () => {
    const p = await plan();
    for (const channel of ["bank_transfer", "ussd"]) {
      const res = await initiate(body(p.id, { channel }), { key: owner.secretKey });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: "channel", message: "Subscriptions are paid by card" }]);
    }
    expect(await db.transaction.count({ where: { planId: p.id } })).toBe(0);
  });

  it("refuses planId with a payment link, and keeps the contract's rules without planId (amount required)", async () => {
    const p = await plan();
    const link = await createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Tray", amount: 500_000, isReusable: true });
    const both = await initiate(body(p.id, { paymentLinkId: link.id, amount: 500_000 }), { key: owner.secretKey });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ field: "planId", message: "Give planId alone, not with paymentLinkId or invoiceId" }]);

    const { planId: _none, ...noPlan } = body(p.id);
    const missing = await initiate(noPlan, { key: owner.secretKey });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "amount", message: "Amount must be an integer number of kobo" }]);
    // Reported with the request's other problems, as before.
    const twoProblems = await initiate({ ...noPlan, email: "nope" }, { key: owner.secretKey });
    expect(twoProblems.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["amount", "email"]);
    const badPlan = await initiate(body("not-a-uuid"), { key: owner.secretKey });
    expect(badPlan.body.errors).toEqual([{ field: "planId", message: "planId must be a valid UUID" }]);
  });
});

describe("/subscribe/:planId", () => {
  const subscribe = (planId: string, fields: Record<string, string>) => postForm(subscribeRoute.POST, `/subscribe/${planId}/checkout`, { planId }, fields);

  it("sends the customer to the processor's card page, subscribing them to the plan at its price", async () => {
    const p = await plan();
    // A channel posted by hand changes nothing: a subscription is paid by card.
    const res = await subscribe(p.id, { email: " Ada@Example.com ", name: "Ada  Obi", channel: "bank_transfer" });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(SANDBOX_URL);
    expect(res.setCookie ?? "").toBe("");
    const rows = await db.transaction.findMany({ where: { planId: p.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 500_000n,
      cardCheck: false,
      channel: "card",
      customerEmail: "ada@example.com",
      customerName: "Ada Obi",
      authorizationUrl: res.location,
    });
  });

  it.each([
    [{ name: "Ada Obi" }, "email"],
    [{ email: "not-an-email", name: "Ada Obi" }, "email"],
    [{ email: "ada@example.com" }, "name"],
    [{ email: "ada@example.com", name: "A" }, "name"],
  ])("sends %j back to the form with an error on %s", async (fields, field) => {
    const p = await plan();
    const res = await subscribe(p.id, fields);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/subscribe/${p.id}`);
    expect(res.setCookie).toContain(`Path=/subscribe/${p.id}`);
    const flash = flashOf(res.setCookie)!;
    expect(flash.errors.map((e) => e.field)).toContain(field);
    if ("email" in fields) expect(flash.values.email).toBe(fields.email);
    expect(await db.transaction.count({ where: { planId: p.id } })).toBe(0);
  });

  it("turns back a deactivated plan with a form error, and answers 404 for an unknown or malformed id", async () => {
    const p = await plan({ active: false });
    const res = await subscribe(p.id, { email: "ada@example.com", name: "Ada Obi" });
    expect(flashOf(res.setCookie)!.errors).toEqual([{ field: "form", message: "This plan is no longer offered." }]);
    for (const id of [randomUUID(), "not-a-plan"]) expect((await subscribe(id, { email: "ada@example.com", name: "Ada Obi" })).status).toBe(404);
    expect(await db.transaction.count({ where: { planId: p.id } })).toBe(0);
  });

  it("brings the customer of a failed subscribing payment back to the plan's form, filled in", async () => {
    const p = await plan();
    await subscribe(p.id, { email: "ada@example.com", name: "Ada Obi" });
    const t = await db.transaction.findFirstOrThrow({ where: { planId: p.id } });
    await db.transaction.update({ where: { id: t.id }, data: { status: "FAILED", failureReason: "Declined" } });
    expect(await findReceipt(t.reference)).toMatchObject({ outcome: "failed", retryPath: `/subscribe/${p.id}?retry=${t.reference}` });
    const again = await render(subscribePageProps, SubscribePage, { planId: p.id }, { retry: t.reference });
    expect(again.props.values).toMatchObject({ email: "ada@example.com", name: "Ada Obi" });
  });

  it("shows the plan, its price per interval and the trial's terms; an inactive or unknown plan is a polite 404", async () => {
    const p = await plan({ trialDays: 7 });
    const page = await render(subscribePageProps, SubscribePage, { planId: p.id });
    expect(page.statusCode).toBe(200);
    expect(page.html).toContain("Gold membership");
    expect(page.html).toContain("₦5,000 / month");
    expect(page.html).toContain("7 days free, then ₦5,000 / month. We check your card with ₦50, refunded at once.");
    expect(page.html).toContain(`action="/subscribe/${p.id}/checkout"`);
    expect(page.html).not.toContain('name="channel"');

    const inactive = await plan({ active: false });
    for (const planId of [inactive.id, randomUUID(), "nope"]) {
      const gone = await render(subscribePageProps, SubscribePage, { planId });
      expect(gone.statusCode).toBe(404);
      expect(gone.html).toContain("This plan isn&#x27;t available");
      expect(gone.html).not.toContain("<form");
    }
  });
});

describe("/billing/:token", () => {
  const billing = (token: string, query: Record<string, string> = {}) => render(billingPageProps, BillingPage, { token }, query);
  const post = (route: typeof payNowRoute, action: string, token: string, fields: Record<string, string> = {}) =>
    postForm(route.POST, `/billing/${token}/${action}`, { token }, fields);

  it("shows the plan, what is charged next and when, the card and past payments with their receipts", async () => {
    const p = await plan();
    const s = await subscription(p);
    const paid = await renewal(s, 1);
    await db.transaction.update({ where: { id: paid.id }, data: { status: "COMPLETED", completedAt: new Date("2026-11-26T09:00:05Z") } });
    const page = await billing(manageToken(s.id));
    expect(page.statusCode).toBe(200);
    expect(page.html).toContain("Gym Naija");
    expect(page.html).toContain("Gold membership");
    expect(page.html).toContain("₦5,000 / month");
    expect(page.html).toContain("Your card will be charged ₦5,000 on 26 December 2026.");
    expect(page.html).toContain("Visa •••• 4081, expires 09/2031");
    expect(page.html).toContain(`href="/receipt/${paid.reference}"`);
    expect(page.html).toContain(`href="/receipt/${paid.reference}/pdf"`);
    expect(page.html).toContain("26 November 2026");
    // Nothing is owed, so no "Pay now"; the card can be changed and the subscription cancelled.
    expect(page.html).not.toContain("/pay");
    expect(page.html).toContain(`/billing/${manageToken(s.id)}/card`);
    expect(page.html).toContain(`href="/billing/${manageToken(s.id)}?cancel"`);
  });

  it("says only what is true: a trial's end, an ending or a canceled subscription, an overdue payment", async () => {
    const p = await plan();
    const trial = await subscription(p, {
      status: "trialing",
      period: 0,
      currentPeriodEnd: new Date("2026-12-03T09:00:00Z"),
      nextChargeAt: new Date("2026-12-03T09:00:00Z"),
    });
    expect((await billing(manageToken(trial.id))).props.view!.standing).toBe(
      "Your free trial ends on 3 December 2026. Your card will be charged ₦5,000 on 3 December 2026.",
    );
    const ending = await subscription(p, { cancelAtPeriodEnd: true });
    const endingView = (await billing(manageToken(ending.id))).props.view!;
    expect(endingView.standing).toBe("Ends on 26 December 2026. You won't be charged again.");
    expect(endingView.cancel).toBeNull();
    const canceled = await subscription(p, { status: "canceled", canceledAt: new Date("2026-11-30T12:00:00Z"), nextChargeAt: null });
    const canceledPage = await billing(manageToken(canceled.id));
    expect(canceledPage.props.view!.standing).toBe("Canceled on 30 November 2026. You won't be charged again.");
    expect(canceledPage.html).not.toContain("<form");
    const overdue = await subscription(p, { status: "past_due", nextChargeAt: new Date("2026-12-29T09:00:00Z") });
    await renewal(overdue, 2);
    const overduePage = await billing(manageToken(overdue.id));
    expect(overduePage.props.view!.standing).toBe("We couldn't take ₦5,000 from your card. We'll try again on 29 December 2026, or you can pay now.");
    expect(overduePage.html).toContain("Pay ₦5,000 now");
    expect(overduePage.html).toContain('value="bank_transfer"');
  });

  it("answers 404, naming no business, for a bad token, another subscription's signature or a subscription that is gone", async () => {
    const p = await plan();
    const mine = await subscription(p);
    const theirs = await subscription(p);
    const [, theirSignature] = manageToken(theirs.id).split(".");
    const bad = [`${mine.id}.${theirSignature}`, "nope", `${mine.id}`, manageToken(randomUUID()), `${manageToken(mine.id)}x`];
    for (const token of bad) {
      const page = await billing(token);
      expect(page.statusCode).toBe(404);
      expect(page.html).not.toContain("Gym Naija");
      expect(page.html).not.toContain("Gold membership");
      for (const [route, action] of [
        [payNowRoute, "pay"],
        [cardRoute, "card"],
        [cancelRoute, "cancel"],
      ] as const) {
        expect((await post(route, action, token, { confirm: "yes" })).status).toBe(404);
      }
    }
    expect(await db.subscription.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ cancelAtPeriodEnd: false, status: "active" });
  });

  it("pays an overdue renewal now: a new round on the period's renewal transaction at a hosted checkout", async () => {
    const p = await plan();
    const s = await subscription(p, { status: "past_due" });
    const due = await renewal(s, 2);
    const token = manageToken(s.id);
    const res = await post(payNowRoute, "pay", token, { channel: "bank_transfer" });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(SANDBOX_URL);
    const after = await db.transaction.findUniqueOrThrow({ where: { id: due.id } });
    expect(after).toMatchObject({ status: "PENDING", chargeReference: `${due.reference}-r2`, authorizationUrl: res.location });
    const open = await db.paymentAttempt.findFirstOrThrow({ where: { transactionId: due.id, outcome: "started" } });
    expect(open.reference).toBe(`${due.reference}-r2`);
    // Still one transaction for the period: a new round, never a second payment.
    expect(await db.transaction.count({ where: { subscriptionId: s.id } })).toBe(1);
  });

  it("has nothing to pay while the subscription is paid up", async () => {
    const p = await plan();
    const s = await subscription(p);
    const token = manageToken(s.id);
    const res = await post(payNowRoute, "pay", token);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/billing/${token}`);
    expect(flashOf(res.setCookie)!.errors).toEqual([{ field: "form", message: NOTHING_DUE }]);
    expect(await db.transaction.count({ where: { subscriptionId: s.id } })).toBe(0);
  });

  it("updates the card through a ₦50 card check tied to the subscription", async () => {
    const p = await plan();
    const s = await subscription(p, { status: "past_due" });
    const res = await post(cardRoute, "card", manageToken(s.id));
    expect(res.status).toBe(303);
    expect(res.location).toMatch(SANDBOX_URL);
    const check = await db.transaction.findFirstOrThrow({ where: { subscriptionId: s.id } });
    expect(check).toMatchObject({ amount: 5_000n, cardCheck: true, subscriptionPeriod: null, planId: null, channel: "card", environment: "test" });
    expect(check.customerEmail).toMatch(/^ada\.[0-9a-f]{8}@example\.com$/);
  });

  it("cancels at the period's end only once confirmed on its own page", async () => {
    const p = await plan();
    const s = await subscription(p);
    const token = manageToken(s.id);
    const confirm = await billing(token, { cancel: "" });
    expect(confirm.html).toContain("It stays active until 26 December 2026, and you won&#x27;t be charged again.");
    expect(confirm.html).toContain('name="confirm" value="yes"');

    const unconfirmed = await post(cancelRoute, "cancel", token);
    expect(unconfirmed.location).toBe(`/billing/${token}?cancel`);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: s.id } })).cancelAtPeriodEnd).toBe(false);

    const res = await post(cancelRoute, "cancel", token, { confirm: "yes" });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/billing/${token}`);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
    expect((await billing(token)).props.view!.standing).toBe("Ends on 26 December 2026. You won't be charged again.");
  });
});
