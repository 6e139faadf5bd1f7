// Public link reads are counted in batches (lib/links/visits.ts): nothing is written per read, one
// statement writes a batch's counts and events, the timer writes them within FLUSH_AFTER_MS, and a
// graceful shutdown writes what is held.
import pg from "pg";
import { beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as publicRoute from "@/app/api/payment-links/[slug]/route";
import { createLink } from "@/lib/links/service";
import { FLUSH_AFTER_MS, flushVisits } from "@/lib/links/visits";
import { shutdown } from "@/lib/shutdown";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
let owner: Owner;

beforeAll(async () => {
  owner = await createMerchantOwner();
});

const newLink = () => createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Puff-puff", isReusable: true });
const read = (slug: string) => call(publicRoute.GET, { path: `/api/payment-links/${slug}`, params: { slug } });

async function counted(linkId: string) {
  const link = await db.paymentLink.findUniqueOrThrow({ where: { id: linkId } });
  const events = await db.event.findMany({ where: { merchantId: owner.merchant.id, type: "payment-link.visited" } });
  return { visits: link.visitCount, events: events.filter((e) => (e.payload as { id?: string }).id === linkId) };
}

it("holds visits in memory and writes every count and event of two links in one batch", async () => {
  const [a, b] = [await newLink(), await newLink()];
  // At once, so the whole lot is well inside one FLUSH_AFTER_MS window.
  const reads = await Promise.all([a, a, a, a, b].map((link) => read(link.slug)));
  expect(reads.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
  expect(await counted(a.id)).toMatchObject({ visits: 0, events: [] });

  await flushVisits();
  const first = await counted(a.id);
  expect(first.visits).toBe(4);
  expect(first.events).toHaveLength(4);
  expect(first.events[0]!.payload).toMatchObject({ id: a.id, slug: a.slug, title: "Puff-puff" });
  expect(first.events[0]!.environment).toBe("test");
  expect((await counted(b.id)).visits).toBe(1);
});

it("writes held visits on its own within FLUSH_AFTER_MS", async () => {
  const link = await newLink();
  expect((await read(link.slug)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS + 500));
  expect((await counted(link.id)).visits).toBe(1);
});

// Last: shutdown closes this process's pool.
it("writes held visits during a graceful shutdown", async () => {
  const link = await newLink();
  for (let i = 0; i < 2; i++) expect((await read(link.slug)).status).toBe(200);
  await shutdown();

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT "visitCount" FROM "PaymentLink" WHERE id = $1`, [link.id]);
    expect(rows[0].visitCount).toBe(2);
    const events = await client.query(`SELECT count(*)::int AS n FROM "Event" WHERE type = 'payment-link.visited' AND payload->>'id' = $1`, [link.id]);
    expect(events.rows[0].n).toBe(2);
  } finally {
    await client.end();
  }
});
