// A client for one integration: named operations over a typed openapi-fetch client, every request
// going through the transport (timeout, retries, automatic Idempotency-Key).
import createClient, { type Client } from "openapi-fetch";
import { PaylinkError } from "./errors.js";
import { PageList, type Page } from "./pages.js";
import { createTransport, TimeoutError, type RetryOptions } from "./transport.js";
import type { paths, QueryParams, RequestBody } from "./types.js";
import { webhooks } from "./webhooks.js";

export type PaylinkClientOptions = {
  /** Where the API is, e.g. "https://pay.example.com" (no trailing /api). */
  baseUrl: string;
  /** A merchant secret key (sk_test_… / sk_live_…): server-to-server calls. */
  secretKey?: string;
  /** Or a user token from `auth.login`. */
  token?: string;
  /** The merchant for /api/merchants/{merchantId}/… calls (shown on the dashboard's Developers page). */
  merchantId?: string;
  /** Pins the API version (`Paylink-Version`, e.g. "2026-11-26"); by default the merchant's own. */
  apiVersion?: string;
  /** Per attempt, in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Retries of 429, 503, lost connections and (when repeating is safe) other 5xx: default 2. */
  maxRetries?: number;
  retry?: Omit<RetryOptions, "maxRetries">;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
};

type CallOptions = { idempotencyKey?: string };

/** openapi-fetch's answer: the typed success body, or a PaylinkError (status 0: no answer). */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await call;
  } catch (error) {
    const code = error instanceof TimeoutError ? "timeout" : "network_error";
    throw new PaylinkError(0, { message: error instanceof Error ? error.message : String(error), code });
  }
  const { data, error, response } = answer;
  if (!response.ok || data === undefined) throw new PaylinkError(response.status, error ?? null, response.headers.get("x-request-id"));
  return data;
}

const idempotency = (opts: CallOptions) => (opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {});

/**
 * A client for one integration:
 *
 *     const paylink = createPaylinkClient({ baseUrl: "https://pay.example.com", secretKey: process.env.PAYLINK_SECRET_KEY });
 *     const { authorizationUrl, reference } = await paylink.transactions.initiate({ amount: 250000, email: "ada@example.com" });
 *
 * Every operation returns the typed body of a 2xx answer and throws a PaylinkError otherwise. Lists
 * are awaited for one page or iterated (`for await`) for every item. `raw` is the underlying
 * openapi-fetch client, typed for every path of the API.
 */
export function createPaylinkClient(options: PaylinkClientOptions) {
  const credential = options.secretKey ?? options.token;
  const raw: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: {
      ...(credential && { Authorization: `Bearer ${credential}` }),
      ...(options.apiVersion && { "Paylink-Version": options.apiVersion }),
    },
    fetch: createTransport({ ...options.retry, maxRetries: options.maxRetries, timeoutMs: options.timeoutMs, fetch: options.fetch }),
  });
  const merchantId = () => {
    if (!options.merchantId) throw new TypeError("This call needs a merchantId: pass it to createPaylinkClient (Developers shows it)");
    return options.merchantId;
  };
  /** A list: the query's own cursor first, then each answer's nextCursor. */
  const list = <P extends Page<unknown>>(query: { cursor?: string }, fetchPage: (cursor: string | undefined) => Promise<P>) =>
    new PageList<P>((cursor) => fetchPage(cursor ?? query.cursor));
  const m = () => ({ merchantId: merchantId() });

  return {
    raw,

    auth: {
      /** A user token (24 hours) for the calls that take only a person (the team, keys). */
      login: (body: RequestBody<"/api/auth/login", "post">) => unwrap(raw.POST("/api/auth/login", { body })),
    },

    transactions: {
      /** Starts a payment: send the customer to `authorizationUrl`, keep `reference`. With a secret key `merchantId` may be left out. */
      initiate: (body: RequestBody<"/api/transactions/initiate", "post">, opts: CallOptions = {}) =>
        unwrap(raw.POST("/api/transactions/initiate", { body, params: { header: idempotency(opts) } })),
      /** A payment's current state, by id or reference: check `data.status` and `data.amount` before you deliver. */
      verify: (transactionIdOrReference: string) =>
        unwrap(raw.GET("/api/transactions/{transactionId}/verify", { params: { path: { transactionId: transactionIdOrReference } } })),
      /** Refunds a completed payment, in full (no amount) or in part. */
      refund: (transactionId: string, body: RequestBody<"/api/transactions/{transactionId}/refund", "post"> = {}, opts: CallOptions = {}) =>
        unwrap(raw.POST("/api/transactions/{transactionId}/refund", { body, params: { path: { transactionId }, header: idempotency(opts) } })),
      /** Newest first. A secret key names its merchant; a user token needs the client's merchantId. */
      list: (query: Omit<QueryParams<"/api/transactions", "get">, "merchantId"> = {}) =>
        list(query, (cursor) => unwrap(raw.GET("/api/transactions", { params: { query: { ...query, cursor, ...scope() } } }))),
      /** One transaction with its timeline and refunds (needs the merchantId). */
      get: (transactionId: string) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/transactions/{transactionId}", { params: { path: { ...m(), transactionId } } })),
    },

    paymentLinks: {
      create: (body: RequestBody<"/api/merchants/{merchantId}/payment-links", "post">, opts: CallOptions = {}) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/payment-links", { body, params: { path: m(), header: idempotency(opts) } })),
      list: (query: QueryParams<"/api/merchants/{merchantId}/payment-links", "get"> = {}) =>
        list(query, (cursor) => unwrap(raw.GET("/api/merchants/{merchantId}/payment-links", { params: { path: m(), query: { ...query, cursor } } }))),
      get: (linkId: string) => unwrap(raw.GET("/api/merchants/{merchantId}/payment-links/{linkId}", { params: { path: { ...m(), linkId } } })),
      update: (linkId: string, body: RequestBody<"/api/merchants/{merchantId}/payment-links/{linkId}", "patch">) =>
        unwrap(raw.PATCH("/api/merchants/{merchantId}/payment-links/{linkId}", { body, params: { path: { ...m(), linkId } } })),
      delete: (linkId: string) => unwrap(raw.DELETE("/api/merchants/{merchantId}/payment-links/{linkId}", { params: { path: { ...m(), linkId } } })),
    },

    invoices: {
      create: (body: RequestBody<"/api/merchants/{merchantId}/invoices", "post">, opts: CallOptions = {}) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/invoices", { body, params: { path: m(), header: idempotency(opts) } })),
      list: (query: QueryParams<"/api/merchants/{merchantId}/invoices", "get"> = {}) =>
        list(query, (cursor) => unwrap(raw.GET("/api/merchants/{merchantId}/invoices", { params: { path: m(), query: { ...query, cursor } } }))),
      get: (invoiceId: string) => unwrap(raw.GET("/api/merchants/{merchantId}/invoices/{invoiceId}", { params: { path: { ...m(), invoiceId } } })),
      update: (invoiceId: string, body: RequestBody<"/api/merchants/{merchantId}/invoices/{invoiceId}", "patch">) =>
        unwrap(raw.PATCH("/api/merchants/{merchantId}/invoices/{invoiceId}", { body, params: { path: { ...m(), invoiceId } } })),
      /** E-mails the invoice to its customer (a draft becomes SENT). */
      send: (invoiceId: string) => unwrap(raw.POST("/api/merchants/{merchantId}/invoices/{invoiceId}/send", { params: { path: { ...m(), invoiceId } } })),
      void: (invoiceId: string) => unwrap(raw.POST("/api/merchants/{merchantId}/invoices/{invoiceId}/void", { params: { path: { ...m(), invoiceId } } })),
      /** The invoice as a PDF, in bytes. */
      pdf: async (invoiceId: string): Promise<Uint8Array> => {
        const blob = await unwrap(
          raw.GET("/api/merchants/{merchantId}/invoices/{invoiceId}/pdf", { params: { path: { ...m(), invoiceId } }, parseAs: "blob" }) as Promise<{
            data?: Blob;
            error?: unknown;
            response: Response;
          }>,
        );
        return new Uint8Array(await blob.arrayBuffer());
      },
    },

    customers: {
      list: (query: QueryParams<"/api/merchants/{merchantId}/customers", "get"> = {}) =>
        list(query, (cursor) => unwrap(raw.GET("/api/merchants/{merchantId}/customers", { params: { path: m(), query: { ...query, cursor } } }))),
      get: (customerId: string) => unwrap(raw.GET("/api/merchants/{merchantId}/customers/{customerId}", { params: { path: { ...m(), customerId } } })),
      /** The customer's own bank account number for transfers (null until one is made). */
      virtualAccount: (customerId: string) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/customers/{customerId}/virtual-account", { params: { path: { ...m(), customerId } } })),
      createVirtualAccount: (customerId: string, body: RequestBody<"/api/merchants/{merchantId}/customers/{customerId}/virtual-account", "post"> = {}) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/customers/{customerId}/virtual-account", { body, params: { path: { ...m(), customerId } } })),
      /** Pays the customer's credit back to them. */
      refundCredit: (
        customerId: string,
        body: RequestBody<"/api/merchants/{merchantId}/customers/{customerId}/credit/refund", "post">,
        opts: CallOptions = {},
      ) =>
        unwrap(
          raw.POST("/api/merchants/{merchantId}/customers/{customerId}/credit/refund", {
            body,
            params: { path: { ...m(), customerId }, header: idempotency(opts) },
          }),
        ),
    },

    payouts: {
      list: (query: QueryParams<"/api/merchants/{merchantId}/payouts", "get"> = {}) =>
        list(query, (cursor) => unwrap(raw.GET("/api/merchants/{merchantId}/payouts", { params: { path: m(), query: { ...query, cursor } } }))),
      get: (payoutId: string) => unwrap(raw.GET("/api/merchants/{merchantId}/payouts/{payoutId}", { params: { path: { ...m(), payoutId } } })),
    },

    /** Your webhook endpoints (distinct from `webhooks.verify`, which checks a delivery). */
    webhookEndpoints: {
      create: (body: RequestBody<"/api/merchants/{merchantId}/webhooks", "post">, opts: CallOptions = {}) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/webhooks", { body, params: { path: m(), header: idempotency(opts) } })),
      list: () => unwrap(raw.GET("/api/merchants/{merchantId}/webhooks", { params: { path: m() } })),
      get: (webhookId: string) => unwrap(raw.GET("/api/merchants/{merchantId}/webhooks/{webhookId}", { params: { path: { ...m(), webhookId } } })),
      update: (webhookId: string, body: RequestBody<"/api/merchants/{merchantId}/webhooks/{webhookId}", "put">) =>
        unwrap(raw.PUT("/api/merchants/{merchantId}/webhooks/{webhookId}", { body, params: { path: { ...m(), webhookId } } })),
      delete: (webhookId: string) => unwrap(raw.DELETE("/api/merchants/{merchantId}/webhooks/{webhookId}", { params: { path: { ...m(), webhookId } } })),
      rollSecret: (webhookId: string) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/webhooks/{webhookId}/roll-secret", { params: { path: { ...m(), webhookId } } })),
      /** Sends a `webhook.test` event to this endpoint only. */
      test: (webhookId: string) => unwrap(raw.POST("/api/merchants/{merchantId}/webhooks/{webhookId}/test", { params: { path: { ...m(), webhookId } } })),
      deliveries: (webhookId: string, query: QueryParams<"/api/merchants/{merchantId}/webhooks/{webhookId}/deliveries", "get"> = {}) =>
        list(query, (cursor) =>
          unwrap(
            raw.GET("/api/merchants/{merchantId}/webhooks/{webhookId}/deliveries", { params: { path: { ...m(), webhookId }, query: { ...query, cursor } } }),
          ),
        ),
      delivery: (webhookId: string, deliveryId: string) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/webhooks/{webhookId}/deliveries/{deliveryId}", { params: { path: { ...m(), webhookId, deliveryId } } })),
      resend: (webhookId: string, deliveryId: string) =>
        unwrap(
          raw.POST("/api/merchants/{merchantId}/webhooks/{webhookId}/deliveries/{deliveryId}/resend", { params: { path: { ...m(), webhookId, deliveryId } } }),
        ),
    },

    /** What you bill by the period. Customers subscribe at /subscribe/{planId}. */
    plans: {
      create: (body: RequestBody<"/api/merchants/{merchantId}/plans", "post">, opts: CallOptions = {}) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/plans", { body, params: { path: m(), header: idempotency(opts) } })),
      list: (query: QueryParams<"/api/merchants/{merchantId}/plans", "get"> = {}) =>
        list(query, (cursor) => unwrap(raw.GET("/api/merchants/{merchantId}/plans", { params: { path: m(), query: { ...query, cursor } } }))),
      get: (planId: string) => unwrap(raw.GET("/api/merchants/{merchantId}/plans/{planId}", { params: { path: { ...m(), planId } } })),
      /** A new amount or trial applies to new subscriptions only; `active: false` takes no new subscribers. */
      update: (planId: string, body: RequestBody<"/api/merchants/{merchantId}/plans/{planId}", "put">) =>
        unwrap(raw.PUT("/api/merchants/{merchantId}/plans/{planId}", { body, params: { path: { ...m(), planId } } })),
    },

    subscriptions: {
      list: (query: QueryParams<"/api/merchants/{merchantId}/subscriptions", "get"> = {}) =>
        list(query, (cursor) => unwrap(raw.GET("/api/merchants/{merchantId}/subscriptions", { params: { path: m(), query: { ...query, cursor } } }))),
      get: (subscriptionId: string) =>
        unwrap(raw.GET("/api/merchants/{merchantId}/subscriptions/{subscriptionId}", { params: { path: { ...m(), subscriptionId } } })),
      /** Now (default), or `{ atPeriodEnd: true }`: it ends when its current period does, uncharged. */
      cancel: (subscriptionId: string, body: RequestBody<"/api/merchants/{merchantId}/subscriptions/{subscriptionId}/cancel", "post"> = {}) =>
        unwrap(raw.POST("/api/merchants/{merchantId}/subscriptions/{subscriptionId}/cancel", { body, params: { path: { ...m(), subscriptionId } } })),
    },

    /** Catch up on webhooks you missed: the same envelopes, kept 30 days. */
    events: {
      /** Newest first. A secret key names its merchant; a user token needs the client's merchantId. */
      list: (query: Omit<QueryParams<"/api/events", "get">, "merchantId"> = {}) =>
        list(query, (cursor) => unwrap(raw.GET("/api/events", { params: { query: { ...query, cursor, ...scope() } } }))),
      get: (eventId: string) => unwrap(raw.GET("/api/events/{eventId}", { params: { path: { eventId }, query: scope() } })),
      /** Test mode only: a sample event of `type`, delivered to your test endpoints like a real one. */
      trigger: (type: RequestBody<"/api/events/trigger", "post">["type"]) =>
        unwrap(raw.POST("/api/events/trigger", { body: { type }, params: { query: scope() } })),
    },

    webhooks,
  };

  /** The merchantId query of /api/transactions and /api/events…: a user token names it, a secret key need not. */
  function scope(): { merchantId?: string } {
    return options.token && !options.secretKey ? { merchantId: merchantId() } : {};
  }
}

export type PaylinkClient = ReturnType<typeof createPaylinkClient>;
