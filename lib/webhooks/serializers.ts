import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "@/lib/db/generated/client";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { AttemptSchema, DeliverySchema, WebhookSchema, WebhookWithSecretSchema } from "./openapi";

/** The contract's Webhook configuration. The secret is never part of it (see withSecret). */
export function toWebhookResponse(e: WebhookEndpoint) {
  return {
    id: e.id,
    merchantId: e.merchantId,
    url: e.url,
    events: e.events,
    description: e.description ?? "",
    active: e.active,
    environment: e.environment,
    /** Set when deliveries kept failing for days and the endpoint was switched off. */
    disabledAt: e.disabledAt,
    failingSince: e.failingSince,
    /** The version its events are shaped by; null (created before versions) follows the merchant's pinned one. */
    apiVersion: e.apiVersion,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  } satisfies ResponseOf<typeof WebhookSchema>;
}
export type WebhookResponse = ReturnType<typeof toWebhookResponse>;

/** Only where the contract allows it: creation, and rolling the secret. */
export function withSecret(e: WebhookEndpoint) {
  return { ...toWebhookResponse(e), secretKey: e.secret } satisfies ResponseOf<typeof WebhookWithSecretSchema>;
}

export function toAttemptResponse(a: WebhookAttempt) {
  return {
    id: a.id,
    attemptedAt: a.attemptedAt,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    responseBody: a.responseBody,
    error: a.error,
    succeeded: a.succeeded,
  } satisfies ResponseOf<typeof AttemptSchema>;
}

export function toDeliveryResponse(d: WebhookDelivery & { event: { type: string }; attempts?: WebhookAttempt[] }) {
  const last = d.attempts?.[0];
  return {
    id: d.id,
    webhookId: d.endpointId,
    eventId: d.eventId,
    eventType: d.event.type,
    status: d.status,
    attemptCount: d.attemptCount,
    lastStatusCode: last?.statusCode ?? null,
    lastAttemptAt: d.lastAttemptAt,
    nextAttemptAt: d.status === "PENDING" ? d.nextAttemptAt : null,
    createdAt: d.createdAt,
  } satisfies ResponseOf<typeof DeliverySchema>;
}
export type DeliveryResponse = ReturnType<typeof toDeliveryResponse>;
