// Test or live is each member's own view (Membership.environment): one member switching changes no
// one else's lists or overview, a secret key keeps its own mode, and the migration kept every view.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as environmentRoute from "@/app/api/merchants/[merchantId]/environment/route";
import * as merchantRoute from "@/app/api/merchants/[merchantId]/route";
import * as meRoute from "@/app/api/merchants/me/route";
import * as transactionsRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as overviewRoute from "@/app/api/merchants/[merchantId]/overview/route";
import * as linksRoute from "@/app/api/merchants/[merchantId]/payment-links/route";
import * as loginRoute from "@/app/api/auth/login/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, readyForLive, viewOf } from "../helpers/factories";
import { clearLiveProcessor, configureLiveProcessor } from "../helpers/live-processor";
import { insertTransaction } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const at = (owner: Owner, sub = "") => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });
const switchView = (owner: Owner, token: string, environment: string) =>
  call(environmentRoute.PUT, { ...at(owner, "/environment"), method: "PUT", token, body: { environment } });
const references = async (owner: Owner, token: string) =>
  ((await call(transactionsRoute.GET, { ...at(owner, "/transactions"), token })).body.data as { reference: string }[]).map((t) => t.reference);
const overviewCount = async (owner: Owner, token: string) => (await call(overviewRoute.GET, { ...at(owner, "/overview"), token })).body.overview.totals.count;

/** One completed payment in each mode, so each view's lists and overview show exactly one. */
async function paymentInEachMode(owner: Owner) {
  const payment = (environment: "test" | "live") =>
    insertTransaction({
      merchantId: owner.merchant.id,
      environment,
      status: "COMPLETED",
      customerEmail: `${environment}@example.com`,
      callbackUrl: "http://localhost/receipt",
    });
  return { test: (await payment("test")).reference, live: (await payment("live")).reference };
}

afterEach(clearLiveProcessor);

describe("test or live, per person", () => {
  it("one member switching to live leaves the other's view, lists and overview in test; a secret key keeps its mode", async () => {
    const owner = await createMerchantOwner();
    const viewer = await createMember(owner.merchant.id, "VIEWER");
    const refs = await paymentInEachMode(owner);
    await readyForLive(owner.merchant.id);
    configureLiveProcessor();

    // A viewer may choose what they see (merchant:read): it changes nothing the team shares.
    const switched = await switchView(owner, viewer.token, "live");
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toMatchObject({ message: "Live mode on", merchant: { id: owner.merchant.id, environment: "live" } });
    expect(await viewOf(owner.merchant.id, viewer.user.id)).toBe("live");
    expect(await viewOf(owner.merchant.id, owner.user.id)).toBe("test");

    expect(await references(owner, viewer.token)).toEqual([refs.live]);
    expect(await overviewCount(owner, viewer.token)).toBe(1);
    expect((await call(merchantRoute.GET, { ...at(owner), token: viewer.token })).body.merchant.environment).toBe("live");

    // The owner still sees test: their lists, overview and the merchant as served to them.
    expect(await references(owner, owner.token)).toEqual([refs.test]);
    expect(await overviewCount(owner, owner.token)).toBe(1);
    expect((await call(merchantRoute.GET, { ...at(owner), token: owner.token })).body.merchant.environment).toBe("test");
    const mine = (await call(meRoute.GET, { path: "/api/merchants/me", token: owner.token })).body.merchants;
    expect(mine).toEqual([expect.objectContaining({ id: owner.merchant.id, environment: "test", role: "OWNER" })]);

    // A secret key always uses its own mode, and the merchant it reads is in that mode.
    expect(await references(owner, owner.secretKey)).toEqual([refs.test]);
    expect((await call(merchantRoute.GET, { ...at(owner), token: owner.secretKey })).body.merchant.environment).toBe("test");

    // The owner's next change is made in their own view: a test link, while the viewer stays live.
    const link = await call(linksRoute.POST, { ...at(owner, "/payment-links"), token: owner.token, body: { title: "Cake", amount: 250_000 } });
    expect(link.status, link.text).toBe(201);
    expect((await db.paymentLink.findUniqueOrThrow({ where: { id: link.body.link.id } })).environment).toBe("test");
    expect(await viewOf(owner.merchant.id, viewer.user.id)).toBe("live");

    // Back to test is always allowed, and changes only the caller.
    expect((await switchView(owner, viewer.token, "test")).status).toBe(200);
    expect(await references(owner, viewer.token)).toEqual([refs.test]);
  });

  it("switching to live before the business is unlocked answers 409 with the missing steps; test is always allowed", async () => {
    const owner = await createMerchantOwner();
    const developer = await createMember(owner.merchant.id, "DEVELOPER");
    const refused = await switchView(owner, developer.token, "live");
    expect(refused.status).toBe(409);
    expect(refused.body.missing).toEqual(["business_profile", "settlement_account", "owner_two_factor", "live_processor"]);
    expect(await viewOf(owner.merchant.id, developer.user.id)).toBe("test");
    expect((await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } })).liveEnabledAt).toBeNull();
    expect((await switchView(owner, developer.token, "test")).status).toBe(200);
  });

  it("is for members only: a secret key gets 401, another merchant's member 404, a bad mode 400", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    expect((await switchView(owner, owner.secretKey, "test")).status).toBe(401);
    expect((await switchView(owner, stranger.token, "test")).status).toBe(404);
    const bad = await switchView(owner, owner.token, "staging");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "environment", message: "environment must be test or live" }]);
    expect(await viewOf(owner.merchant.id, owner.user.id)).toBe("test");
  });

  it("a member whose business requires two-factor sign-in cannot switch until they turn it on", async () => {
    const owner = await createMerchantOwner();
    const operations = await createMember(owner.merchant.id, "OPERATIONS");
    await db.merchant.update({ where: { id: owner.merchant.id }, data: { requireTwoFactor: true } });
    const res = await switchView(owner, operations.token, "test");
    expect(res.status).toBe(403);
    expect(await viewOf(owner.merchant.id, operations.user.id)).toBe("test");
  });

  it("a new member starts in test, and the log-in's ownedMerchant is the owner's own view", async () => {
    const owner = await createMerchantOwner({ password: "correct-horse-battery" });
    await readyForLive(owner.merchant.id);
    configureLiveProcessor();
    expect((await switchView(owner, owner.token, "live")).status).toBe(200);
    const newcomer = await createMember(owner.merchant.id, "ADMIN");
    expect(await viewOf(owner.merchant.id, newcomer.user.id)).toBe("test");
    expect(await references(owner, newcomer.token)).toEqual([]);

    // Two-factor is on (readyForLive): the password alone answers that a code is needed, so read the view directly.
    await db.user.update({ where: { id: owner.user.id }, data: { twoFactorEnabledAt: null } });
    const login = await call(loginRoute.POST, { path: "/api/auth/login", body: { email: owner.input.email, password: "correct-horse-battery" } });
    expect(login.status, login.text).toBe(200);
    expect(login.body.user.ownedMerchant).toMatchObject({ id: owner.merchant.id, environment: "live" });
  });
});

describe("the migration to per-person modes", () => {
  it("copies each merchant's mode to all its members, so no one's view changes on deploy", async () => {
    const owner = await createMerchantOwner();
    const admin = await createMember(owner.merchant.id, "ADMIN");
    const other = await createMerchantOwner();
    // A raw connection: the columns change under it, which Prisma's prepared statements would not expect.
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      // The database as it was before: one mode per merchant, none per member.
      await client.query(`ALTER TABLE "Membership" DROP COLUMN "environment"`);
      await client.query(`ALTER TABLE "Merchant" ADD COLUMN "environment" "Environment" NOT NULL DEFAULT 'test'`);
      await client.query(`UPDATE "Merchant" SET "environment" = 'live' WHERE id = $1`, [owner.merchant.id]);

      const folder = fs.readdirSync("prisma/migrations").find((name) => name.endsWith("_membership_environment"))!;
      await client.query(fs.readFileSync(path.join("prisma/migrations", folder, "migration.sql"), "utf8"));

      const views = await client.query<{ userId: string; merchantId: string; environment: string }>(
        `SELECT "userId", "merchantId", environment FROM "Membership" WHERE "merchantId" = ANY($1::uuid[])`,
        [[owner.merchant.id, other.merchant.id]],
      );
      expect(views.rows).toHaveLength(3);
      expect(Object.fromEntries(views.rows.map((r) => [r.userId, r.environment]))).toEqual({
        [owner.user.id]: "live",
        [admin.user.id]: "live",
        [other.user.id]: "test",
      });
      const left = await client.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'Merchant' AND column_name = 'environment'`);
      expect(left.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
