import { blankAsMissing, pageQuery } from "@/lib/api/pagination";
import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { EVENT_TYPES } from "./outbox";

/** whsec_ + base64 of 24–64 random bytes: what every Standard Webhooks library accepts. */
export const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

export function isValidSecret(secret: string): boolean {
  if (!SECRET_FORMAT.test(secret)) return false;
  const bytes = Buffer.from(secret.slice("whsec_".length), "base64").length;
  return bytes >= 24 && bytes <= 64;
}

const url = () => fields.httpsUrl("url");

const events = () =>
  z
    .array(z.enum(EVENT_TYPES, { error: `Unknown event type; use one of ${EVENT_TYPES.join(", ")}` }), {
      error: "events must be an array of event types",
    })
    .min(1, "Subscribe to at least one event")
    .max(EVENT_TYPES.length, "events lists an event more than once")
    .refine((list) => new Set(list).size === list.length, "events lists an event more than once");

const description = () => z.string().trim().max(500, "description must be at most 500 characters");

export const createWebhookSchema = z.strictObject({
  url: url(),
  events: events(),
  description: description().optional(),
  active: z.boolean({ error: "active must be true or false" }).optional(),
  secret: z.string().refine(isValidSecret, "secret must be whsec_ followed by base64 of 24 to 64 random bytes").optional(),
});
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .strictObject({
    url: url().optional(),
    events: events().optional(),
    description: description().optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one of url, events, description, active", path: [] });
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;

export const DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;

/** GET …/webhooks/:webhookId/deliveries (also the dashboard's search params). */
export const deliveryListQuery = z.object({
  status: blankAsMissing(z.enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(", ")}` }).optional()),
  eventType: blankAsMissing(z.string().trim().max(64, "eventType must be at most 64 characters").optional()),
  ...pageQuery,
});
export type DeliveryListQuery = z.output<typeof deliveryListQuery>;

/** Path ids are any string: a malformed one answers 404 like an unknown one. */
export const webhookParams = z.object({ webhookId: z.string() });
export const deliveryParams = z.object({ webhookId: z.string(), deliveryId: z.string() });
