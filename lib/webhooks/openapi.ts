import { z } from "@/lib/zod";
import { listOf, pageOf, paths } from "@/lib/api/openapi/operation";
import { MessageSchema, env, ts } from "@/lib/api/openapi/resources";
import { createWebhookSchema, deliveryListQuery, updateWebhookSchema } from "./schemas";
import { TEST_EVENT_TYPE } from "./envelope";
import { EVENT_SCHEMAS, EventSchema } from "./event-schemas";

export const WebhookSchema = z
  .object({
    id: z.uuid(),
    merchantId: z.uuid(),
    url: z.url(),
    events: z.array(z.string()),
    description: z.string(),
    active: z.boolean(),
    environment: env,
    disabledAt: ts.nullable(),
    failingSince: ts.nullable(),
    apiVersion: z.string().nullable().meta({
      description:
        "The API version its events are shaped by: the version of the request that created it (null: created before versions, so the account's pinned version)",
      example: "2026-11-26",
    }),
    createdAt: ts,
    updatedAt: ts,
  })
  .meta({ id: "Webhook" });
export const WebhookWithSecretSchema = WebhookSchema.extend({ secretKey: z.string().meta({ description: "whsec_…: shown only in this response" }) });
export const AttemptSchema = z
  .object({
    id: z.uuid(),
    attemptedAt: ts,
    statusCode: z.int().nullable(),
    durationMs: z.int(),
    responseBody: z.string().nullable(),
    error: z.string().nullable(),
    succeeded: z.boolean(),
  })
  .meta({ id: "WebhookAttempt" });
export const DeliverySchema = z
  .object({
    id: z.uuid(),
    webhookId: z.uuid(),
    eventId: z.uuid().meta({ description: "Also the webhook-id header, the same on every retry" }),
    eventType: z.string(),
    status: z.enum(["PENDING", "SUCCEEDED", "FAILED"]),
    attemptCount: z.int(),
    lastStatusCode: z.int().nullable(),
    lastAttemptAt: ts.nullable(),
    nextAttemptAt: ts.nullable(),
    createdAt: ts,
  })
  .meta({ id: "WebhookDelivery" });

const queued = MessageSchema.extend({ delivery: DeliverySchema });

export const webhookPaths = paths("Webhooks", "userOrKey", {
  "/api/merchants/{merchantId}/webhooks": {
    post: {
      operationId: "createWebhook",
      summary: "Create a webhook endpoint",
      description: "Add an HTTPS endpoint for the events it subscribes to (the signing secret is returned once)",
      body: createWebhookSchema,
      idempotent: true,
      ok: { 201: ["Created", MessageSchema.extend({ webhook: WebhookWithSecretSchema })] },
    },
    get: {
      operationId: "listWebhooks",
      summary: "List webhook endpoints",
      description: "The merchant's endpoints (never their secrets)",
      ok: { 200: ["Endpoints", listOf(WebhookSchema)] },
    },
  },
  "/api/merchants/{merchantId}/webhooks/{webhookId}": {
    get: {
      operationId: "getWebhook",
      summary: "Get a webhook endpoint",
      ok: { 200: ["The endpoint", z.object({ webhook: WebhookSchema })] },
    },
    put: {
      operationId: "updateWebhook",
      summary: "Update a webhook endpoint",
      description: "Change an endpoint (url, events, description, active)",
      body: updateWebhookSchema,
      ok: { 200: ["Updated", MessageSchema.extend({ webhook: WebhookSchema })] },
    },
    delete: {
      operationId: "deleteWebhook",
      summary: "Delete a webhook endpoint",
      description: "Delete an endpoint and its delivery log.",
      ok: { 200: ["Deleted", MessageSchema] },
    },
  },
  "/api/merchants/{merchantId}/webhooks/{webhookId}/roll-secret": {
    post: {
      operationId: "rollWebhookSecret",
      summary: "Roll a webhook secret",
      description: "Replace the signing secret (the new one is returned once)",
      ok: { 200: ["Rolled", MessageSchema.extend({ webhook: WebhookWithSecretSchema })] },
    },
  },
  "/api/merchants/{merchantId}/webhooks/{webhookId}/test": {
    post: {
      operationId: "sendTestWebhook",
      idempotent: true,
      summary: "Send a test event",
      description: "Send a webhook.test event to this endpoint.",
      errors: [409],
      ok: { 202: ["Queued", queued] },
    },
  },
  "/api/merchants/{merchantId}/webhooks/{webhookId}/deliveries": {
    get: {
      operationId: "listWebhookDeliveries",
      summary: "List deliveries",
      description: "The delivery log, newest first (filter by status and event type)",
      query: deliveryListQuery,
      ok: { 200: ["A page", pageOf(DeliverySchema)] },
    },
  },
  "/api/merchants/{merchantId}/webhooks/{webhookId}/deliveries/{deliveryId}": {
    get: {
      operationId: "getWebhookDelivery",
      summary: "Get a delivery",
      description: "One delivery with its payload and every attempt.",
      ok: {
        200: [
          "The delivery",
          z.object({
            delivery: DeliverySchema,
            payload: z.union([EventSchema, EVENT_SCHEMAS[TEST_EVENT_TYPE]]).meta({ description: "The event, exactly as delivered" }),
            attempts: z.array(AttemptSchema),
          }),
        ],
      },
    },
  },
  "/api/merchants/{merchantId}/webhooks/{webhookId}/deliveries/{deliveryId}/resend": {
    post: {
      operationId: "resendWebhookDelivery",
      idempotent: true,
      summary: "Resend a delivery",
      description: "Deliver again now (same webhook-id)",
      errors: [409],
      ok: { 202: ["Queued", queued] },
    },
  },
});
