// The Subscriptions API: list (filters, pages), read, cancel now or at period end; walls between
// merchants and modes; who may cancel; the subscription.canceled event. Subscriptions are inserted
// as rows (tests/helpers/rows.ts); starting them through payments is the engine's.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { openAuthorization } from "@/lib/subscriptions/cards";
import { cancelSubscriptionById } from "@/lib/subscriptions/cancel";
import { paidForByTransaction } from "@/lib/payments/paid-for";
import * as listRoute from "@/app/api/merchants/[merchantId]/subscriptions/route";
import * as getRoute from "@/app/api/merchants/[merchantId]/subscriptions/[subscriptionId]/route";
import * as cancelRoute from "@/app/api/merchants/[merchantId]/subscriptions/[subscriptionId]/cancel/route";
import * as eventsRoute from "@/app/api/events/route";
import * as dunningRoute from "@/app/api/merchants/[merchantId]/dunning/route";
import * as overviewRoute from "@/app/api/merchants/[merchantId]/overview/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, readyForLive, ownerAndStranger } from "../helpers/factories";
import { insertPlan, insertSubscription, insertTransaction } from "../helpers/rows";

const list = (merchantId: string, token: string, query = "") =>
  call(listRoute.GET, { path: `/api/merchants/${merchantId}/subscriptions${query}`, params: { merchantId }, token });
const read = (merchantId: string, subscriptionId: string, token: string) =>
  call(getRoute.GET, { path: `/api/merchants/${merchantId}/subscriptions/${subscriptionId}`, params: { merchantId, subscriptionId }, token });
const cancel = (merchantId: string, subscriptionId: string, token: string, body?: unknown) =>
  call(cancelRoute.POST, {
    method: "POST",
    path: `/api/merchants/${merchantId}/subscriptions/${subscriptionId}/cancel`,
    params: { merchantId, subscriptionId },
    token,
    body,
    headers: { origin: "http://localhost:3000" },
  });
const canceledEvents = (subscriptionId: string) =>
  db.event.findMany({ where: { type: "subscription.canceled", payload: { path: ["id"], equals: subscriptionId } } });

// Made once, as the file loads: every test reads them.
const { owner, stranger } = await ownerAndStranger({ businessName: "Lekki Fitness" });

describe("GET /api/merchants/:merchantId/subscriptions/:subscriptionId", () => {
  it("answers { subscription } in the contract's shape: the customer and the card's public details, never its authorization", async () => {
    const { subscription, customer, plan } = await insertSubscription({ merchantId: owner.merchant.id }, { email: "Ada@Example.com", name: "Ada Obi" });
    const res = await read(owner.merchant.id, subscription.id, owner.secretKey);
    expect(res.status).toBe(200);
    const body = res.body.subscription;
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "planId",
        "customer",
        "status",
        "currentPeriodStart",
        "currentPeriodEnd",
        "nextChargeAt",
        "cancelAtPeriodEnd",
        "canceledAt",
        "card",
        "createdAt",
      ].sort(),
    );
    expect(body).toMatchObject({
      id: subscription.id,
      planId: plan.id,
      customer: { id: customer.id, email: "ada@example.com", name: "Ada Obi" },
      status: "active",
      cancelAtPeriodEnd: false,
      canceledAt: null,
      card: { brand: "visa", last4: "4081", expMonth: 12, expYear: 2030 },
      currentPeriodStart: subscription.currentPeriodStart.toISOString(),
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      nextChargeAt: subscription.nextChargeAt!.toISOString(),
    });
    const authorization = openAuthorization(subscription);
    expect(authorization).toMatch(/^AUTH_/);
    expect(res.text).not.toContain(authorization!);
    expect(res.text).not.toContain(subscription.authorizationSealed);
  });

  it("answers 404 Subscription not found for another merchant's subscription and an unknown id", async () => {
    const { subscription } = await insertSubscription({ merchantId: stranger.merchant.id });
    for (const id of [subscription.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await read(owner.merchant.id, id, owner.token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Subscription not found");
    }
    expect((await read(stranger.merchant.id, subscription.id, owner.token)).body.message).toBe("Merchant not found");
  });
});

describe("GET /api/merchants/:merchantId/subscriptions", () => {
  it("lists newest first in cursor pages, and filters by status, plan and part of the customer's e-mail", async () => {
    const merchant = await createMerchantOwner();
    const scope = { merchantId: merchant.merchant.id };
    const gold = await insertPlan({ ...scope, name: "Gold" });
    const silver = await insertPlan({ ...scope, name: "Silver" });
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
    const a = await insertSubscription(scope, { planId: gold.id, email: "amaka@school.ng", createdAt: at(1) });
    const b = await insertSubscription(scope, { planId: silver.id, email: "bayo@example.com", status: "past_due", createdAt: at(2) });
    const c = await insertSubscription(scope, { planId: gold.id, email: "chioma@school.ng", status: "canceled", createdAt: at(3) });
    const d = await insertSubscription(scope, { planId: silver.id, email: "dapo_x@example.com", status: "trialing", createdAt: at(4) });
    await insertSubscription({ merchantId: stranger.merchant.id }, { email: "amaka@school.ng" });
    const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((s) => s.id);

    const first = await list(merchant.merchant.id, merchant.secretKey, "?limit=3");
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual([d.subscription.id, c.subscription.id, b.subscription.id]);
    const second = await list(merchant.merchant.id, merchant.secretKey, `?limit=3&cursor=${first.body.nextCursor}`);
    expect(ids(second)).toEqual([a.subscription.id]);
    expect(second.body.nextCursor).toBeNull();

    expect(ids(await list(merchant.merchant.id, merchant.token, "?status=past_due"))).toEqual([b.subscription.id]);
    expect(ids(await list(merchant.merchant.id, merchant.token, `?planId=${gold.id}`))).toEqual([c.subscription.id, a.subscription.id]);
    expect(ids(await list(merchant.merchant.id, merchant.token, "?email=SCHOOL.NG"))).toEqual([c.subscription.id, a.subscription.id]);
    expect(ids(await list(merchant.merchant.id, merchant.token, `?email=school&status=canceled&planId=${gold.id}`))).toEqual([c.subscription.id]);
    // `_` is a literal character, not a wildcard.
    expect(ids(await list(merchant.merchant.id, merchant.token, "?email=o_x"))).toEqual([d.subscription.id]);
    expect(ids(await list(merchant.merchant.id, merchant.token, "?email=a_a"))).toEqual([]);
    // Blank filters (a submitted GET form) are no filters.
    expect(ids(await list(merchant.merchant.id, merchant.token, "?status=&planId=&email="))).toHaveLength(4);
    // Another merchant's plan id filters to nothing.
    expect(ids(await list(merchant.merchant.id, merchant.token, `?planId=${(await insertPlan({ merchantId: stranger.merchant.id })).id}`))).toEqual([]);
  });

  it("answers 400 for a bad status, plan id or limit", async () => {
    for (const query of ["?status=paused", "?planId=nope", "?limit=1000"]) {
      const res = await list(owner.merchant.id, owner.token, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe("Validation failed");
    }
  });
});

describe("subscriptions are per mode", () => {
  it("a test subscription is invisible to a live key (404, not listed, not cancelable), and the reverse", async () => {
    const merchant = await createMerchantOwner();
    await readyForLive(merchant.merchant.id);
    const liveKey = (await createApiKey(db, merchant.merchant.id, "live")).secretKey;
    const test = await insertSubscription({ merchantId: merchant.merchant.id });
    const live = await insertSubscription({ merchantId: merchant.merchant.id, environment: "live" });

    expect((await read(merchant.merchant.id, test.subscription.id, liveKey)).status).toBe(404);
    expect((await cancel(merchant.merchant.id, test.subscription.id, liveKey)).status).toBe(404);
    expect((await read(merchant.merchant.id, live.subscription.id, merchant.secretKey)).status).toBe(404);
    expect((await list(merchant.merchant.id, liveKey)).body.data.map((s: { id: string }) => s.id)).toEqual([live.subscription.id]);
    expect((await list(merchant.merchant.id, merchant.secretKey)).body.data.map((s: { id: string }) => s.id)).toEqual([test.subscription.id]);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: test.subscription.id } })).status).toBe("active");
  });
});

describe("POST /api/merchants/:merchantId/subscriptions/:subscriptionId/cancel", () => {
  it("cancels now by default: canceled, canceledAt set, nothing more to charge, one subscription.canceled event in the webhook envelope", async () => {
    const { subscription } = await insertSubscription({ merchantId: owner.merchant.id });
    const before = Date.now();
    const res = await cancel(owner.merchant.id, subscription.id, owner.secretKey);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Subscription canceled");
    expect(res.body.subscription).toMatchObject({ id: subscription.id, status: "canceled", nextChargeAt: null });
    expect(new Date(res.body.subscription.canceledAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const row = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(row).toMatchObject({ status: "canceled", nextChargeAt: null });
    expect(row.canceledAt).not.toBeNull();
    const events = await canceledEvents(subscription.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ merchantId: owner.merchant.id, environment: "test" });
    expect(events[0]!.payload).toMatchObject({ id: subscription.id, status: "canceled", customer: { email: expect.any(String) } });

    const listed = await call(eventsRoute.GET, { path: "/api/events?type=subscription.canceled", token: owner.secretKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(events[0]!.id);
    const group = await call(eventsRoute.GET, { path: "/api/events?type=subscription.*", token: owner.secretKey });
    expect(group.body.data.map((e: { type: string }) => e.type)).toContain("subscription.canceled");
  });

  it("at period end: cancelAtPeriodEnd, still active, the next charge date kept, no event yet; then now ends it", async () => {
    const { subscription } = await insertSubscription({ merchantId: owner.merchant.id });
    const res = await cancel(owner.merchant.id, subscription.id, owner.token, { atPeriodEnd: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Subscription will be canceled at the end of its current period");
    expect(res.body.subscription).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      canceledAt: null,
      nextChargeAt: subscription.nextChargeAt!.toISOString(),
    });
    const row = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(row).toMatchObject({ status: "active", cancelAtPeriodEnd: true, nextChargeAt: subscription.nextChargeAt });
    expect(await canceledEvents(subscription.id)).toHaveLength(0);

    const again = await cancel(owner.merchant.id, subscription.id, owner.token, { atPeriodEnd: true });
    expect(again.body.message).toBe("The subscription was already set to be canceled at the end of its current period");

    const now = await cancel(owner.merchant.id, subscription.id, owner.token, { atPeriodEnd: false });
    expect(now.body.subscription.status).toBe("canceled");
    expect(await canceledEvents(subscription.id)).toHaveLength(1);
  });

  it("a trial canceled at period end keeps its trial; a past_due or unpaid one has no paid period left and ends now", async () => {
    const trial = await insertSubscription({ merchantId: owner.merchant.id }, { status: "trialing" });
    expect((await cancel(owner.merchant.id, trial.subscription.id, owner.token, { atPeriodEnd: true })).body.subscription).toMatchObject({
      status: "trialing",
      cancelAtPeriodEnd: true,
    });
    for (const status of ["past_due", "unpaid"] as const) {
      const { subscription } = await insertSubscription({ merchantId: owner.merchant.id }, { status });
      const res = await cancel(owner.merchant.id, subscription.id, owner.token, { atPeriodEnd: true });
      expect(res.body.subscription, status).toMatchObject({ status: "canceled", nextChargeAt: null });
      expect(await canceledEvents(subscription.id)).toHaveLength(1);
    }
  });

  it("cancelling a canceled subscription answers 200 unchanged, with no second event, whichever way it is asked", async () => {
    const { subscription } = await insertSubscription({ merchantId: owner.merchant.id });
    const first = await cancel(owner.merchant.id, subscription.id, owner.token);
    for (const body of [undefined, { atPeriodEnd: true }, { atPeriodEnd: false }]) {
      const res = await cancel(owner.merchant.id, subscription.id, owner.token, body);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("The subscription was already canceled");
      expect(res.body.subscription.canceledAt).toBe(first.body.subscription.canceledAt);
    }
    expect(await canceledEvents(subscription.id)).toHaveLength(1);
  });

  it("ten concurrent cancels end it once: one event", async () => {
    const { subscription } = await insertSubscription({ merchantId: owner.merchant.id });
    const results = await Promise.all(Array.from({ length: 10 }, () => cancel(owner.merchant.id, subscription.id, owner.secretKey)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.body.message === "Subscription canceled")).toHaveLength(1);
    expect(await canceledEvents(subscription.id)).toHaveLength(1);
  });

  it("answers 400 for a body that is not { atPeriodEnd: boolean }, changing nothing", async () => {
    const { subscription } = await insertSubscription({ merchantId: owner.merchant.id });
    for (const body of [{ atPeriodEnd: "yes" }, { when: "now" }]) {
      const res = await cancel(owner.merchant.id, subscription.id, owner.token, body);
      expect(res.status).toBe(400);
    }
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status).toBe("active");
  });

  it("answers 404 for another merchant's subscription and leaves it running", async () => {
    const { subscription } = await insertSubscription({ merchantId: stranger.merchant.id });
    const res = await cancel(owner.merchant.id, subscription.id, owner.secretKey);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Subscription not found");
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status).toBe("active");
    expect(await canceledEvents(subscription.id)).toHaveLength(0);
  });

  it("operations may cancel; viewers and developers read only (403), and nothing changes", async () => {
    const { subscription } = await insertSubscription({ merchantId: owner.merchant.id });
    for (const role of ["VIEWER", "DEVELOPER"] as const) {
      const member = await createMember(owner.merchant.id, role);
      expect((await read(owner.merchant.id, subscription.id, member.token)).status).toBe(200);
      expect((await cancel(owner.merchant.id, subscription.id, member.token)).status).toBe(403);
    }
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status).toBe("active");
    const operations = await createMember(owner.merchant.id, "OPERATIONS");
    expect((await cancel(owner.merchant.id, subscription.id, operations.token)).body.subscription.status).toBe("canceled");
  });
});

describe("cancelSubscriptionById (the customer's /billing page)", () => {
  it("sets cancel at period end by id alone, and answers 404 for an id that names nothing", async () => {
    const { subscription } = await insertSubscription({ merchantId: owner.merchant.id });
    const { outcome, subscription: answered } = await cancelSubscriptionById(subscription.id, { atPeriodEnd: true });
    expect(outcome).toBe("scheduled");
    expect(answered).toMatchObject({ id: subscription.id, status: "active", cancelAtPeriodEnd: true });
    await expect(cancelSubscriptionById("00000000-0000-4000-8000-000000000000", { atPeriodEnd: true })).rejects.toMatchObject({ status: 404 });
  });
});

describe("GET and PUT /api/merchants/:merchantId/dunning", () => {
  const get = (merchantId: string, token: string) => call(dunningRoute.GET, { path: `/api/merchants/${merchantId}/dunning`, params: { merchantId }, token });
  const put = (merchantId: string, token: string, body: unknown) =>
    call(dunningRoute.PUT, { method: "PUT", path: `/api/merchants/${merchantId}/dunning`, params: { merchantId }, token, body });

  it("starts at days 1, 3, 5 and 7 then canceled; saves either field, audited; a secret key reads it", async () => {
    const merchant = await createMerchantOwner();
    const id = merchant.merchant.id;
    expect((await get(id, merchant.secretKey)).body).toEqual({ dunning: { retryDays: [1, 3, 5, 7], endState: "canceled" } });

    const saved = await put(id, merchant.token, { retryDays: [2, 4, 10, 30], endState: "unpaid" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: "Retry settings saved", dunning: { retryDays: [2, 4, 10, 30], endState: "unpaid" } });
    expect(await db.merchant.findUniqueOrThrow({ where: { id }, select: { dunningRetryDays: true, dunningEndState: true } })).toEqual({
      dunningRetryDays: [2, 4, 10, 30],
      dunningEndState: "unpaid",
    });
    expect((await put(id, merchant.token, { retryDays: [1] })).body.dunning).toEqual({ retryDays: [1], endState: "unpaid" });

    const audits = await db.auditLog.findMany({ where: { merchantId: id, action: "merchant.updated" }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => a.metadata)).toEqual([
      {
        fields: ["dunningRetryDays", "dunningEndState"],
        from: { dunningRetryDays: [1, 3, 5, 7], dunningEndState: "canceled" },
        to: { dunningRetryDays: [2, 4, 10, 30], dunningEndState: "unpaid" },
      },
      { fields: ["dunningRetryDays"], from: { dunningRetryDays: [2, 4, 10, 30] }, to: { dunningRetryDays: [1] } },
    ]);
    // The same values again change nothing and are not audited.
    await put(id, merchant.token, { endState: "unpaid" });
    expect(await db.auditLog.count({ where: { merchantId: id, action: "merchant.updated" } })).toBe(2);
  });

  it.each([
    [{}, "body"],
    [{ retryDays: [] }, "retryDays"],
    [{ retryDays: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, "retryDays"],
    [{ retryDays: [3, 1] }, "retryDays"],
    [{ retryDays: [1, 1] }, "retryDays"],
    [{ retryDays: [0] }, "retryDays.0"],
    [{ retryDays: [1, 31] }, "retryDays.1"],
    [{ retryDays: [1.5] }, "retryDays.0"],
    [{ retryDays: "1,3" }, "retryDays"],
    [{ endState: "paused" }, "endState"],
    [{ endState: "canceled", extra: 1 }, "extra"],
  ])("answers 400 for %j (error on %s) and keeps the settings", async (body, field) => {
    const res = await put(owner.merchant.id, owner.token, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await get(owner.merchant.id, owner.token)).body.dunning).toEqual({ retryDays: [1, 3, 5, 7], endState: "canceled" });
  });

  it("takes a user token to change (a secret key gets 401) and owners or admins (operations 403)", async () => {
    expect((await put(owner.merchant.id, owner.secretKey, { endState: "unpaid" })).status).toBe(401);
    const operations = await createMember(owner.merchant.id, "OPERATIONS");
    expect((await put(owner.merchant.id, operations.token, { endState: "unpaid" })).status).toBe(403);
    expect((await get(owner.merchant.id, operations.token)).body.dunning.endState).toBe("canceled");
    expect((await put(stranger.merchant.id, owner.token, { endState: "unpaid" })).status).toBe(404);
  });
});

describe("the overview's subscription figures", () => {
  it("sums each active or past_due subscription's own monthly amount (rounded down each), in the caller's mode only", async () => {
    const merchant = await createMerchantOwner();
    const scope = { merchantId: merchant.merchant.id };
    const monthly = await insertPlan({ ...scope, amount: 1_500_000n, interval: "monthly" });
    const annual = await insertPlan({ ...scope, amount: 1_200_000n, interval: "annually" });
    const weekly = await insertPlan({ ...scope, amount: 100_000n, interval: "weekly" });
    await insertSubscription(scope, { planId: monthly.id });
    await insertSubscription(scope, { planId: annual.id, status: "past_due" });
    // Three weekly ones: 433,333 each (100,000 × 52 ÷ 12, rounded down), not 1,300,000 from their sum.
    for (let i = 0; i < 3; i++) await insertSubscription(scope, { planId: weekly.id });
    // A repriced plan does not reprice its subscriptions: this one still pays 1,500,000.
    await db.plan.update({ where: { id: monthly.id }, data: { amount: 9_900_000n } });
    for (const status of ["trialing", "unpaid", "canceled"] as const) await insertSubscription(scope, { planId: monthly.id, status });
    await insertSubscription({ ...scope, environment: "live" }, { data: { status: "active" } });
    await insertSubscription({ merchantId: stranger.merchant.id });

    const res = await call(overviewRoute.GET, {
      path: `/api/merchants/${scope.merchantId}/overview`,
      params: { merchantId: scope.merchantId },
      token: merchant.secretKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.overview.subscriptions).toEqual({
      monthlyRecurringRevenue: 1_500_000 + 100_000 + 3 * 433_333,
      activeSubscribers: 4,
      trialing: 1,
      pastDue: 1,
    });
  });
});

describe("what a subscription's payments were for (the dashboard's transactions)", () => {
  it("names the plan and period, links the subscription (or the plan, before one exists), and never another merchant's", async () => {
    const { subscription, plan, customer } = await insertSubscription({ merchantId: owner.merchant.id });
    const row = (data: Record<string, unknown>) =>
      insertTransaction({
        merchantId: owner.merchant.id,
        amount: 1_500_000n,
        customerEmail: customer.email,
        ...data,
      });
    const renewal = await row({ subscriptionId: subscription.id, subscriptionPeriod: 2 });
    const subscribing = await row({ planId: plan.id });
    const check = await row({ planId: plan.id, subscriptionId: subscription.id, cardCheck: true, amount: 5_000n });
    const plain = await row({ description: "Walk-in" });
    const rows = [renewal, subscribing, check, plain].map(({ id, paymentLinkId, invoiceId, description }) => ({ id, paymentLinkId, invoiceId, description }));

    const paidFor = await paidForByTransaction(owner.merchant.id, rows);
    expect(paidFor.get(renewal.id)).toEqual({ kind: "subscription", label: "Gym membership, period 2", href: `/dashboard/subscriptions/${subscription.id}` });
    expect(paidFor.get(subscribing.id)).toEqual({ kind: "subscription", label: "Gym membership", href: `/dashboard/plans/${plan.id}` });
    expect(paidFor.get(check.id)?.label).toBe("Gym membership: card check");
    expect(paidFor.get(plain.id)).toEqual({ kind: "description", label: "Walk-in", href: null });
    // Asked as another merchant: only the row's own description is said, nothing read from ours.
    expect([...(await paidForByTransaction(stranger.merchant.id, rows)).values()].map((p) => p.kind)).toEqual(["description"]);
  });
});
