// The bare baseline for bench/api-throughput.ts: node:http and a pg Pool doing the same SQL as our four
// hot routes, with nothing else (no framework, no validation library, no logging, no request log).
// Not a bench itself: bench/index.ts skips it. Started as a child process so it gets its own event loop
// like `next start` does; prints "listening <port>" when ready.
//   env: DATABASE_URL, DATABASE_POOL_SIZE (10), PAYSTACK_BASE_URL, PAYSTACK_SECRET_KEY, PORT (0 = any)
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const paystackUrl = process.env.PAYSTACK_BASE_URL!.replace(/\/+$/, "");
const paystackKey = process.env.PAYSTACK_SECRET_KEY!;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const bigints = (_key: string, value: unknown) => (typeof value === "bigint" ? Number(value) : value);

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body, bigints));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

type Key = { id: string; merchantId: string; environment: string };
async function apiKey(req: IncomingMessage): Promise<Key | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!token) return null;
  const { rows } = await pool.query<Key & { revokedAt: Date | null }>(
    `SELECT id, "merchantId", environment, "revokedAt" FROM "ApiKey" WHERE "secretKeyHash" = $1`,
    [sha256(token)],
  );
  return rows[0] && !rows[0].revokedAt ? rows[0] : null;
}

async function initiate(req: IncomingMessage, res: ServerResponse) {
  const key = await apiKey(req);
  if (!key) return send(res, 401, { message: "Unauthorized" });
  const input = JSON.parse(await readBody(req)) as { merchantId: string; amount: number; email: string };
  const merchant = (await pool.query(`SELECT * FROM "Merchant" WHERE id = $1`, [input.merchantId])).rows[0];
  if (!merchant || merchant.id !== key.merchantId) return send(res, 404, { message: "Merchant not found" });
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
  send(res, 201, { message: "Payment initiated", reference, transactionId: transaction.id, authorizationUrl: data.authorization_url, accessCode: data.access_code, status: "PENDING", amount: transaction.amount, currency: "NGN" });
}

async function verify(req: IncomingMessage, res: ServerResponse, id: string) {
  const key = await apiKey(req);
  if (!key) return send(res, 401, { message: "Unauthorized" });
  const transaction = (await pool.query(`SELECT * FROM "Transaction" WHERE id = $1`, [id])).rows[0];
  if (!transaction || transaction.merchantId !== key.merchantId || transaction.environment !== key.environment) return send(res, 404, { message: "Transaction not found" });
  send(res, 200, { status: "success", data: transaction });
}

async function linkRead(res: ServerResponse, slug: string) {
  const { rows } = await pool.query(
    `SELECT l.*, m."businessName", m.status AS "merchantStatus" FROM "PaymentLink" l JOIN "Merchant" m ON m.id = l."merchantId" WHERE l.slug = $1`,
    [slug],
  );
  const link = rows[0];
  if (!link || !link.isActive) return send(res, 404, { message: "Payment link not found or is inactive" });
  // The visit counter and its outbox row in one statement, as lib/links/service.ts recordVisit does.
  await pool.query(
    `WITH visit AS (UPDATE "PaymentLink" SET "visitCount" = "visitCount" + 1, "updatedAt" = now() WHERE id = $1)
     INSERT INTO "Event" (id, "merchantId", environment, type, payload) VALUES (gen_random_uuid(), $2, $3, 'payment-link.visited', $4)`,
    [link.id, link.merchantId, link.environment, JSON.stringify({ id: link.id, slug: link.slug, title: link.title, visitedAt: new Date() })],
  );
  send(res, 200, { slug: link.slug, title: link.title, description: link.description, amount: link.amount, currency: link.currency, merchant: { businessName: link.businessName } });
}

async function webhook(req: IncomingMessage, res: ServerResponse) {
  const raw = await readBody(req);
  const expected = createHmac("sha512", paystackKey).update(raw, "utf8").digest();
  const given = Buffer.from(String(req.headers["x-paystack-signature"] ?? ""), "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return send(res, 401, { message: "Invalid webhook signature" });
  const { event, data } = JSON.parse(raw) as { event: string; data: { id: number; reference: string; amount: number; fees: number; channel: string; paid_at: string } };
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
          await client.query(`INSERT INTO "Event" (id, "merchantId", environment, type, payload) VALUES (gen_random_uuid(), $1, $2, 'transaction.completed', $3)`, [
            transaction.merchantId,
            transaction.environment,
            payload,
          ]);
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
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
  res.end("Webhook received");
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://bare");
  const verifyMatch = /^\/api\/transactions\/([^/]+)\/verify$/.exec(url.pathname);
  const linkMatch = /^\/api\/payment-links\/([^/]+)$/.exec(url.pathname);
  let work: Promise<void>;
  if (req.method === "POST" && url.pathname === "/api/transactions/initiate") work = initiate(req, res);
  else if (req.method === "POST" && url.pathname === "/api/transactions/webhooks/paystack") work = webhook(req, res);
  else if (req.method === "GET" && verifyMatch) work = verify(req, res, verifyMatch[1]!);
  else if (req.method === "GET" && linkMatch) work = linkRead(res, linkMatch[1]!);
  else work = Promise.resolve(send(res, 404, { message: "Not found" }));
  work.catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { message: "Internal server error" });
  });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.once("SIGTERM", () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
});
