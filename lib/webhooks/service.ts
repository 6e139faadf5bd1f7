// Webhook endpoints of a merchant, in one environment (a key's mode or the member's own view):
// another merchant's or the other mode's endpoint answers 404.
import { randomBytes } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { findOr404 } from "@/lib/api/find";
import { LATEST_VERSION, versionOr, type ApiVersion } from "@/lib/api/versions";
import { db } from "@/lib/db/client";
import type { WebhookEndpoint } from "@/lib/db/generated/client";
import type { MerchantScope } from "@/lib/auth/access";
import { log } from "@/lib/log";
import { recordAudit, type AuditSource } from "@/lib/team/audit";
import { TEST_EVENT_TYPE } from "./envelope";
import { enqueueDeliveries } from "./jobs";
import type { CreateWebhookInput, UpdateWebhookInput } from "./schemas";
import { toDeliveryResponse, toWebhookResponse, withSecret } from "./serializers";
import { checkWebhookUrl } from "./url-safety";

export const MAX_ENDPOINTS = 20;

export function generateSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

async function assertSafeUrl(url: string) {
  const problem = await checkWebhookUrl(url);
  if (problem) throw ApiError.validation([{ field: "url", message: problem }]);
}

export function findEndpoint({ merchantId, environment }: MerchantScope, webhookId: string) {
  return findOr404(webhookId, "Webhook not found", (id) => db.webhookEndpoint.findFirst({ where: { id, merchantId, environment } }));
}

/** The version an endpoint's events are shaped by: its own, or (created before versions) its merchant's pinned one. */
export async function endpointVersion(endpoint: Pick<WebhookEndpoint, "apiVersion" | "merchantId">): Promise<ApiVersion> {
  if (endpoint.apiVersion) return versionOr(endpoint.apiVersion);
  const merchant = await db.merchant.findUnique({ where: { id: endpoint.merchantId }, select: { apiVersion: true } });
  return versionOr(merchant?.apiVersion);
}

/** Pinned to `apiVersion`, the version of the request that created it: its deliveries are shaped by it. */
export async function createEndpoint({ merchantId, environment }: MerchantScope, input: CreateWebhookInput, apiVersion: ApiVersion = LATEST_VERSION) {
  await assertSafeUrl(input.url);
  const count = await db.webhookEndpoint.count({ where: { merchantId, environment } });
  if (count >= MAX_ENDPOINTS)
    throw ApiError.badRequest(`A merchant can have at most ${MAX_ENDPOINTS} webhook endpoints in each mode`, { code: "webhook_endpoint_limit" });
  const endpoint = await db.webhookEndpoint.create({
    data: {
      merchantId,
      environment,
      url: input.url,
      events: input.events,
      description: input.description ?? null,
      active: input.active ?? true,
      secret: input.secret ?? generateSecret(),
      apiVersion,
    },
  });
  return withSecret(endpoint);
}

export async function listEndpoints({ merchantId, environment }: MerchantScope) {
  const rows = await db.webhookEndpoint.findMany({ where: { merchantId, environment }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toWebhookResponse);
}

export async function updateEndpoint({ merchantId, environment }: MerchantScope, webhookId: string, input: UpdateWebhookInput) {
  const endpoint = await findEndpoint({ merchantId, environment }, webhookId);
  if (input.url !== undefined) await assertSafeUrl(input.url);
  // Switching an endpoint back on starts a fresh health record.
  const reenabled = input.active === true && (!endpoint.active || endpoint.disabledAt);
  const updated = await db.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      ...(input.url !== undefined && { url: input.url }),
      ...(input.events !== undefined && { events: input.events }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.active !== undefined && { active: input.active }),
      ...(reenabled && { disabledAt: null, failingSince: null }),
    },
  });
  return toWebhookResponse(updated);
}

export async function deleteEndpoint({ merchantId, environment }: MerchantScope, webhookId: string) {
  const endpoint = await findEndpoint({ merchantId, environment }, webhookId);
  await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
}

/** A new secret takes effect for the next attempt; shown once, like at creation. Audited with the change. */
export async function rollSecret({ merchantId, environment }: MerchantScope, webhookId: string, source: AuditSource) {
  const endpoint = await findEndpoint({ merchantId, environment }, webhookId);
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { secret: generateSecret() } });
    await recordAudit(tx, { ...source, merchantId, action: "webhook.secret_rolled", targetType: "webhook", targetId: row.id, metadata: { environment } });
    return row;
  });
  return withSecret(updated);
}

/** Best effort: if the queue is unreachable the sweeper picks the delivery up within seconds. */
async function enqueueNow(ids: string[]) {
  try {
    await enqueueDeliveries(ids);
  } catch (error) {
    log.warn({ err: error }, "could not enqueue webhook deliveries; the sweeper will");
  }
}

function assertActive(endpoint: { active: boolean; disabledAt: Date | null }) {
  if (!endpoint.active || endpoint.disabledAt)
    throw ApiError.conflict("This webhook is disabled; enable it before sending events to it", { code: "webhook_endpoint_disabled" });
}

/** "Send test event": a webhook.test event to this endpoint only, through the normal delivery path. */
export async function sendTestEvent({ merchantId, environment }: MerchantScope, webhookId: string) {
  const endpoint = await findEndpoint({ merchantId, environment }, webhookId);
  assertActive(endpoint);
  const delivery = await db.$transaction(async (tx) => {
    const event = await tx.event.create({
      data: {
        merchantId,
        environment,
        type: TEST_EVENT_TYPE,
        payload: { message: "This is a test event from Paylink. Your endpoint received and can verify it." },
        dispatchedAt: new Date(),
      },
    });
    return tx.webhookDelivery.create({
      data: { eventId: event.id, endpointId: endpoint.id, nextAttemptAt: new Date() },
      include: { event: { select: { type: true } } },
    });
  });
  await enqueueNow([delivery.id]);
  return toDeliveryResponse(delivery);
}

/** Manual resend: the same event (same webhook-id) again, with a fresh retry schedule. */
export async function resendDelivery({ merchantId, environment }: MerchantScope, webhookId: string, deliveryId: string) {
  const endpoint = await findEndpoint({ merchantId, environment }, webhookId);
  assertActive(endpoint);
  const found = await findOr404(deliveryId, "Delivery not found", (id) =>
    db.webhookDelivery.findFirst({ where: { id, endpointId: endpoint.id }, select: { id: true } }),
  );
  const delivery = await db.webhookDelivery.update({
    where: { id: found.id },
    data: { status: "PENDING", attemptCount: 0, nextAttemptAt: new Date() },
    include: { event: { select: { type: true } } },
  });
  await enqueueNow([delivery.id]);
  return toDeliveryResponse(delivery);
}
