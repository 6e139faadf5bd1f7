// The Plans API: create, list in pages, read, update; validation; per-merchant and per-mode walls;
// who may write. Subscriptions keep their own price when the plan's changes.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { MAX_AMOUNT_KOBO } from "@/lib/payments/money";
import * as plansRoute from "@/app/api/merchants/[merchantId]/plans/route";
import * as planRoute from "@/app/api/merchants/[merchantId]/plans/[planId]/route";
import { expectInvalidAndNothingStored } from "../helpers/errors";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, readyForLive, ownerAndStranger, type Owner } from "../helpers/factories";
import { insertSubscription } from "../helpers/rows";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const create = (merchantId: string, body: unknown, token: string | undefined, headers: Record<string, string> = {}) =>
  call(plansRoute.POST, { path: `/api/merchants/${merchantId}/plans`, params: { merchantId }, body, token, headers });
const list = (merchantId: string, token: string, query = "") =>
  call(plansRoute.GET, { path: `/api/merchants/${merchantId}/plans${query}`, params: { merchantId }, token });
const read = (merchantId: string, planId: string, token: string) =>
  call(planRoute.GET, { path: `/api/merchants/${merchantId}/plans/${planId}`, params: { merchantId, planId }, token });
const update = (merchantId: string, planId: string, body: unknown, token: string) =>
  call(planRoute.PUT, { method: "PUT", path: `/api/merchants/${merchantId}/plans/${planId}`, params: { merchantId, planId }, body, token });

const GYM = { name: "Gym membership", amount: 1_500_000, interval: "monthly" };

// Made once, as the file loads: every test reads them.
const { owner, stranger } = await ownerAndStranger({ businessName: "Lekki Fitness" });

async function newPlan(body: Record<string, unknown> = {}, who: Owner = owner) {
  const res = await create(who.merchant.id, { ...GYM, ...body }, who.token);
  expect(res.status).toBe(201);
  return res.body.plan as { id: string; name: string; amount: number; trialDays: number; active: boolean };
}

describe("POST /api/merchants/:merchantId/plans", () => {
  it("answers 201 { plan } with the contract's fields, stored in the caller's mode", async () => {
    const res = await create(
      owner.merchant.id,
      { name: "  Gold  ", amount: 2_500_000, interval: "quarterly", description: "All classes", trialDays: 14 },
      owner.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Plan created");
    const plan = res.body.plan;
    expect(Object.keys(plan).sort()).toEqual(["active", "amount", "createdAt", "currency", "description", "id", "interval", "name", "trialDays"]);
    expect(plan).toMatchObject({
      name: "Gold",
      description: "All classes",
      amount: 2_500_000,
      currency: "NGN",
      interval: "quarterly",
      trialDays: 14,
      active: true,
    });
    expect(plan.createdAt).toMatch(ISO);
    const row = await db.plan.findUniqueOrThrow({ where: { id: plan.id } });
    expect(row).toMatchObject({ merchantId: owner.merchant.id, environment: "test", amount: 2_500_000n, trialDays: 14 });
  });

  it("defaults: no description, no trial; a secret key creates too", async () => {
    const res = await create(owner.merchant.id, { name: "Weekly box", amount: 5_000, interval: "weekly" }, owner.secretKey);
    expect(res.status).toBe(201);
    expect(res.body.plan).toMatchObject({ description: null, trialDays: 0, amount: 5_000, interval: "weekly" });
  });

  it.each([
    [{ amount: 5_000, interval: "monthly" }, "name", "name is required"],
    [{ ...GYM, name: "   " }, "name", "name is required"],
    [{ ...GYM, name: "x".repeat(121) }, "name", "name must be at most 120 characters"],
    [{ ...GYM, amount: 4_999 }, "amount", "amount must be at least 5000 kobo (₦50)"],
    [{ ...GYM, amount: MAX_AMOUNT_KOBO + 1 }, "amount", `amount must be at most ${MAX_AMOUNT_KOBO} kobo`],
    [{ ...GYM, amount: 5_000.5 }, "amount", "amount must be an integer number of kobo"],
    [{ ...GYM, amount: "5000" }, "amount", "amount must be an integer number of kobo"],
    [{ name: "Gym", amount: 5_000 }, "interval", "interval must be one of daily, weekly, monthly, quarterly, annually"],
    [{ ...GYM, interval: "fortnightly" }, "interval", "interval must be one of daily, weekly, monthly, quarterly, annually"],
    [{ ...GYM, trialDays: -1 }, "trialDays", "trialDays must be from 0 to 365"],
    [{ ...GYM, trialDays: 366 }, "trialDays", "trialDays must be from 0 to 365"],
    [{ ...GYM, trialDays: 1.5 }, "trialDays", "trialDays must be a whole number of days"],
    [{ ...GYM, description: "d".repeat(1001) }, "description", "description must be at most 1000 characters"],
  ])("answers 400 for %j: %s says %s, and stores nothing", async (body, field, message) => {
    const res = await expectInvalidAndNothingStored(
      () => create(owner.merchant.id, body, owner.token),
      () => db.plan.count({ where: { merchantId: owner.merchant.id } }),
    );
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it("accepts the boundaries: ₦50, the platform maximum, 365 trial days, a 120-character name", async () => {
    expect((await create(owner.merchant.id, { ...GYM, amount: 5_000 }, owner.token)).status).toBe(201);
    expect((await create(owner.merchant.id, { ...GYM, amount: MAX_AMOUNT_KOBO, trialDays: 365, name: "n".repeat(120) }, owner.token)).status).toBe(201);
  });

  it("answers 401 without credentials and 404 for another merchant's id", async () => {
    expect((await create(owner.merchant.id, GYM, undefined)).status).toBe(401);
    const res = await create(stranger.merchant.id, { ...GYM, name: "Elsewhere" }, owner.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Merchant not found");
    expect(await db.plan.count({ where: { name: "Elsewhere" } })).toBe(0);
  });

  it("replays a create sent again with the same Idempotency-Key", async () => {
    const headers = { "idempotency-key": `plan-${Date.now()}` };
    const first = await create(owner.merchant.id, { ...GYM, name: "Once" }, owner.secretKey, headers);
    const second = await create(owner.merchant.id, { ...GYM, name: "Once" }, owner.secretKey, headers);
    expect(second.body.plan.id).toBe(first.body.plan.id);
    expect(await db.plan.count({ where: { merchantId: owner.merchant.id, name: "Once" } })).toBe(1);
  });

  it("refuses a live plan until the go-live checklist is done (409 with the steps missing)", async () => {
    const fresh = await createMerchantOwner();
    await db.membership.updateMany({ where: { merchantId: fresh.merchant.id }, data: { environment: "live" } });
    const res = await create(fresh.merchant.id, GYM, fresh.token);
    expect(res.status).toBe(409);
    expect(res.body.missing.length).toBeGreaterThan(0);
    expect(await db.plan.count({ where: { merchantId: fresh.merchant.id } })).toBe(0);
  });
});

describe("GET /api/merchants/:merchantId/plans", () => {
  it("pages newest first with a cursor, filters by status, and shows only the caller's merchant", async () => {
    const merchant = await createMerchantOwner();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await newPlan({ name: `Plan ${i}` }, merchant)).id);
    await update(merchant.merchant.id, made[1]!, { active: false }, merchant.token);
    await newPlan({ name: "Not theirs" }, stranger);

    const first = await list(merchant.merchant.id, merchant.token, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([made[4], made[3]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(merchant.merchant.id, merchant.token, `?limit=2&cursor=${first.body.nextCursor}`);
    const third = await list(merchant.merchant.id, merchant.token, `?limit=2&cursor=${second.body.nextCursor}`);
    expect([...second.body.data, ...third.body.data].map((p: { id: string }) => p.id)).toEqual([made[2], made[1], made[0]]);
    expect(third.body.nextCursor).toBeNull();

    const inactive = await list(merchant.merchant.id, merchant.secretKey, "?status=inactive");
    expect(inactive.body.data.map((p: { id: string }) => p.id)).toEqual([made[1]]);
    const active = await list(merchant.merchant.id, merchant.token, "?status=active");
    expect(active.body.data).toHaveLength(4);
  });

  it("answers 400 for a bad filter, limit or cursor", async () => {
    for (const query of ["?status=paused", "?limit=0", "?limit=101", "?cursor=nope!"]) {
      const res = await list(owner.merchant.id, owner.token, query);
      expect(res.status, query).toBe(400);
    }
  });
});

describe("GET and PUT /api/merchants/:merchantId/plans/:planId", () => {
  it("reads a plan as { plan }", async () => {
    const plan = await newPlan({ description: "Weights and cardio" });
    const res = await read(owner.merchant.id, plan.id, owner.secretKey);
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({ id: plan.id, description: "Weights and cardio", amount: 1_500_000 });
  });

  it("renames, describes, clears the description, deactivates and reactivates", async () => {
    const plan = await newPlan({ description: "Old" });
    const renamed = await update(owner.merchant.id, plan.id, { name: "Platinum", description: "New" }, owner.token);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: "Plan updated", plan: { name: "Platinum", description: "New", amount: 1_500_000 } });
    expect((await update(owner.merchant.id, plan.id, { description: null }, owner.token)).body.plan.description).toBeNull();
    expect((await update(owner.merchant.id, plan.id, { active: false }, owner.secretKey)).body.plan.active).toBe(false);
    expect((await db.plan.findUniqueOrThrow({ where: { id: plan.id } })).active).toBe(false);
    expect((await update(owner.merchant.id, plan.id, { active: true }, owner.token)).body.plan.active).toBe(true);
  });

  it("a new price and trial apply to new subscriptions only: existing ones keep their amount", async () => {
    const plan = await newPlan({ amount: 1_000_000 });
    const { subscription } = await insertSubscription({ merchantId: owner.merchant.id }, { planId: plan.id });
    const res = await update(owner.merchant.id, plan.id, { amount: 1_200_000, trialDays: 7 }, owner.token);
    expect(res.body.plan).toMatchObject({ amount: 1_200_000, trialDays: 7 });
    const kept = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(kept.amount).toBe(1_000_000n);
    expect(kept.status).toBe("active");
  });

  it.each([
    [{}, "body", "Send at least one field to change"],
    [{ interval: "weekly" }, "interval", "interval cannot change once a plan exists: create a new plan (subscribers keep theirs)"],
    [{ colour: "red" }, "colour", "Unknown field colour"],
    [{ amount: 100 }, "amount", "amount must be at least 5000 kobo (₦50)"],
    [{ name: "" }, "name", "name is required"],
    [{ trialDays: 400 }, "trialDays", "trialDays must be from 0 to 365"],
    [{ active: "no" }, "active", "active must be true or false"],
  ])("answers 400 for %j and changes nothing", async (body, field, message) => {
    const plan = await newPlan();
    const res = await update(owner.merchant.id, plan.id, body, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    const row = await db.plan.findUniqueOrThrow({ where: { id: plan.id } });
    expect(row).toMatchObject({ name: GYM.name, amount: 1_500_000n, interval: "monthly", trialDays: 0, active: true });
  });

  it("answers 404 Plan not found for another merchant's plan, an unknown id, and 400 for a malformed one", async () => {
    const theirs = await newPlan({ name: "Theirs" }, stranger);
    for (const planId of [theirs.id, "00000000-0000-4000-8000-000000000000"]) {
      expect((await read(owner.merchant.id, planId, owner.token)).body).toMatchObject({ message: "Plan not found" });
      const res = await update(owner.merchant.id, planId, { name: "Hijacked" }, owner.secretKey);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Plan not found");
    }
    expect((await db.plan.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Theirs");
    expect((await read(owner.merchant.id, "not-a-uuid", owner.token)).status).toBe(400);
  });
});

describe("plans are per mode", () => {
  it("a test plan is 404 to a live key and to a member viewing live, and a live plan to the test key; lists never mix", async () => {
    const merchant = await createMerchantOwner();
    await readyForLive(merchant.merchant.id);
    const liveKey = (await createApiKey(db, merchant.merchant.id, "live")).secretKey;
    const testPlan = (await create(merchant.merchant.id, { ...GYM, name: "Test plan" }, merchant.secretKey)).body.plan;
    const livePlanRes = await create(merchant.merchant.id, { ...GYM, name: "Live plan" }, liveKey);
    expect(livePlanRes.status).toBe(201);
    const livePlan = livePlanRes.body.plan;
    expect((await db.plan.findUniqueOrThrow({ where: { id: livePlan.id } })).environment).toBe("live");

    expect((await read(merchant.merchant.id, testPlan.id, liveKey)).status).toBe(404);
    expect((await update(merchant.merchant.id, testPlan.id, { active: false }, liveKey)).status).toBe(404);
    expect((await read(merchant.merchant.id, livePlan.id, merchant.secretKey)).status).toBe(404);
    expect((await read(merchant.merchant.id, testPlan.id, merchant.token)).status).toBe(200);

    await db.membership.updateMany({ where: { merchantId: merchant.merchant.id }, data: { environment: "live" } });
    expect((await read(merchant.merchant.id, testPlan.id, merchant.token)).status).toBe(404);
    expect((await read(merchant.merchant.id, livePlan.id, merchant.token)).status).toBe(200);

    expect((await list(merchant.merchant.id, liveKey)).body.data.map((p: { id: string }) => p.id)).toEqual([livePlan.id]);
    expect((await list(merchant.merchant.id, merchant.secretKey)).body.data.map((p: { id: string }) => p.id)).toEqual([testPlan.id]);
    expect((await db.plan.findUniqueOrThrow({ where: { id: testPlan.id } })).active).toBe(true);
  });
});

describe("who may write plans", () => {
  it("operations may create and change plans; viewers and developers read them only (403 to write)", async () => {
    const plan = await newPlan();
    const operations = await createMember(owner.merchant.id, "OPERATIONS");
    expect((await create(owner.merchant.id, { ...GYM, name: "By operations" }, operations.token)).status).toBe(201);
    for (const role of ["VIEWER", "DEVELOPER"] as const) {
      const member = await createMember(owner.merchant.id, role);
      expect((await read(owner.merchant.id, plan.id, member.token)).status).toBe(200);
      expect((await create(owner.merchant.id, { ...GYM, name: `By ${role}` }, member.token)).status).toBe(403);
      expect((await update(owner.merchant.id, plan.id, { name: `By ${role}` }, member.token)).status).toBe(403);
    }
    expect(await db.plan.count({ where: { name: { in: ["By VIEWER", "By DEVELOPER"] } } })).toBe(0);
  });
});
