import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "@/lib/db/generated/client";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { AttemptSchema, DeliverySchema, WebhookSchema, WebhookWithSecretSchema } from "./openapi";

/** The contract's Webhook configuration. The secret is never part of it (see withSecret). */
export function toWebhookResponse(e: WebhookEndpoint) {
  return {
    ...columns(e, ["id", "merchantId", "url", "events"]),
    description: e.description ?? "",
    // disabledAt: set when deliveries kept failing for days and the endpoint was switched off. apiVersion: the
    // version its events are shaped by; null (created before versions) follows the merchant's pinned one.
    ...columns(e, ["active", "environment", "disabledAt", "failingSince", "apiVersion", "createdAt", "updatedAt"]),
  } satisfies ResponseOf<typeof WebhookSchema>;
}
export type WebhookResponse = ReturnType<typeof toWebhookResponse>;

/** Only where the contract allows it: creation, and rolling the secret. */
export function withSecret(e: WebhookEndpoint) {
  return { ...toWebhookResponse(e), secretKey: e.secret } satisfies ResponseOf<typeof WebhookWithSecretSchema>;
}

export function toAttemptResponse(a: WebhookAttempt) {
  return columns(a, ["id", "attemptedAt", "statusCode", "durationMs", "responseBody", "error", "succeeded"]) satisfies ResponseOf<typeof AttemptSchema>;
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
