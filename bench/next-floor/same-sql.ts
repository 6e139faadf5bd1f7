// The four hot routes reduced to their SQL: a pg Pool, JSON and nothing else (no framework, no
// validation library, no logging, no request log). bench/baseline-server.ts serves these from
// node:http ("bare"); the tiny Next app beside this file serves them from one App Router route
// handler ("next floor"), so the difference between those two is the framework's own cost.
//   env: DATABASE_URL, DATABASE_POOL_SIZE (10), PAYSTACK_BASE_URL, PAYSTACK_SECRET_KEY
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import pg from "pg";

export type Answer = { status: number; body: string; contentType: string };

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const paystackUrl = (process.env.PAYSTACK_BASE_URL ?? "").replace(/\/+$/, "");
const paystackKey = process.env.PAYSTACK_SECRET_KEY ?? "";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const bigints = (_key: string, value: unknown) => (typeof value === "bigint" ? Number(value) : value);
const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body, bigints), contentType: "application/json" });

type Key = { id: string; merchantId: string; environment: string };
async function apiKey(authorization: string | null): Promise<Key | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!token) return null;
  const { rows } = await pool.query<Key & { revokedAt: Date | null }>(
    `SELECT id, "merchantId", environment, "revokedAt" FROM "ApiKey" WHERE "secretKeyHash" = $1`,
    [sha256(token)],
  );
  return rows[0] && !rows[0].revokedAt ? rows[0] : null;
}

async function initiate(authorization: string | null, raw: string): Promise<Answer> {
  const key = await apiKey(authorization);
  if (!key) return json(401, { message: "Unauthorized" });
  const input = JSON.parse(raw) as { merchantId: string; amount: number; email: string };
  const merchant = (await pool.query(`SELECT * FROM "Merchant" WHERE id = $1`, [input.merchantId])).rows[0];
  if (!merchant || merchant.id !== key.merchantId) return json(404, { message: "Merchant not found" });
  const reference = `TXN-${Date.now()}-${randomBytes(4).toString("hex")}`;
  const inserted = await pool.query(
    `INSERT INTO "Transaction" (id, "merchantId", environment, reference, amount, currency, "customerEmail", "callbackUrl", processor, "updatedAt")
     VALUES (gen_random_uuid(), $1, $2, $3, $4, 'NGN', $5, $6, 'paystack', now()) RETURNING *`,
    [merchant.id, key.environment, reference, input.amount, input.email, `http://localhost/receipt/${reference}`],
  );
  const transaction = inserted.rows[0];
  const started = await fetch(`${paystackUrl}/transaction/initialize`, {
    method: "POST",
    headers: { authorization: `Bearer ${paystackKey}`, "content-type": "application/json" },
    body: JSON.stringify({ reference, amount: String(input.amount), currency: "NGN", email: input.email, callback_url: transaction.callbackUrl }),
  });
  const { data } = (await started.json()) as { data: { authorization_url: string; access_code: string } };
  await pool.query(`UPDATE "Transaction" SET "accessCode" = $2, "authorizationUrl" = $3, "updatedAt" = now() WHERE id = $1`, [
    transaction.id,
    data.access_code,
    data.authorization_url,
  ]);
  return json(201, {
    message: "Payment initiated",
    reference,
    transactionId: transaction.id,
    authorizationUrl: data.authorization_url,
    accessCode: data.access_code,
    status: "PENDING",
    amount: transaction.amount,
    currency: "NGN",
  });
}

async function verify(authorization: string | null, id: string): Promise<Answer> {
  const key = await apiKey(authorization);
  if (!key) return json(401, { message: "Unauthorized" });
  const transaction = (await pool.query(`SELECT * FROM "Transaction" WHERE id = $1`, [id])).rows[0];
  if (!transaction || transaction.merchantId !== key.merchantId || transaction.environment !== key.environment)
    return json(404, { message: "Transaction not found" });
  return json(200, { status: "success", data: transaction });
}

async function linkRead(slug: string): Promise<Answer> {
  const { rows } = await pool.query(
    `SELECT l.*, m."businessName", m.status AS "merchantStatus" FROM "PaymentLink" l JOIN "Merchant" m ON m.id = l."merchantId" WHERE l.slug = $1`,
    [slug],
  );
  const link = rows[0];
  if (!link || !link.isActive) return json(404, { message: "Payment link not found or is inactive" });
  // Visits are batched as lib/links/visits.ts does: held here, written once a second in one statement.
  visits.push([link.id, link.merchantId, link.environment, JSON.stringify({ id: link.id, slug: link.slug, title: link.title, visitedAt: new Date() })]);
  visitTimer ??= setTimeout(writeVisits, 1_000).unref();
  return json(200, {
    slug: link.slug,
    title: link.title,
    description: link.description,
    amount: link.amount,
    currency: link.currency,
    merchant: { businessName: link.businessName },
  });
}

let visits: [id: string, merchantId: string, environment: string, payload: string][] = [];
let visitTimer: NodeJS.Timeout | undefined;
function writeVisits() {
  const batch = visits;
  visits = [];
  visitTimer = undefined;
  const perLink = new Map<string, number>();
  for (const [id] of batch) perLink.set(id, (perLink.get(id) ?? 0) + 1);
  pool
    .query(
      `WITH counted AS (UPDATE "PaymentLink" AS l SET "visitCount" = l."visitCount" + v.n, "updatedAt" = now() FROM unnest($1::uuid[], $2::int[]) AS v(id, n) WHERE l.id = v.id)
       INSERT INTO "Event" (id, "merchantId", environment, type, payload)
       SELECT gen_random_uuid(), e.merchant, e.environment::"Environment", 'payment-link.visited', e.payload::jsonb FROM unnest($3::uuid[], $4::text[], $5::text[]) AS e(merchant, environment, payload)`,
      [[...perLink.keys()], [...perLink.values()], batch.map((v) => v[1]), batch.map((v) => v[2]), batch.map((v) => v[3])],
    )
    .catch((error: unknown) => console.error(error));
}

async function webhook(signature: string | null, raw: string): Promise<Answer> {
  const expected = createHmac("sha512", paystackKey).update(raw, "utf8").digest();
  const given = Buffer.from(signature ?? "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return json(401, { message: "Invalid webhook signature" });
  const { event, data } = JSON.parse(raw) as {
    event: string;
    data: { id: number; reference: string; amount: number; fees: number; channel: string; paid_at: string };
  };
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const transaction = (await client.query(`SELECT * FROM "Transaction" WHERE reference = $1`, [data.reference])).rows[0];
    const externalId = `${event}:${data.id}`;
    const stored = await client.query(
      `INSERT INTO "ProcessorEvent" (id, processor, "externalId", "eventType", "transactionId", payload, outcome) VALUES (gen_random_uuid(), 'paystack', $1, $2, $3, $4, 'received') ON CONFLICT DO NOTHING`,
      [externalId, event, transaction?.id ?? null, raw],
    );
    let outcome = "duplicate";
    if (stored.rowCount) {
      outcome = "unknown_transaction";
      if (transaction) {
        const won = await client.query(
          `UPDATE "Transaction" SET status = 'COMPLETED', fee = $2, "paymentMethod" = $3, "completedAt" = $4, "failureReason" = NULL, "updatedAt" = now() WHERE id = $1 AND status = 'PENDING'`,
          [transaction.id, data.fees, data.channel, data.paid_at],
        );
        outcome = "already_settled";
        if (won.rowCount) {
          outcome = "completed";
          const payload = JSON.stringify({ ...transaction, status: "COMPLETED", fee: data.fees, completedAt: data.paid_at }, bigints);
          await client.query(
            `INSERT INTO "Event" (id, "merchantId", environment, type, payload) VALUES (gen_random_uuid(), $1, $2, 'transaction.completed', $3)`,
            [transaction.merchantId, transaction.environment, payload],
          );
        }
      }
      await client.query(`UPDATE "ProcessorEvent" SET outcome = $2 WHERE processor = 'paystack' AND "externalId" = $1`, [externalId, outcome]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
  return { status: 200, body: "Webhook received", contentType: "text/plain; charset=utf-8" };
}

type Request = { method: string; pathname: string; header: (name: string) => string | null; body: () => Promise<string> };

/** Routes one request to its SQL; anything else is a JSON 404. */
export async function answer(req: Request): Promise<Answer> {
  const { method, pathname } = req;
  const verifyMatch = /^\/api\/transactions\/([^/]+)\/verify$/.exec(pathname);
  const linkMatch = /^\/api\/payment-links\/([^/]+)$/.exec(pathname);
  if (method === "POST" && pathname === "/api/transactions/initiate") return initiate(req.header("authorization"), await req.body());
  if (method === "POST" && pathname === "/api/transactions/webhooks/paystack") return webhook(req.header("x-paystack-signature"), await req.body());
  if (method === "GET" && verifyMatch) return verify(req.header("authorization"), verifyMatch[1]!);
  if (method === "GET" && linkMatch) return linkRead(linkMatch[1]!);
  return json(404, { message: "Not found" });
}

export const closePool = () => pool.end();
