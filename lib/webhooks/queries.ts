// Read side of the delivery log: an endpoint's deliveries (newest first, keyset-paginated) and
// one delivery with its event and every attempt.
import { findOr404 } from "@/lib/api/find";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { MerchantScope } from "@/lib/auth/access";
import { afterCursor, newestFirst, toPage } from "@/lib/api/pagination";
import { downgrade } from "@/lib/api/versions";
import { toEnvelope } from "./envelope";
import type { DeliveryListQuery } from "./schemas";
import { toAttemptResponse, toDeliveryResponse } from "./serializers";
import { endpointVersion, findEndpoint } from "./service";

const lastAttempt = { orderBy: { attemptedAt: "desc" }, take: 1 } as const;

export async function listDeliveries({ merchantId, environment }: MerchantScope, webhookId: string, query: DeliveryListQuery) {
  const endpoint = await findEndpoint({ merchantId, environment }, webhookId);
  const and: Prisma.WebhookDeliveryWhereInput[] = [{ endpointId: endpoint.id }];
  if (query.status) and.push({ status: query.status });
  if (query.eventType) and.push({ event: { type: query.eventType } });
  if (query.cursor) and.push(afterCursor(query.cursor));
  const rows = await db.webhookDelivery.findMany({
    where: { AND: and },
    orderBy: newestFirst,
    take: query.limit + 1,
    include: { event: { select: { type: true } }, attempts: lastAttempt },
  });
  return toPage(rows, query.limit, toDeliveryResponse);
}

export async function getDelivery({ merchantId, environment }: MerchantScope, webhookId: string, deliveryId: string) {
  const endpoint = await findEndpoint({ merchantId, environment }, webhookId);
  const delivery = await findOr404(deliveryId, "Delivery not found", (id) =>
    db.webhookDelivery.findFirst({ where: { id, endpointId: endpoint.id }, include: { event: true, attempts: { orderBy: { attemptedAt: "desc" } } } }),
  );
  return {
    delivery: toDeliveryResponse(delivery),
    // As it was sent: in the endpoint's version.
    payload: downgrade("event", toEnvelope(delivery.event), await endpointVersion(endpoint)),
    attempts: delivery.attempts.map(toAttemptResponse),
  };
}

/** Every attempt of the given deliveries, newest first (the dashboard shows them inline). */
export async function attemptsFor(deliveryIds: string[]) {
  const rows = await db.webhookAttempt.findMany({ where: { deliveryId: { in: deliveryIds } }, orderBy: { attemptedAt: "desc" } });
  const byDelivery = new Map<string, ReturnType<typeof toAttemptResponse>[]>();
  for (const row of rows) byDelivery.set(row.deliveryId, [...(byDelivery.get(row.deliveryId) ?? []), toAttemptResponse(row)]);
  return byDelivery;
}
