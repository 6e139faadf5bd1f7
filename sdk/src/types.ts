// Names for the generated types (./schema.d.ts, from the API's OpenAPI document).
import type { components, paths } from "./schema.js";

export type { components, paths } from "./schema.js";

type Schemas = components["schemas"];
export type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
/** The query parameters an operation takes. */
export type QueryParams<P extends keyof paths, M extends Method> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * An event, exactly as a webhook delivers it and the events API lists it: one of the catalogue's
 * types, or `webhook.test` (sent by an endpoint's "Send test event"). Narrow on `type`.
 */
export type PaylinkEvent = Schemas["Event"] | Schemas["WebhookTestEvent"];
export type PaylinkEventType = PaylinkEvent["type"];
export type Transaction = Schemas["Transaction"];
export type Refund = Schemas["Refund"];
export type PaymentLink = Schemas["PaymentLink"];
export type Invoice = Schemas["Invoice"];
export type Customer = Schemas["Customer"];
export type VirtualAccount = Schemas["VirtualAccount"];
export type Payout = Schemas["Payout"];
export type WebhookEndpoint = Schemas["Webhook"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type Plan = Schemas["Plan"];
export type Subscription = Schemas["Subscription"];
