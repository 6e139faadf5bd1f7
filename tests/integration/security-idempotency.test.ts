// Issue 13, finding 8: keyless callers shared one idempotency scope ("public"), so one customer's key
// replayed (or blocked) another customer's checkout; and keys never expired. Keyless keys are now
// private to the merchant and the caller's address; every key lasts 24 hours and a daily job prunes them.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { pruneIdempotencyKeys } from "@/lib/api/idempotency";
import { sendJob, startWorkers, stopWorkers } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/registry";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { waitFor } from "../helpers/webhooks";

const HOUR = 3_600_000;
const from = (ip: string, key: string) => ({ "x-forwarded-for": ip, "idempotency-key": key });
const transactionsOf = (merchantId: string) => db.transaction.findMany({ where: { merchantId }, orderBy: { createdAt: "asc" } });

afterAll(async () => {
  await stopWorkers();
});

describe("keyless initiation (hosted pages, browsers)", () => {
  it("gives two different callers who pick the same key and different bodies their own checkouts", async () => {
    const owner = await createMerchantOwner();
    const ada = await initiate(paymentBody(owner.merchant.id, { email: "ada@example.com", amount: 250_000 }), { headers: from("198.51.100.1", "checkout-1") });
    const bola = await initiate(paymentBody(owner.merchant.id, { email: "bola@example.com", amount: 990_000 }), {
      headers: from("198.51.100.2", "checkout-1"),
    });
    expect([ada.status, bola.status]).toEqual([201, 201]);
    expect(bola.headers.get("idempotent-replayed")).toBeNull();
    expect(bola.body.reference).not.toBe(ada.body.reference);
    const rows = await transactionsOf(owner.merchant.id);
    expect(rows.map((t) => [t.customerEmail, t.amount])).toEqual([
      ["ada@example.com", 250_000n],
      ["bola@example.com", 990_000n],
    ]);
  });

  it("never hands a stranger the first caller's checkout, even for the same body", async () => {
    const owner = await createMerchantOwner();
    const body = paymentBody(owner.merchant.id);
    const first = await initiate(body, { headers: from("198.51.100.3", "same-key") });
    const stranger = await initiate(body, { headers: from("198.51.100.4", "same-key") });
    expect([first.status, stranger.status]).toEqual([201, 201]);
    expect(stranger.headers.get("idempotent-replayed")).toBeNull();
    expect(stranger.body.authorizationUrl).not.toBe(first.body.authorizationUrl);
  });

  it("keeps the same key for different merchants apart, even from one address", async () => {
    const [a, b] = [await createMerchantOwner(), await createMerchantOwner()];
    const one = await initiate(paymentBody(a.merchant.id), { headers: from("198.51.100.5", "order-1") });
    const two = await initiate(paymentBody(b.merchant.id), { headers: from("198.51.100.5", "order-1") });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.headers.get("idempotent-replayed")).toBeNull();
  });

  it("replays for the same caller, key and body, and refuses the same caller's key with another body", async () => {
    const owner = await createMerchantOwner();
    const headers = from("198.51.100.6", "retry-me");
    const first = await initiate(paymentBody(owner.merchant.id), { headers });
    const again = await initiate(paymentBody(owner.merchant.id), { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await initiate(paymentBody(owner.merchant.id, { amount: 777_700 }), { headers })).status).toBe(422);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(1);
  });
});

describe("keyless initiation with no trusted proxy (TRUST_PROXY=0: every caller has the same address)", () => {
  it("still gives a different body its own checkout, and replays only the very same request", async () => {
    const owner = await createMerchantOwner();
    process.env.TRUST_PROXY = "0";
    try {
      const headers = { "idempotency-key": "shared-key" };
      const ada = await initiate(paymentBody(owner.merchant.id, { email: "ada@example.com" }), { headers });
      const bola = await initiate(paymentBody(owner.merchant.id, { email: "bola@example.com" }), { headers });
      expect([ada.status, bola.status]).toEqual([201, 201]);
      expect(bola.body.reference).not.toBe(ada.body.reference);
      const retry = await initiate(paymentBody(owner.merchant.id, { email: "ada@example.com" }), { headers });
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.body.reference).toBe(ada.body.reference);
    } finally {
      process.env.TRUST_PROXY = "1";
    }
  });
});

describe("expiry", () => {
  it("treats a key older than 24 hours as new (with a secret key too)", async () => {
    const owner = await createMerchantOwner();
    const headers = { "idempotency-key": "order-old" };
    const first = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
    expect(first.status).toBe(201);
    await db.idempotencyKey.updateMany({ where: { key: "order-old" }, data: { createdAt: new Date(Date.now() - 25 * HOUR) } });

    const sameBody = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
    expect(sameBody.status).toBe(201);
    expect(sameBody.headers.get("idempotent-replayed")).toBeNull();
    expect(sameBody.body.reference).not.toBe(first.body.reference);
    // The replaced row is the fresh one: it replays from now on.
    const replay = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.reference).toBe(sameBody.body.reference);

    await db.idempotencyKey.updateMany({ where: { key: "order-old" }, data: { createdAt: new Date(Date.now() - 25 * HOUR) } });
    const otherBody = await initiate(paymentBody(owner.merchant.id, { amount: 600_000 }), { key: owner.secretKey, headers });
    expect(otherBody.status).toBe(201);
    expect(await db.idempotencyKey.count({ where: { key: "order-old" } })).toBe(1);
  });

  it("still replays a key just under 24 hours old", async () => {
    const owner = await createMerchantOwner();
    const headers = { "idempotency-key": "order-23h" };
    const first = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
    await db.idempotencyKey.updateMany({ where: { key: "order-23h" }, data: { createdAt: new Date(Date.now() - 23 * HOUR) } });
    const again = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.reference).toBe(first.body.reference);
  });
});

describe("pruning", () => {
  async function seed(label: string) {
    const row = (hoursAgo: number, key: string) => ({
      scope: `prune-test:${label}`,
      key,
      method: "POST",
      path: "/api/transactions/initiate",
      requestHash: "x",
      responseStatus: 201,
      responseBody: {},
      createdAt: new Date(Date.now() - hoursAgo * HOUR),
    });
    await db.idempotencyKey.createMany({ data: [row(48, "two-days"), row(24.5, "just-expired"), row(23, "fresh"), row(0, "now")] });
    return () =>
      db.idempotencyKey
        .findMany({ where: { scope: `prune-test:${label}` }, select: { key: true }, orderBy: { createdAt: "asc" } })
        .then((rows) => rows.map((r) => r.key));
  }

  it("deletes keys older than 24 hours and leaves the rest", async () => {
    const left = await seed("function");
    expect(await pruneIdempotencyKeys()).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual(["fresh", "now"]);
  });

  it("runs as a daily pg-boss job", async () => {
    const left = await seed("job");
    const boss = await startWorkers();
    const schedules = await boss.getSchedules();
    expect(schedules.find((s) => s.name === JOBS.pruneIdempotencyKeys.name)?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    await sendJob("pruneIdempotencyKeys", {});
    await waitFor(async () => (await left()).length === 2, 20_000, "the prune job");
    expect(await left()).toEqual(["fresh", "now"]);
  });
});
