// Per test file: a fresh database cloned from the migrated template, so files never share rows.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";

const serverUrl = inject("serverUrl");
const template = inject("templateDatabase");
const database = `paylink_test_${randomBytes(6).toString("hex")}`;

function urlFor(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

// CREATE DATABASE … TEMPLATE fails while another file's copy is being made from it at the same instant.
for (let attempt = 1; ; attempt++) {
  try {
    await admin((c) => c.query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`));
    break;
  } catch (error) {
    if (attempt >= 10) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

process.env.DATABASE_URL = urlFor(database);
process.env.AUTH_SECRET ??= "test-auth-secret-that-is-long-enough-0123456789";
process.env.SANDBOX_WEBHOOK_SECRET ??= "test-sandbox-webhook-secret";
process.env.APP_URL ??= "http://localhost:3000";
delete process.env.RESEND_API_KEY;
delete process.env.REDIS_URL;

afterAll(async () => {
  const { db } = await import("@/lib/db/client");
  try {
    await checkRecordedEvents(db);
  } finally {
    // Everything this file's process opened (the job queue's pools, buffered writes, the database
    // pool) closes as on SIGTERM before the database goes: nothing is left to find its connection ended.
    const { shutdown } = await import("@/lib/shutdown");
    await shutdown();
    await db.$disconnect();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  }
});

/**
 * Every event this file's tests recorded, as its webhooks carry it, must match the document's
 * `webhooks` section (lib/webhooks/event-schemas.ts): the outbound payloads stay documented, as the
 * API's answers do (tests/helpers/api.ts).
 */
async function checkRecordedEvents(db: (typeof import("@/lib/db/client"))["db"]) {
  const events = await db.event.findMany({ orderBy: { createdAt: "asc" } }).catch(() => []);
  if (events.length === 0) return;
  const { toEnvelope } = await import("@/lib/webhooks/envelope");
  const { assertEventDocumented } = await import("../helpers/openapi-validator");
  for (const event of events) assertEventDocumented(toEnvelope(event));
}
