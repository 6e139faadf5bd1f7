// Every API route, with what it needs. tests/integration/permissions.test.ts runs each merchant-scoped
// route as every role and fails when a route file exports a method that is missing here: add new
// routes to one of the two lists (and give `setup` real ids when the path names a sub-resource).
import { db } from "@/lib/db/client";
import type { Permission } from "@/lib/auth/permissions";
import type { MembershipRole } from "@/lib/db/generated/enums";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import { createLink } from "@/lib/links/service";
import { createApiKey } from "@/lib/auth/api-keys";
import { createInvoice } from "@/lib/invoices/service";
import { createMember, readyForLive, uniqueEmail } from "./factories";
import { eventData } from "./webhooks";
import { insertCustomer, insertPlan, insertSubscription, insertWebhookEndpoint } from "./rows";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The merchant the permission test runs against, and what its routes can point at. */
export type Fixture = { merchantId: string; transactionId: string };
export type Request = { params?: Record<string, string>; body?: unknown; query?: string };

export type MerchantRoute = {
  method: Method;
  path: string;
  permission: Permission;
  /** "user": JWT or dashboard session only (a secret key gets 401); "userOrKey": secret keys too. */
  auth: "user" | "userOrKey";
  /** Ids (and a body) for one call; runs once per caller, so destructive routes get a fresh target. */
  setup?: (f: Fixture) => Promise<Request>;
  /** The same body for every call. */
  body?: unknown;
};

/** One call's ids, query and body: the route's setup, with its fixed body. */
export async function requestFor(route: Pick<MerchantRoute, "setup" | "body">, f: Fixture): Promise<Request> {
  const request = (await route.setup?.(f)) ?? {};
  return route.body === undefined ? request : { ...request, body: route.body };
}

export type OtherRoute = { method: Method; path: string; why: string };

async function freshMember(f: Fixture, role: MembershipRole = "VIEWER"): Promise<Request> {
  const member = await createMember(f.merchantId, role);
  return { params: { membershipId: member.membership.id } };
}

async function freshInvitation(f: Fixture): Promise<Request> {
  const invitation = await db.invitation.create({
    data: {
      merchantId: f.merchantId,
      email: uniqueEmail("invited"),
      role: "VIEWER",
      tokenHash: sha256(randomToken()),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return { params: { invitationId: invitation.id } };
}

async function freshLink(f: Fixture): Promise<Request> {
  const link = await createLink({ merchantId: f.merchantId, environment: "test" }, { title: "Permission check" });
  return { params: { linkId: link.id } };
}

async function freshInvoice(f: Fixture): Promise<Request> {
  const invoice = await createInvoice(
    { merchantId: f.merchantId, environment: "test" },
    { customerEmail: uniqueEmail("billed"), lineItems: [{ description: "Item", amount: 10_000, quantity: 1 }], status: "DRAFT" },
  );
  return { params: { invoiceId: invoice.id } };
}

async function freshWebhook(f: Fixture): Promise<Request> {
  const endpoint = await insertWebhookEndpoint({ merchantId: f.merchantId });
  return { params: { webhookId: endpoint.id } };
}

/** A transaction.completed event of the fixture's merchant, already handed to its webhooks. */
function dispatchedEvent(f: Fixture) {
  return db.event.create({
    data: {
      merchantId: f.merchantId,
      environment: "test",
      type: "transaction.completed",
      payload: eventData("transaction.completed"),
      dispatchedAt: new Date(),
    },
  });
}

async function freshDelivery(f: Fixture): Promise<Request> {
  const { params } = await freshWebhook(f);
  const event = await dispatchedEvent(f);
  const delivery = await db.webhookDelivery.create({ data: { eventId: event.id, endpointId: params!.webhookId!, status: "FAILED" } });
  return { params: { ...params, deliveryId: delivery.id } };
}

async function freshEvent(f: Fixture): Promise<Request> {
  const event = await dispatchedEvent(f);
  return { params: { eventId: event.id }, query: `?merchantId=${f.merchantId}` };
}

async function freshPayout(f: Fixture): Promise<Request> {
  const payout = await db.payout.create({
    data: {
      merchantId: f.merchantId,
      environment: "test",
      processor: "sandbox",
      externalId: `sbx_stl_${randomToken(6)}`,
      status: "paid",
      amount: 98_000n,
      fees: 2_000n,
      grossAmount: 100_000n,
    },
  });
  return { params: { payoutId: payout.id } };
}

/** A customer with an account number (as the sandbox issues them: 10 digits starting with 9). */
async function customerWithAccount(f: Fixture): Promise<Request> {
  const request = await freshCustomer(f);
  const customerId = request.params!.customerId!;
  const accountNumber = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  await db.virtualAccount.create({
    data: {
      merchantId: f.merchantId,
      environment: "test",
      customerId,
      processor: "sandbox",
      bankName: "Wema Bank",
      accountNumber,
      accountName: "Permission check",
    },
  });
  return request;
}

async function freshCustomer(f: Fixture): Promise<Request> {
  const paidAt = new Date();
  const customer = await insertCustomer({ merchantId: f.merchantId, totalPaid: 250_000n, paymentCount: 1, firstPaymentAt: paidAt, lastPaymentAt: paidAt });
  return { params: { customerId: customer.id } };
}

async function freshPlan(f: Fixture): Promise<Request> {
  const plan = await insertPlan({ merchantId: f.merchantId });
  return { params: { planId: plan.id } };
}

async function freshSubscription(f: Fixture): Promise<Request> {
  const { subscription } = await insertSubscription({ merchantId: f.merchantId });
  return { params: { subscriptionId: subscription.id } };
}

async function liveKeysToRoll(f: Fixture): Promise<Request> {
  await readyForLive(f.merchantId);
  const live = await db.apiKey.findFirst({ where: { merchantId: f.merchantId, environment: "live", revokedAt: null } });
  if (!live) await createApiKey(db, f.merchantId, "live");
  return { body: { environment: "live" } };
}

async function freshRestrictedKey(f: Fixture): Promise<Request> {
  const key = await createApiKey(db, f.merchantId, "test", { name: "Permission check", permissions: ["merchant:read"] });
  return { params: { keyId: key.id } };
}

/** The fixture's test key, whose secret (sealed since sign-up) can be shown any number of times. */
const testSecretToReveal = async (): Promise<Request> => ({ body: { environment: "test" } });

/** The fixture's own (PENDING) transaction. */
const fixtureTransaction = async (f: Fixture): Promise<Request> => ({ params: { transactionId: f.transactionId } });

/** A row of MERCHANT_ROUTES: "METHOD /path", the permission it needs, who may call it, and how to call it. */
function route(line: string, permission: Permission, auth: MerchantRoute["auth"], call: Pick<MerchantRoute, "setup" | "body"> = {}): MerchantRoute {
  const [method, path] = line.split(" ") as [Method, string];
  return { method, path, permission, auth, ...call };
}

/** Routes that act on one merchant: /api/merchants/:merchantId/…, or a resource that belongs to one. */
export const MERCHANT_ROUTES: MerchantRoute[] = [
  route("GET /api/merchants/:merchantId", "merchant:read", "userOrKey"),
  route("PUT /api/merchants/:merchantId", "merchant:update", "user", { body: { supportPhone: "+234 803 123 4567" } }),
  // A JSON body is refused (400: not multipart); the permission decides first. Uploads: merchant-logo.test.ts.
  route("POST /api/merchants/:merchantId/logo", "merchant:update", "user", { body: { logo: "not a file" } }),
  route("DELETE /api/merchants/:merchantId/logo", "merchant:update", "user"),
  route("GET /api/merchants/:merchantId/transactions", "payments:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/transactions/:transactionId", "payments:read", "userOrKey", { setup: fixtureTransaction }),
  // Not under /api/merchants, but the transaction's merchant is checked with the same table.
  route("GET /api/transactions/:transactionId/verify", "payments:read", "userOrKey", { setup: fixtureTransaction }),
  // The fixture's transaction is PENDING: allowed callers get 400 "Only completed transactions can be refunded".
  route("POST /api/transactions/:transactionId/refund", "payments:refund", "userOrKey", { setup: fixtureTransaction, body: {} }),
  route("GET /api/merchants/:merchantId/members", "team:read", "user"),
  route("PATCH /api/merchants/:merchantId/members/:membershipId", "team:manage", "user", { setup: freshMember, body: { role: "DEVELOPER" } }),
  route("DELETE /api/merchants/:merchantId/members/:membershipId", "team:manage", "user", { setup: freshMember }),
  route("GET /api/merchants/:merchantId/invitations", "team:manage", "user"),
  route("POST /api/merchants/:merchantId/invitations", "team:manage", "user", {
    setup: async () => ({ body: { email: uniqueEmail("perm"), role: "VIEWER" } }),
  }),
  route("DELETE /api/merchants/:merchantId/invitations/:invitationId", "team:manage", "user", { setup: freshInvitation }),
  route("POST /api/merchants/:merchantId/invitations/:invitationId/resend", "team:manage", "user", { setup: freshInvitation }),
  // Allowed callers get 400 for the empty body: the permission is checked before the body.
  route("POST /api/merchants/:merchantId/transfer-ownership", "merchant:transfer", "user", { body: {} }),
  route("GET /api/merchants/:merchantId/audit-logs", "audit:read", "user"),
  // Turning the requirement off is a no-op here, so later routes keep working for members without 2FA.
  route("PUT /api/merchants/:merchantId/require-two-factor", "merchant:security", "user", { body: { required: false } }),
  // Webhooks: API key or user JWT (contract); reads need webhooks:manage too, since the log holds payloads.
  route("POST /api/merchants/:merchantId/webhooks", "webhooks:manage", "userOrKey", {
    body: { url: "https://hooks.example.com/new", events: ["transaction.completed"] },
  }),
  route("GET /api/merchants/:merchantId/webhooks", "webhooks:manage", "userOrKey"),
  route("GET /api/merchants/:merchantId/webhooks/:webhookId", "webhooks:manage", "userOrKey", { setup: freshWebhook }),
  route("PUT /api/merchants/:merchantId/webhooks/:webhookId", "webhooks:manage", "userOrKey", { setup: freshWebhook, body: { description: "Orders" } }),
  route("DELETE /api/merchants/:merchantId/webhooks/:webhookId", "webhooks:manage", "userOrKey", { setup: freshWebhook }),
  route("POST /api/merchants/:merchantId/webhooks/:webhookId/roll-secret", "webhooks:manage", "userOrKey", { setup: freshWebhook }),
  route("POST /api/merchants/:merchantId/webhooks/:webhookId/test", "webhooks:manage", "userOrKey", { setup: freshWebhook }),
  route("GET /api/merchants/:merchantId/webhooks/:webhookId/deliveries", "webhooks:manage", "userOrKey", { setup: freshWebhook }),
  route("GET /api/merchants/:merchantId/webhooks/:webhookId/deliveries/:deliveryId", "webhooks:manage", "userOrKey", { setup: freshDelivery }),
  // The events API names its merchant in the query (a secret key may leave it out); same table, same 404s.
  route("GET /api/events", "webhooks:manage", "userOrKey", { setup: async (f) => ({ query: `?merchantId=${f.merchantId}` }) }),
  route("GET /api/events/:eventId", "webhooks:manage", "userOrKey", { setup: freshEvent }),
  route("POST /api/events/trigger", "webhooks:manage", "userOrKey", {
    setup: async (f) => ({ query: `?merchantId=${f.merchantId}` }),
    body: { type: "transaction.completed" },
  }),
  route("GET /api/transactions", "payments:read", "userOrKey", { setup: async (f) => ({ query: `?merchantId=${f.merchantId}` }) }),
  route("POST /api/merchants/:merchantId/webhooks/:webhookId/deliveries/:deliveryId/resend", "webhooks:manage", "userOrKey", { setup: freshDelivery }),
  // Reports, keys and modes.
  route("GET /api/merchants/:merchantId/overview", "payments:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/transactions/export.csv", "payments:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/api-keys", "keys:manage", "user"),
  // Test keys exist from sign-up: allowed callers get 409 here, which still proves the permission passed.
  route("POST /api/merchants/:merchantId/api-keys", "keys:issue", "user", { body: { environment: "test" } }),
  // Rolls live keys (made here when missing), so the fixture's test key keeps working for later routes.
  route("POST /api/merchants/:merchantId/api-keys/roll", "keys:issue", "user", { setup: liveKeysToRoll }),
  route("POST /api/merchants/:merchantId/api-keys/reveal", "keys:issue", "user", { setup: testSecretToReveal }),
  // Restricted keys: keys:manage, and only permissions the caller's role holds (every keys:manage role reads).
  route("GET /api/merchants/:merchantId/restricted-keys", "keys:manage", "user"),
  route("POST /api/merchants/:merchantId/restricted-keys", "keys:manage", "user", { body: { name: "Permission check", permissions: ["merchant:read"] } }),
  route("DELETE /api/merchants/:merchantId/restricted-keys/:keyId", "keys:manage", "user", { setup: freshRestrictedKey }),
  route("PUT /api/merchants/:merchantId/environment", "merchant:read", "user", { body: { environment: "test" } }),
  route("GET /api/merchants/:merchantId/api-requests", "keys:manage", "user"),
  // Going live: the settlement account decides where money goes (owners and admins, re-confirmed).
  route("GET /api/merchants/:merchantId/settlement-account", "merchant:read", "userOrKey"),
  // No password: allowed callers get 400, which proves the permission passed and changes nothing.
  route("PUT /api/merchants/:merchantId/settlement-account", "merchant:update", "user", { body: { bankCode: "058", accountNumber: "0123456789" } }),
  route("POST /api/merchants/:merchantId/settlement-account/resolve", "merchant:update", "user", { body: { bankCode: "058", accountNumber: "12" } }),
  route("GET /api/merchants/:merchantId/activation", "merchant:read", "user"),
  // Every member reads and sets their own e-mail notifications (no member behind a secret key).
  route("GET /api/merchants/:merchantId/notifications", "merchant:read", "user"),
  route("PUT /api/merchants/:merchantId/notifications", "merchant:read", "user", { body: { dailySummary: false } }),
  route("GET /api/merchants/:merchantId/payouts", "payments:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/payouts/:payoutId", "payments:read", "userOrKey", { setup: freshPayout }),
  route("GET /api/merchants/:merchantId/customers", "payments:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/customers/:customerId", "payments:read", "userOrKey", { setup: freshCustomer }),
  route("GET /api/merchants/:merchantId/customers/:customerId/virtual-account", "payments:read", "userOrKey", { setup: customerWithAccount }),
  // Issues an account at the sandbox (or answers the customer's): invoices:write, like invoices.
  route("POST /api/merchants/:merchantId/customers/:customerId/virtual-account", "invoices:write", "userOrKey", { setup: freshCustomer }),
  // No credit to refund: 400, after the permission.
  route("POST /api/merchants/:merchantId/customers/:customerId/credit/refund", "payments:refund", "userOrKey", { setup: freshCustomer }),
  // Links and invoices: a user JWT (the contract) or a restricted key; the default key gets 401 for writes.
  route("POST /api/merchants/:merchantId/payment-links", "links:write", "userOrKey", { body: { title: "Permission check" } }),
  route("GET /api/merchants/:merchantId/payment-links", "merchant:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/payment-links/:linkId", "merchant:read", "userOrKey", { setup: freshLink }),
  route("PATCH /api/merchants/:merchantId/payment-links/:linkId", "links:write", "userOrKey", { setup: freshLink, body: { isActive: false } }),
  route("DELETE /api/merchants/:merchantId/payment-links/:linkId", "links:write", "userOrKey", { setup: freshLink }),
  route("POST /api/merchants/:merchantId/invoices", "invoices:write", "userOrKey", {
    setup: async () => ({ body: { customerEmail: uniqueEmail("billed"), lineItems: [{ description: "Item", amount: 10_000, quantity: 1 }] } }),
  }),
  route("GET /api/merchants/:merchantId/invoices", "merchant:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/invoices/:invoiceId", "merchant:read", "userOrKey", { setup: freshInvoice }),
  route("PATCH /api/merchants/:merchantId/invoices/:invoiceId", "invoices:write", "userOrKey", { setup: freshInvoice, body: { customerNote: "Thanks" } }),
  route("POST /api/merchants/:merchantId/invoices/:invoiceId/send", "invoices:write", "userOrKey", { setup: freshInvoice }),
  route("POST /api/merchants/:merchantId/invoices/:invoiceId/void", "invoices:write", "userOrKey", { setup: freshInvoice }),
  route("GET /api/merchants/:merchantId/invoices/:invoiceId/pdf", "merchant:read", "userOrKey", { setup: freshInvoice }),
  // Plans and subscriptions: a secret key or a user token (issue 26); reads like links and customers.
  route("POST /api/merchants/:merchantId/plans", "plans:write", "userOrKey", { body: { name: "Permission check", amount: 500_000, interval: "monthly" } }),
  route("GET /api/merchants/:merchantId/plans", "merchant:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/plans/:planId", "merchant:read", "userOrKey", { setup: freshPlan }),
  route("PUT /api/merchants/:merchantId/plans/:planId", "plans:write", "userOrKey", { setup: freshPlan, body: { name: "Renamed" } }),
  route("GET /api/merchants/:merchantId/subscriptions", "payments:read", "userOrKey"),
  route("GET /api/merchants/:merchantId/subscriptions/:subscriptionId", "payments:read", "userOrKey", { setup: freshSubscription }),
  route("POST /api/merchants/:merchantId/subscriptions/:subscriptionId/cancel", "subscriptions:write", "userOrKey", { setup: freshSubscription }),
  route("GET /api/merchants/:merchantId/dunning", "merchant:read", "userOrKey"),
  route("PUT /api/merchants/:merchantId/dunning", "merchant:update", "user", { body: { endState: "canceled" } }),
];

/** Public, or not about one merchant: no role decides them. */
export const NOT_MERCHANT_SCOPED: OtherRoute[] = [
  { method: "POST", path: "/api/auth/signup", why: "public" },
  { method: "POST", path: "/api/auth/login", why: "public" },
  { method: "GET", path: "/api/auth/verify-email", why: "public (the token authenticates)" },
  { method: "POST", path: "/api/auth/resend-verification", why: "public" },
  { method: "POST", path: "/api/auth/forgot-password", why: "public" },
  { method: "POST", path: "/api/auth/reset-password", why: "public (the token authenticates)" },
  { method: "GET", path: "/api/auth/:...nextauth", why: "dashboard session (next-auth)" },
  { method: "POST", path: "/api/auth/:...nextauth", why: "dashboard session (next-auth)" },
  { method: "GET", path: "/api/account", why: "the caller's own account" },
  { method: "PATCH", path: "/api/account", why: "the caller's own account" },
  { method: "POST", path: "/api/account/password", why: "the caller's own account" },
  { method: "POST", path: "/api/account/sign-out-others", why: "the caller's own account" },
  { method: "GET", path: "/api/account/two-factor", why: "the caller's own account" },
  { method: "POST", path: "/api/account/two-factor/setup", why: "the caller's own account" },
  { method: "POST", path: "/api/account/two-factor/confirm", why: "the caller's own account" },
  { method: "POST", path: "/api/account/two-factor/disable", why: "the caller's own account" },
  { method: "POST", path: "/api/account/two-factor/recovery-codes", why: "the caller's own account" },
  { method: "GET", path: "/api/merchants/me", why: "the caller's own merchants, each with the caller's role" },
  { method: "POST", path: "/api/invitations/accept", why: "public (the invitation token authenticates)" },
  { method: "GET", path: "/api/invitations/:token", why: "public (the invitation token authenticates)" },
  { method: "POST", path: "/api/transactions/initiate", why: "public or a secret key (spec rule 3)" },
  { method: "POST", path: "/api/transactions/webhooks/:processor", why: "processor signature" },
  { method: "GET", path: "/api/dev/emails", why: "dev mailbox, off in production" },
  { method: "POST", path: "/api/dev/payouts/sync", why: "development tool, off in production" },
  { method: "POST", path: "/api/dev/reconcile", why: "development tool, off in production" },
  { method: "POST", path: "/api/dev/subscriptions/renew", why: "development tool, off in production" },
  { method: "POST", path: "/api/dev/transfers", why: "development tool, off in production" },
  { method: "GET", path: "/api/banks", why: "the processor's bank list, the same for everyone (a user or a key)" },
  { method: "GET", path: "/api/health", why: "public health check" },
  { method: "GET", path: "/api/openapi.json", why: "public API reference" },
  { method: "GET", path: "/api/payment-links/:slug", why: "public (hosted pay page)" },
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map((method) => ({ method, path: "/api/:...path", why: "JSON 404 for unknown paths" })),
];

/** "/api/merchants/:merchantId/members" <-> "app/api/merchants/[merchantId]/members/route.ts" */
export function routeFile(path: string): string {
  return `app${path.replace(/:(\.\.\.)?(\w+)/g, (_m, rest: string | undefined, name: string) => `[${rest ?? ""}${name}]`)}/route.ts`;
}
export function routePath(file: string): string {
  return file
    .replace(/^app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\.\.\.)?(\w+)\]/g, (_m, rest: string | undefined, name: string) => `:${rest ?? ""}${name}`);
}
