// The data and requests of the four hot API routes, for bench/api-throughput.ts and
// bench/profile-hot-paths.ts: one merchant with a test secret key, a reusable link, a completed
// transaction to verify, and pools of pending Paystack charges that webhook deliveries settle, one
// each (realistic traffic: every delivery is a different payment).
import type autocannon from "autocannon";
import { sql as admin } from "./database";
import { paystackWebhook } from "../tests/fakes/paystack";

/** Pending transactions per pool: each webhook request settles a different one. */
export const WEBHOOK_POOL = Number(process.env.BENCH_WEBHOOK_POOL ?? 40_000);

export type HotFixture = Awaited<ReturnType<typeof seedHotPaths>>;

/** Seeds the database at `url` (DATABASE_URL must point at it); `pools` names one pending pool per server measured. */
export async function seedHotPaths(url: string, pools: string[]) {
  const { db } = await import("../lib/db/client");
  const { createApiKey } = await import("../lib/auth/api-keys");
  const owner = await db.user.create({
    data: { firstName: "Bench", lastName: "Mark", email: `bench.${Date.now()}@example.com`, passwordHash: "x", isEmailVerified: true },
  });
  const merchant = await db.merchant.create({ data: { businessName: "Bench Bakery", ownerId: owner.id, status: "active" } });
  const { secretKey } = await createApiKey(db, merchant.id, "test");
  const link = await db.paymentLink.create({
    data: { merchantId: merchant.id, slug: `bench${Date.now()}`, title: "Chin chin (500 g)", amount: 250_000n, isReusable: true },
  });
  const paid = await db.transaction.create({
    data: {
      merchantId: merchant.id,
      reference: `BENCH-${Date.now()}-verify000`,
      amount: 500_000n,
      customerEmail: "payer@example.com",
      processor: "paystack",
      status: "COMPLETED",
      completedAt: new Date(),
    },
  });
  for (const pool of pools) {
    await admin(
      url,
      `INSERT INTO "Transaction" (id, "merchantId", environment, reference, amount, currency, "customerEmail", processor, "updatedAt")
       SELECT gen_random_uuid(), $1, 'test', $2 || n, 500000, 'NGN', 'payer' || n || '@example.com', 'paystack', now()
       FROM generate_series(1, $3::int) AS n`,
      [merchant.id, `BENCH-${pool.toUpperCase()}-`, WEBHOOK_POOL],
    );
  }
  await db.$disconnect();
  return { merchantId: merchant.id, secretKey, slug: link.slug, paidId: paid.id };
}

export type HotEndpoint = { name: string; floor?: boolean; requests: (pool: string) => autocannon.Request[] };

/** The requests; the webhook's are signed with the fake Paystack's key and walk through `pool`'s charges. */
export function hotEndpoints(fixture: HotFixture, paystackKey: string, cursors: Record<string, number>): HotEndpoint[] {
  const auth = { authorization: `Bearer ${fixture.secretKey}`, "content-type": "application/json" };
  const initiateBody = JSON.stringify({ merchantId: fixture.merchantId, amount: 500_000, email: "payer@example.com", firstName: "Ada", lastName: "Obi" });
  return [
    // An unknown /api path: the JSON 404 with no database work, for scale.
    { name: "404", floor: true, requests: () => [{ method: "GET", path: "/api/no-such-route" }] },
    { name: "initiate", requests: () => [{ method: "POST", path: "/api/transactions/initiate", headers: auth, body: initiateBody }] },
    { name: "verify", requests: () => [{ method: "GET", path: `/api/transactions/${fixture.paidId}/verify`, headers: { authorization: auth.authorization } }] },
    { name: "link read", requests: () => [{ method: "GET", path: `/api/payment-links/${fixture.slug}` }] },
    {
      name: "webhook",
      requests: (pool) => [
        {
          method: "POST",
          path: "/api/transactions/webhooks/paystack",
          setupRequest: (request) => {
            const n = ((cursors[pool] ?? 0) % WEBHOOK_POOL) + 1;
            cursors[pool] = (cursors[pool] ?? 0) + 1;
            const data = {
              id: 7_000_000 + n,
              domain: "test",
              status: "success",
              reference: `BENCH-${pool.toUpperCase()}-${n}`,
              amount: 500_000,
              gateway_response: "Approved",
              paid_at: new Date().toISOString(),
              channel: "card",
              currency: "NGN",
              fees: 17_500,
              metadata: null,
              customer: { email: `payer${n}@example.com` },
            };
            const signed = paystackWebhook(paystackKey, "charge.success", data);
            return { ...request, headers: signed.headers, body: signed.body };
          },
        },
      ],
    },
  ];
}
