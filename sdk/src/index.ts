// Paylink's TypeScript SDK: named operations over a typed openapi-fetch client, with request and
// response types generated from the API's own OpenAPI document (./schema.d.ts, `npm run sdk:generate`),
// and Standard Webhooks verification for the events Paylink sends.
import createClient, { type Client } from "openapi-fetch";
import { Webhook } from "standardwebhooks";
import type { components, paths } from "./schema";

export type { components, paths } from "./schema";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
/** The query parameters an operation takes. */
export type QueryParams<P extends keyof paths, M extends Method> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** An event, exactly as a webhook delivers it and the events API lists it. */
export type PaylinkEvent = components["schemas"]["Event"];
export type Transaction = components["schemas"]["Transaction"];
export type PaymentLink = components["schemas"]["PaymentLink"];
export type Plan = components["schemas"]["Plan"];
export type Subscription = components["schemas"]["Subscription"];

export type PaylinkClientOptions = {
  /** Where the API is, e.g. "https://pay.example.com" (no trailing /api). */
  baseUrl: string;
  /** A merchant secret key (sk_test_… / sk_live_…): server-to-server calls. */
  secretKey?: string;
  /** Or a user token from `auth.login` (payment links and invoices take a user token). */
  token?: string;
  /** The merchant for /api/merchants/{merchantId}/… calls (shown on the dashboard's Developers page). */
  merchantId?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
};

/** A non-2xx answer: the API's `{ message, errors? }` with the status and the request id. */
export class PaylinkError extends Error {
  readonly status: number;
  readonly errors: { field: string; message: string }[];
  readonly requestId: string | null;
  readonly body: unknown;

  constructor(status: number, body: unknown, requestId: string | null) {
    const message = typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" ? body.message : `HTTP ${status}`;
    super(message);
    this.name = "PaylinkError";
    this.status = status;
    this.body = body;
    this.requestId = requestId;
    this.errors = typeof body === "object" && body !== null && "errors" in body && Array.isArray(body.errors) ? body.errors : [];
  }
}

/** openapi-fetch's answer: the typed success body, or a PaylinkError. */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw new PaylinkError(response.status, error ?? null, response.headers.get("x-request-id"));
  return data;
}

const idempotency = (key?: string) => (key ? { "Idempotency-Key": key } : {});

/**
 * A client for one integration:
 *
 *     const paylink = createPaylinkClient({ baseUrl: "https://pay.example.com", secretKey: process.env.PAYLINK_SECRET_KEY });
 *     const { authorizationUrl, reference } = await paylink.transactions.initiate({ amount: 250000, email: "ada@example.com" });
 *
 * Every operation returns the typed body of a 2xx answer and throws a PaylinkError otherwise.
 * `raw` is the underlying openapi-fetch client, typed for every path of the API.
 */
export function createPaylinkClient(options: PaylinkClientOptions) {
  const credential = options.secretKey ?? options.token;
  const raw: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: credential ? { Authorization: `Bearer ${credential}` } : {},
    ...(options.fetch && { fetch: options.fetch }),
  });
  const merchant = (merchantId = options.merchantId) => {
    if (!merchantId) throw new TypeError("This call needs a merchantId: pass it to createPaylinkClient (Developers shows it)");
    return merchantId;
  };

  return {
    raw,

    auth: {
      /** A user token (24 hours) for calls that take one: payment links, invoices, the team. */
      login: (body: RequestBody<"/api/auth/login", "post">) => unwrap(raw.POST("/api/auth/login", { body })),
    },

    transactions: {
      /** Starts a payment: send the customer to `authorizationUrl`, keep `reference`. With a secret key `merchantId` may be left out. */
      initiate: (body: RequestBody<"/api/transactions/initiate", "post">, opts: { idempotencyKey?: string } = {}) =>
        unwrap(raw.POST("/api/transactions/initiate", { body, params: { header: idempotency(opts.idempotencyKey) } })),
      /** A payment's current state, by id or reference: check `data.status` and `data.amount` before you deliver. */
      verify: (transactionIdOrReference: string) =>
        unwrap(raw.GET("/api/transactions/{transactionId}/verify", { params: { path: { transactionId: transactionIdOrReference } } })),
      /** Refunds a completed payment, in full (no amount) or in part. */
      refund: (transactionId: string, body: RequestBody<"/api/transactions/{transactionId}/refund", "post"> = {}, opts: { idempotencyKey?: string } = {}) =>
        unwrap(raw.POST("/api/transactions/{transactionId}/refund", { body, params: { path: { transactionId }, header: idempotency(opts.idempotencyKey) } })),
      list: (query: QueryParams<"/api/merchants/{merchantId}/transactions", "get"> = {}) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/transactions", { params: { path: { merchantId: merchant() }, query } })),
      get: (transactionId: string) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/transactions/{transactionId}", { params: { path: { merchantId: merchant(), transactionId } } })),
    },

    /** Payment links take a user token (`auth.login`), as the API contract says. */
    paymentLinks: {
      create: (body: RequestBody<"/api/merchants/{merchantId}/payment-links", "post">) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/payment-links", { body, params: { path: { merchantId: merchant() } } })),
      list: (query: QueryParams<"/api/merchants/{merchantId}/payment-links", "get"> = {}) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/payment-links", { params: { path: { merchantId: merchant() }, query } })),
      get: (linkId: string) => unwrap(raw.GET("/api/merchants/{merchantId}/payment-links/{linkId}", { params: { path: { merchantId: merchant(), linkId } } })),
      update: (linkId: string, body: RequestBody<"/api/merchants/{merchantId}/payment-links/{linkId}", "patch">) =>
        unwrap(raw.PATCH("/api/merchants/{merchantId}/payment-links/{linkId}", { body, params: { path: { merchantId: merchant(), linkId } } })),
      delete: (linkId: string) =>
        unwrap(raw.DELETE("/api/merchants/{merchantId}/payment-links/{linkId}", { params: { path: { merchantId: merchant(), linkId } } })),
    },

    /** What you bill by the period (a secret key or a user token). Customers subscribe at /subscribe/{planId}. */
    plans: {
      create: (body: RequestBody<"/api/merchants/{merchantId}/plans", "post">, opts: { idempotencyKey?: string } = {}) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/plans", { body, params: { path: { merchantId: merchant() }, header: idempotency(opts.idempotencyKey) } })),
      list: (query: QueryParams<"/api/merchants/{merchantId}/plans", "get"> = {}) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/plans", { params: { path: { merchantId: merchant() }, query } })),
      get: (planId: string) => unwrap(raw.GET("/api/merchants/{merchantId}/plans/{planId}", { params: { path: { merchantId: merchant(), planId } } })),
      /** A new amount or trial applies to new subscriptions only; `active: false` takes no new subscribers. */
      update: (planId: string, body: RequestBody<"/api/merchants/{merchantId}/plans/{planId}", "put">) =>
        unwrap(raw.PUT("/api/merchants/{merchantId}/plans/{planId}", { body, params: { path: { merchantId: merchant(), planId } } })),
    },

    subscriptions: {
      list: (query: QueryParams<"/api/merchants/{merchantId}/subscriptions", "get"> = {}) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/subscriptions", { params: { path: { merchantId: merchant() }, query } })),
      get: (subscriptionId: string) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/subscriptions/{subscriptionId}", { params: { path: { merchantId: merchant(), subscriptionId } } })),
      /** Now (default), or `{ atPeriodEnd: true }`: it ends when its current period does, uncharged. */
      cancel: (subscriptionId: string, body: RequestBody<"/api/merchants/{merchantId}/subscriptions/{subscriptionId}/cancel", "post"> = {}) =>
        unwrap(
          raw.POST("/api/merchants/{merchantId}/subscriptions/{subscriptionId}/cancel", { body, params: { path: { merchantId: merchant(), subscriptionId } } }),
        ),
    },

    /** Catch up on webhooks you missed: the same envelopes, kept 30 days. */
    events: {
      /** Newest first; pass `nextCursor` back as `cursor` for the next page. With a user token, set merchantId. */
      list: (query: QueryParams<"/api/events", "get"> = {}) =>
        unwrap(raw.GET("/api/events", { params: { query: { ...(options.token && !query.merchantId && { merchantId: merchant() }), ...query } } })),
      get: (eventId: string) =>
        unwrap(raw.GET("/api/events/{eventId}", { params: { path: { eventId }, query: options.token ? { merchantId: merchant() } : {} } })),
    },

    webhooks,
  };
}

export type PaylinkClient = ReturnType<typeof createPaylinkClient>;

/** Headers as Node (IncomingHttpHeaders), fetch (Headers) or a plain object carry them. */
type HeadersLike = Headers | Record<string, string | string[] | undefined>;

function plainHeaders(headers: HeadersLike): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof (headers as Headers).forEach === "function" && typeof (headers as Headers).get === "function") {
    (headers as Headers).forEach((value, name) => (out[name.toLowerCase()] = value));
    return out;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

export const webhooks = {
  /**
   * Checks a delivery's Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
   * `webhook-signature`) with the endpoint's `whsec_…` secret, over the raw body exactly as received,
   * and returns the event. Throws when the signature is wrong or the timestamp is more than five
   * minutes away. De-duplicate on `event.id` (the `webhook-id` header): a retry carries the same one.
   */
  verify(payload: string | Buffer, headers: HeadersLike, secret: string): PaylinkEvent {
    return new Webhook(secret).verify(payload, plainHeaders(headers)) as PaylinkEvent;
  },
};
