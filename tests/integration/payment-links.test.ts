import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { flushVisits } from "@/lib/links/visits";
import * as linksRoute from "@/app/api/merchants/[merchantId]/payment-links/route";
import * as linkRoute from "@/app/api/merchants/[merchantId]/payment-links/[linkId]/route";
import * as publicRoute from "@/app/api/payment-links/[slug]/route";
import * as checkoutRoute from "@/app/pay/[slug]/checkout/route";
import { expectInvalidAndNothingStored } from "../helpers/errors";
import { call } from "../helpers/api";
import { createMerchantOwner, ownerAndStranger, type Owner } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent } from "../helpers/payments";
import { flashOf, postForm } from "../helpers/forms";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NOT_FOUND = "Payment link not found or is inactive";
let seq = 0;
const uniqueSlug = (prefix = "slug") => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** token null: no credentials. */
const create = (owner: Owner, body: unknown, token: string | null = owner.token, merchantId = owner.merchant.id) =>
  call(linksRoute.POST, { path: `/api/merchants/${merchantId}/payment-links`, params: { merchantId }, body, token: token ?? undefined });
const list = (owner: Owner, query = "") =>
  call(linksRoute.GET, { path: `/api/merchants/${owner.merchant.id}/payment-links${query}`, params: { merchantId: owner.merchant.id }, token: owner.token });
const linkCall = (owner: Owner, linkId: string, method: "GET" | "PATCH" | "DELETE", body?: unknown) => {
  const handler = method === "GET" ? linkRoute.GET : method === "PATCH" ? linkRoute.PATCH : linkRoute.DELETE;
  return call(handler, {
    method,
    path: `/api/merchants/${owner.merchant.id}/payment-links/${linkId}`,
    params: { merchantId: owner.merchant.id, linkId },
    body,
    token: owner.token,
  });
};
const readPublic = (slug: string) => call(publicRoute.GET, { path: `/api/payment-links/${slug}`, params: { slug } });

async function newLink(owner: Owner, body: Record<string, unknown> = {}) {
  const res = await create(owner, { title: "Ankara fabric", ...body });
  expect(res.status).toBe(201);
  return res.body.link as { id: string; slug: string; amount: number | null };
}

// Made once, as the file loads: every test reads them.
const { owner, stranger } = await ownerAndStranger({ businessName: "Ada's Fabrics" });

describe("POST /api/merchants/:merchantId/payment-links", () => {
  it("answers 201 with the contract's PaymentLink, without a merchant object", async () => {
    const slug = uniqueSlug("Promo");
    const res = await create(owner, {
      title: "  Ankara fabric (6 yards)  ",
      description: "Hand-dyed",
      amount: 1_500_000,
      customSlug: slug,
      redirectUrl: "https://shop.example.com/thanks",
    });

    expect(res.status).toBe(201);
    expect(typeof res.body.message).toBe("string");
    const link = res.body.link;
    expect(link).toMatchObject({
      merchantId: owner.merchant.id,
      slug,
      title: "Ankara fabric (6 yards)",
      description: "Hand-dyed",
      amount: 1_500_000,
      currency: "NGN",
      isActive: true,
      isReusable: false,
      redirectUrl: "https://shop.example.com/thanks",
    });
    expect(link.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.createdAt).toMatch(ISO);
    expect(link.updatedAt).toMatch(ISO);
    expect(link).not.toHaveProperty("merchant");

    const row = await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row).toMatchObject({ slug, amount: 1_500_000n, merchantId: owner.merchant.id, isActive: true });
  });

  it("makes the amount optional (null: the customer enters it) and keeps isReusable when given", async () => {
    const res = await create(owner, { title: "Donations", isReusable: true });
    expect(res.status).toBe(201);
    expect(res.body.link).toMatchObject({ amount: null, isReusable: true, description: null, redirectUrl: null });
  });

  it.each([
    [{}, "title"],
    [{ title: "   " }, "title"],
    [{ title: 42 }, "title"],
    [{ title: "T", amount: 5_000.5 }, "amount"],
    [{ title: "T", amount: -5_000 }, "amount"],
    [{ title: "T", amount: 4_999 }, "amount"],
    [{ title: "T", amount: "5000" }, "amount"],
    [{ title: "T", customSlug: "a".repeat(51) }, "customSlug"],
    [{ title: "T", customSlug: "my-shop" }, "customSlug"],
    [{ title: "T", customSlug: "my shop" }, "customSlug"],
    [{ title: "T", customSlug: "" }, "customSlug"],
    [{ title: "T", redirectUrl: "not a url" }, "redirectUrl"],
    [{ title: "T", redirectUrl: "javascript:alert(1)" }, "redirectUrl"],
    [{ title: "T", isReusable: "yes" }, "isReusable"],
  ])("answers 400 Validation failed for %j with an error on %s, storing nothing", async (body, field) => {
    await expectInvalidAndNothingStored(
      () => create(owner, body),
      () => db.paymentLink.count({ where: { merchantId: owner.merchant.id } }),
      field,
    );
  });

  it("accepts the boundaries: amount 5000 and a 50-character alphanumeric slug", async () => {
    const slug = `${uniqueSlug("B")}${"x".repeat(50)}`.slice(0, 50);
    const res = await create(owner, { title: "Smallest", amount: 5_000, customSlug: slug });
    expect(res.status).toBe(201);
    expect(res.body.link).toMatchObject({ amount: 5_000, slug });
  });

  it("generates a random alphanumeric slug when none is given", async () => {
    const [a, b] = [await newLink(owner), await newLink(owner)];
    expect(a.slug).toMatch(/^[A-Za-z0-9]{1,50}$/);
    expect(b.slug).toMatch(/^[A-Za-z0-9]{1,50}$/);
    expect(a.slug).not.toBe(b.slug);
  });

  it("answers 409 for a custom slug already taken, by this merchant or another (slugs are platform-wide)", async () => {
    const slug = uniqueSlug("taken");
    await newLink(owner, { customSlug: slug });
    const again = await create(owner, { title: "Again", customSlug: slug });
    expect(again.status).toBe(409);
    expect(typeof again.body.message).toBe("string");
    const other = await create(stranger, { title: "Other", customSlug: slug });
    expect(other.status).toBe(409);
    expect(await db.paymentLink.count({ where: { slug } })).toBe(1);
  });

  it("gives exactly one 201 and nine 409 for ten concurrent creates with the same slug", async () => {
    const slug = uniqueSlug("race");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => create(i % 2 ? stranger : owner, { title: `Race ${i}`, customSlug: slug })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await db.paymentLink.count({ where: { slug } })).toBe(1);
  });

  it("answers 401 without a token and with a secret key (the contract asks for a user JWT)", async () => {
    const none = await create(owner, { title: "No auth" }, null);
    expect(none.status).toBe(401);
    const key = await create(owner, { title: "Key" }, owner.secretKey);
    expect(key.status).toBe(401);
    const junk = await create(owner, { title: "Junk" }, "not-a-token");
    expect(junk.status).toBe(401);
    expect(await db.paymentLink.count({ where: { title: { in: ["No auth", "Key", "Junk"] } } })).toBe(0);
  });

  it("answers 404 Merchant not found for another merchant's id and for a malformed id", async () => {
    for (const merchantId of [stranger.merchant.id, "not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
      const res = await create(owner, { title: "Elsewhere" }, owner.token, merchantId);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Merchant not found");
    }
    expect(await db.paymentLink.count({ where: { title: "Elsewhere" } })).toBe(0);
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await create(owner, '{"title": "Broken",');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors[0].field).toBe("body");
  });

  it("replays a create sent again with the same Idempotency-Key instead of making a second link", async () => {
    const withKey = (key: string) =>
      call(linksRoute.POST, {
        path: `/api/merchants/${owner.merchant.id}/payment-links`,
        params: { merchantId: owner.merchant.id },
        body: { title: "Once only" },
        token: owner.token,
        headers: { "idempotency-key": key },
      });
    const key = `links-${uniqueSlug()}`;
    const first = await withKey(key);
    const second = await withKey(key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.link.id).toBe(first.body.link.id);
    expect(await db.paymentLink.count({ where: { title: "Once only" } })).toBe(1);
    // A different key is a different request.
    expect((await withKey(`links-${uniqueSlug()}`)).status).toBe(201);
    expect(await db.paymentLink.count({ where: { title: "Once only" } })).toBe(2);
  });
});

describe("GET /api/payment-links/:slug (public)", () => {
  it("answers 200 with the link and its merchant's public details, nothing internal", async () => {
    const link = await newLink(owner, { amount: 250_000, description: "Six yards" });
    const res = await readPublic(link.slug);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: link.id,
      slug: link.slug,
      title: "Ankara fabric",
      amount: 250_000,
      currency: "NGN",
      isActive: true,
      isReusable: false,
    });
    expect(res.body.merchant).toMatchObject({ id: owner.merchant.id, businessName: "Ada's Fabrics" });
    for (const internal of ["visitCount", "completedPayments", "maxPayments", "environment"]) expect(res.body).not.toHaveProperty(internal);
    for (const internal of ["testSecretKey", "testApiKey", "liveSecretKey", "status", "invoiceSequence", "ownerId"])
      expect(res.body.merchant).not.toHaveProperty(internal);
    expect(res.text).not.toContain(owner.secretKey);
  });

  it("counts each read: a payment-link.visited event per visit and visitCount incremented", async () => {
    const link = await newLink(owner);
    for (let i = 0; i < 3; i++) expect((await readPublic(link.slug)).status).toBe(200);
    await flushVisits(); // visits are written in batches (lib/links/visits.ts); tests/integration/link-visits.test.ts covers that

    expect((await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } })).visitCount).toBe(3);
    const events = await db.event.findMany({ where: { merchantId: owner.merchant.id, type: "payment-link.visited" } });
    const mine = events.filter((e) => (e.payload as { id?: string }).id === link.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]!.payload).toMatchObject({ id: link.id, slug: link.slug });

    const stats = await linkCall(owner, link.id, "GET");
    expect(stats.body.stats).toMatchObject({ visits: 3, payments: 0, collected: 0 });
  });

  it("answers 404 for an unknown slug and for a slug that could not exist", async () => {
    for (const slug of ["doesnotexist123", "has-hyphen", "a".repeat(51)]) {
      const res = await readPublic(slug);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(NOT_FOUND);
    }
  });

  it("answers 404 for an inactive link (PATCH isActive false) and records no visit; reactivating reopens it", async () => {
    const link = await newLink(owner);
    const patched = await linkCall(owner, link.id, "PATCH", { isActive: false });
    expect(patched.status).toBe(200);
    expect(patched.body.link.isActive).toBe(false);

    const res = await readPublic(link.slug);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(NOT_FOUND);
    await flushVisits();
    const row = await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.visitCount).toBe(0);

    expect((await linkCall(owner, link.id, "PATCH", { isActive: true })).status).toBe(200);
    expect((await readPublic(link.slug)).status).toBe(200);
  });

  it("answers 404 for an expired link", async () => {
    const link = await newLink(owner, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await readPublic(link.slug)).status).toBe(200);
    await db.paymentLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const res = await readPublic(link.slug);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(NOT_FOUND);
  });

  it("answers 404 for a link that reached its cap of payments", async () => {
    const link = await newLink(owner, { isReusable: true, maxPayments: 2 });
    await db.paymentLink.update({ where: { id: link.id }, data: { completedPayments: 1 } });
    expect((await readPublic(link.slug)).status).toBe(200);
    await db.paymentLink.update({ where: { id: link.id }, data: { completedPayments: 2 } });
    const res = await readPublic(link.slug);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(NOT_FOUND);
  });

  it("answers 404 for the link of a suspended merchant", async () => {
    const other = await createMerchantOwner();
    const link = await newLink(other);
    await db.merchant.update({ where: { id: other.merchant.id }, data: { status: "suspended" } });
    expect((await readPublic(link.slug)).status).toBe(404);
  });
});

describe("listing, reading, updating and deleting links", () => {
  let lister: Owner;
  const ids: string[] = [];

  beforeAll(async () => {
    lister = await createMerchantOwner();
    for (let i = 0; i < 5; i++) ids.push((await newLink(lister, { title: `Item ${i}` })).id);
    await linkCall(lister, ids[1]!, "PATCH", { isActive: false });
    await linkCall(lister, ids[3]!, "PATCH", { isActive: false });
    await newLink(stranger, { title: "Not lister's" });
  });

  it("lists newest first in pages with a cursor, never another merchant's links", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(lister, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((l: { id: string }) => l.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it("filters by status", async () => {
    const active = await list(lister, "?status=active");
    expect(active.body.data.map((l: { id: string }) => l.id).sort()).toEqual([ids[0], ids[2], ids[4]].sort());
    const inactive = await list(lister, "?status=inactive");
    expect(inactive.body.data.map((l: { id: string }) => l.id).sort()).toEqual([ids[1], ids[3]].sort());
    const bad = await list(lister, "?status=paused");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("query.status");
    expect((await list(lister, "?cursor=garbage!")).status).toBe(400);
  });

  it("reads one link with its stats; another merchant's link is 404", async () => {
    const own = await linkCall(lister, ids[0]!, "GET");
    expect(own.status).toBe(200);
    expect(own.body.link).toMatchObject({ id: ids[0], title: "Item 0" });
    expect(own.body.stats).toEqual({ visits: 0, payments: 0, collected: 0 });

    const foreign = await linkCall(stranger, ids[0]!, "GET");
    expect(foreign.status).toBe(404);
    // Through the owner's merchant path but with the stranger's token: the merchant itself is hidden.
    const crossed = await call(linkRoute.GET, {
      path: `/api/merchants/${lister.merchant.id}/payment-links/${ids[0]}`,
      params: { merchantId: lister.merchant.id, linkId: ids[0]! },
      token: stranger.token,
    });
    expect(crossed.status).toBe(404);
    expect(crossed.body.message).toBe("Merchant not found");
    expect((await linkCall(lister, "not-a-uuid", "GET")).status).toBe(400);
  });

  it("updates fields (null clears) but never another merchant's link", async () => {
    const res = await linkCall(lister, ids[2]!, "PATCH", { title: "Renamed", amount: 700_000, redirectUrl: "https://example.com/done" });
    expect(res.status).toBe(200);
    expect(res.body.link).toMatchObject({ id: ids[2], title: "Renamed", amount: 700_000, redirectUrl: "https://example.com/done" });
    const cleared = await linkCall(lister, ids[2]!, "PATCH", { amount: null, redirectUrl: null });
    expect(cleared.body.link).toMatchObject({ amount: null, redirectUrl: null, title: "Renamed" });

    expect((await linkCall(lister, ids[2]!, "PATCH", {})).status).toBe(400);
    expect((await linkCall(lister, ids[2]!, "PATCH", { amount: 100 })).status).toBe(400);

    const foreign = await linkCall(stranger, ids[2]!, "PATCH", { title: "Hijacked" });
    expect(foreign.status).toBe(404);
    expect((await db.paymentLink.findUniqueOrThrow({ where: { id: ids[2] } })).title).toBe("Renamed");
  });

  it("deletes a link with no payments, refuses (409) one that has a transaction", async () => {
    const spare = await newLink(lister, { title: "Spare" });
    expect((await linkCall(stranger, spare.id, "DELETE")).status).toBe(404);
    const deleted = await linkCall(lister, spare.id, "DELETE");
    expect(deleted.status).toBe(200);
    expect(await db.paymentLink.findUnique({ where: { id: spare.id } })).toBeNull();
    expect((await linkCall(lister, spare.id, "DELETE")).status).toBe(404);

    const paid = await newLink(lister, { title: "Has a payment", amount: 250_000 });
    expect((await initiate(paymentBody(lister.merchant.id, { paymentLinkId: paid.id }), { key: lister.secretKey })).status).toBe(201);
    const refused = await linkCall(lister, paid.id, "DELETE");
    expect(refused.status).toBe(409);
    expect(await db.paymentLink.findUnique({ where: { id: paid.id } })).not.toBeNull();
  });
});

describe("paying a link", () => {
  it("refuses (400) an initiation for a fixed-price link with another amount and stores no transaction", async () => {
    const link = await newLink(owner, { amount: 1_500_000 });
    for (const amount of [5_000, 1_500_001]) {
      const res = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id, amount }), { key: owner.secretKey });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe("amount");
    }
    expect(await db.transaction.count({ where: { paymentLinkId: link.id } })).toBe(0);
    const right = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id, amount: 1_500_000 }), { key: owner.secretKey });
    expect(right.status).toBe(201);
    expect(await db.transaction.count({ where: { paymentLinkId: link.id } })).toBe(1);
  });

  it("closes a single-use link after one completed payment: public read 404, second payment refused", async () => {
    const link = await newLink(owner, { amount: 250_000 });
    const first = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id }), { key: owner.secretKey });
    expect(first.status).toBe(201);
    expect((await readPublic(link.slug)).status).toBe(200);

    expect((await postWebhook("sandbox", sandboxEvent(first.body.reference))).status).toBe(200);
    expect(await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ isActive: false, completedPayments: 1 });

    const read = await readPublic(link.slug);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe(NOT_FOUND);

    const second = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id }), { key: owner.secretKey });
    expect(second.status).toBe(404);
    expect(second.body.message).toBe(NOT_FOUND);

    const form = await postForm(checkoutRoute.POST, `/pay/${link.slug}/checkout`, { slug: link.slug }, { email: "late@example.com", name: "Late Comer" });
    expect(form.status).toBe(303);
    expect(form.location).toBe(`/pay/${link.slug}`);
    expect(flashOf(form.setCookie)?.errors[0]?.field).toBe("form");
    expect(await db.transaction.count({ where: { paymentLinkId: link.id } })).toBe(1);

    const stats = await linkCall(owner, link.id, "GET");
    expect(stats.body.stats).toMatchObject({ payments: 1, collected: 250_000 });
  });

  it("keeps a reusable link open after a completed payment", async () => {
    const link = await newLink(owner, { isReusable: true });
    const paid = await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id, amount: 300_000 }), { key: owner.secretKey });
    await postWebhook("sandbox", sandboxEvent(paid.body.reference, { amount: 300_000 }));
    expect((await db.transaction.findUniqueOrThrow({ where: { reference: paid.body.reference } })).status).toBe("COMPLETED");
    expect((await readPublic(link.slug)).status).toBe(200);
    expect((await initiate(paymentBody(owner.merchant.id, { paymentLinkId: link.id }), { key: owner.secretKey })).status).toBe(201);
  });
});
