// Visits to public payment links (GET /api/payment-links/:slug). Each visit still gets its
// `payment-link.visited` event and its count, but they are written in batches: visits are held in
// memory and written at most FLUSH_AFTER_MS later, one statement for the whole batch, instead of a
// row-locking UPDATE plus an INSERT per read (the hottest public read; bench/api-throughput.ts).
// Trade-off: a link's visitCount and its events appear up to a second late, and visits held by a
// process that dies without SIGTERM (kill -9, power loss) are lost. A graceful shutdown writes them
// (lib/shutdown.ts drain stage), so deploys lose nothing.
import { db } from "@/lib/db/client";
import { batchedWriter } from "@/lib/db/batched-writes";
import type { Environment } from "@/lib/db/generated/enums";
import type { PaymentLink } from "@/lib/db/generated/client";
import { outboxRow } from "@/lib/webhooks/outbox";

type Visit = { linkId: string; merchantId: string; environment: Environment; payload: string };

export const FLUSH_AFTER_MS = 1_000;

const visits = batchedWriter<Visit>({
  name: "payment link visits",
  flushAfterMs: FLUSH_AFTER_MS,
  maxBatch: 1_000,
  write: insertBatch,
  // Kept for a retry after a failed write: the counts and events are the merchant's, not ours to drop
  // lightly. Beyond this many a database outage drops them (logged).
  keepOnFailure: 50_000,
});

/** Counts a visit to `link` and queues its `payment-link.visited` event; written within FLUSH_AFTER_MS. */
export function recordVisit(link: Pick<PaymentLink, "id" | "merchantId" | "environment" | "slug" | "title">): void {
  const event = outboxRow({
    merchantId: link.merchantId,
    environment: link.environment,
    type: "payment-link.visited",
    data: { id: link.id, slug: link.slug, title: link.title, visitedAt: new Date() },
  });
  visits.add({ linkId: link.id, merchantId: link.merchantId, environment: link.environment, payload: JSON.stringify(event.payload) });
}

/** Writes the held visits now and waits for writes in flight (tests; graceful shutdown). */
export const flushVisits = visits.flush;

/**
 * One statement: every link's counter goes up by its visits in the batch (one row lock each, taken
 * inside PostgreSQL) and every visit gets its outbox row.
 */
async function insertBatch(batch: Visit[]): Promise<void> {
  const perLink = new Map<string, number>();
  for (const visit of batch) perLink.set(visit.linkId, (perLink.get(visit.linkId) ?? 0) + 1);
  await db.$executeRaw`
    WITH counted AS (
      UPDATE "PaymentLink" AS l SET "visitCount" = l."visitCount" + v.n, "updatedAt" = now()
      FROM unnest(${[...perLink.keys()]}::uuid[], ${[...perLink.values()]}::int[]) AS v(id, n)
      WHERE l.id = v.id
    )
    INSERT INTO "Event" (id, "merchantId", environment, type, payload)
    SELECT gen_random_uuid(), e.merchant, e.environment::"Environment", 'payment-link.visited', e.payload::jsonb
    FROM unnest(${batch.map((v) => v.merchantId)}::uuid[], ${batch.map((v) => v.environment)}::text[], ${batch.map((v) => v.payload)}::text[]) AS e(merchant, environment, payload)`;
}
