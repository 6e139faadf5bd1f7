// The OpenAPI 3.1 document, generated from the same zod schemas the route wrapper validates with.
// Each domain lists its endpoints in lib/<domain>/openapi.ts; tests/integration/openapi.test.ts
// fails if a route under app/api is missing here.
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/zod";
import { setting } from "@/lib/config";
import { PROCESSOR_NAMES, processorsInWords } from "@/lib/processors/catalog";
import { authPaths, developerPaths } from "@/lib/auth/openapi";
import { twoFactorPaths } from "@/lib/auth/two-factor/openapi";
import { reportPaths } from "@/lib/reports/openapi";
import { invoicePaths } from "@/lib/invoices/openapi";
import { linkPaths } from "@/lib/links/openapi";
import { merchantPaths } from "@/lib/merchants/openapi";
import { paymentPaths } from "@/lib/payments/openapi";
import { teamPaths } from "@/lib/team/openapi";
import { webhookPaths } from "@/lib/webhooks/openapi";
import { eventPaths } from "@/lib/webhooks/events-openapi";
import { webhookEvents } from "@/lib/webhooks/event-schemas";
import { payoutPaths } from "@/lib/payouts/openapi";
import { notificationPaths } from "@/lib/notifications/openapi";
import { customerPaths } from "@/lib/customers/openapi";
import { devTransferOperation, transferPaths } from "@/lib/transfers/openapi";
import { planPaths, subscriptionPaths } from "@/lib/subscriptions/openapi";
import { INTEGRATION_GUIDE } from "./guide";
import { env } from "./resources";
import { closeRequestBodies, paths, withWrapperStatuses } from "./operation";
import { VERSIONING_GUIDE, withVersioning } from "./versioning";
import { HEADER_COMPONENTS, withResponseHeaders } from "./headers";
import { withRequestExamples } from "./examples";

const systemPaths = paths("System", "public", {
  "/api/health": {
    get: {
      operationId: "getHealth",
      summary: "Check health",
      description:
        "Liveness and database check: 200 while the database answers, whatever the processors' circuit breakers say. `processors` lists each mode's route with its breaker: `open` processors are skipped by new payments until `retryAt`, then one payment probes them (`half_open`).",
      errors: [503],
      ok: {
        200: [
          "Healthy",
          z.object({
            status: z.literal("ok"),
            processors: z.array(
              z.object({
                processor: z.enum(PROCESSOR_NAMES),
                mode: env,
                state: z.enum(["closed", "open", "half_open"]),
                failures: z.int().meta({ description: "Failures (unreachable, timed out, 5xx, 429) counted in the current window" }),
                retryAt: z.iso.datetime().nullable().meta({ description: "When an open breaker lets one payment probe the processor; null unless open" }),
              }),
            ),
          }),
        ],
      },
    },
  },
  "/api/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      summary: "Get the OpenAPI document",
      ok: {
        200: [
          "OpenAPI 3.1",
          z.object({ openapi: z.literal("3.1.0"), info: z.record(z.string(), z.unknown()), paths: z.record(z.string(), z.unknown()) }).loose(),
        ],
      },
    },
  },
  "/api/dev/payouts/sync": {
    post: {
      operationId: "runPayoutSync",
      summary: "Run the payout job (development)",
      description: "Development only: run the daily payout job now (404 in production unless DEV_MAILBOX=1); asOf moves the sandbox's clock.",
      body: z.object({ asOf: z.iso.datetime({ offset: true }).optional() }),
      errors: [404],
      ok: { 200: ["What the run did", z.object({ result: z.object({ subaccounts: z.int(), payouts: z.int(), paid: z.int(), errors: z.int() }) })] },
    },
  },
  "/api/dev/reconcile": {
    post: {
      operationId: "runReconciliation",
      summary: "Run reconciliation (development)",
      description:
        "Development only: verify stale PENDING payments with their processor now (404 in production unless DEV_MAILBOX=1); asOf moves the job's clock, so a checkout past its 30 minutes becomes ABANDONED if still unpaid.",
      body: z.object({ asOf: z.iso.datetime({ offset: true }).optional() }),
      errors: [404],
      ok: { 200: ["What the run did", z.object({ result: z.object({ checked: z.int(), outcomes: z.record(z.string(), z.int()) }) })] },
    },
  },
  "/api/dev/subscriptions/renew": {
    post: {
      operationId: "runSubscriptionRenewals",
      summary: "Run subscription renewals (development)",
      description:
        "Development only: run the renewal, dunning-retry and card-expiry work now, as if the clock said `asOf` (404 in production unless DEV_MAILBOX=1), so a month passes in one call. `renewals` counts the subscriptions by outcome (paid, declined, pending, waiting, ended, canceled, busy, error).",
      body: z.object({ asOf: z.iso.datetime({ offset: true }).optional() }),
      errors: [404],
      ok: {
        200: ["What the run did", z.object({ result: z.object({ renewals: z.record(z.string(), z.int()), cardExpiryWarnings: z.int() }) })],
      },
    },
  },
  "/api/dev/transfers": { post: devTransferOperation },
  "/api/dev/emails": {
    get: {
      operationId: "listDevEmails",
      summary: "List dev mailbox e-mails",
      description: "Development only: e-mails stored for an address, newest first (404 in production unless DEV_MAILBOX=1)",
      query: z.object({ to: z.email() }),
      errors: [404],
      ok: {
        200: [
          "Stored e-mails",
          z.object({ emails: z.array(z.object({ to: z.string(), subject: z.string(), html: z.string(), text: z.string(), createdAt: z.iso.datetime() })) }),
        ],
      },
    },
  },
});

/** Operations grouped by resource, in the order the reference shows them. */
const TAGS = [
  { name: "Payments", description: "Initiate a payment, verify it, refund it; the merchant's transactions." },
  { name: "Payment links", description: "Shareable pages (`/pay/{slug}`) where customers pay a fixed or chosen amount." },
  { name: "Invoices", description: "Itemised bills e-mailed to a customer, paid on their own page." },
  { name: "Plans", description: "What you bill by the period: price, interval, free trial; each with a hosted page at /subscribe/{planId}." },
  {
    name: "Subscriptions",
    description: "Customers billed each period on their saved card: list, read, cancel; and how failed renewals are retried (dunning).",
  },
  { name: "Customers", description: "Everyone who paid, by e-mail address, with their payments and invoices." },
  { name: "Events", description: "What happened, in the webhook envelope: catch up on webhooks you missed (kept 30 days)." },
  { name: "Webhooks", description: "Your HTTPS endpoints for events, their signing secrets and delivery logs." },
  { name: "Webhook events", description: "What we POST to your endpoints: one envelope, `data` by event type (the `webhooks` section)." },
  { name: "Payouts", description: "Where money is settled: the settlement account, the go-live checklist, payouts to the bank." },
  { name: "Reports", description: "The dashboard overview and the CSV export of transactions." },
  { name: "Merchants", description: "The business: profile, branding and the merchants you belong to." },
  { name: "Developers", description: "API keys, test and live mode, and the log of API requests." },
  { name: "Team", description: "Members, roles, invitations, ownership, two-factor requirement and the audit log." },
  { name: "Accounts", description: "Sign-up, log-in, e-mail verification, passwords and two-factor sign-in." },
  { name: "Notifications", description: "Your own e-mail notifications for a business." },
  { name: "Processor webhooks", description: `Where ${processorsInWords()} notify us (not for merchants).` },
  { name: "System", description: "Health, this document, and development-only helpers." },
];

let allPaths: ZodOpenApiPathsObject | undefined;

/** Every operation with its zod schemas, before conversion (tests run the examples through the same schemas). */
export function apiPaths(): ZodOpenApiPathsObject {
  allPaths ??= withResponseHeaders(
    withVersioning(
      withWrapperStatuses({
        ...authPaths,
        ...twoFactorPaths,
        ...merchantPaths,
        ...paymentPaths,
        ...linkPaths,
        ...invoicePaths,
        ...planPaths,
        ...subscriptionPaths,
        ...teamPaths,
        ...webhookPaths,
        ...eventPaths,
        ...payoutPaths,
        ...notificationPaths,
        ...customerPaths,
        ...transferPaths,
        ...developerPaths,
        ...reportPaths,
        ...systemPaths,
      }),
    ),
  );
  return allPaths;
}

let cached: ReturnType<typeof createDocument> | undefined;

export function openApiDocument(): ReturnType<typeof createDocument> {
  cached ??= withRequestExamples(
    closeRequestBodies(
      createDocument({
        openapi: "3.1.0",
        info: {
          title: "Paylink API",
          version: "1.0.0",
          description: INTEGRATION_GUIDE + VERSIONING_GUIDE,
          // A deployment names its own support address (API_CONTACT_EMAIL); the default is a placeholder
          // (RFC 2606 .example), like SECURITY.md's security contact.
          contact: { name: "Paylink API support", email: setting("API_CONTACT_EMAIL") || "developers@paylink.example" },
          license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
        },
        servers: [{ url: "/" }],
        tags: TAGS,
        webhooks: webhookEvents,
        paths: apiPaths(),
        components: {
          headers: HEADER_COMPONENTS,
          securitySchemes: {
            userJwt: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A user token from POST /api/auth/login" },
            secretKey: {
              type: "http",
              scheme: "bearer",
              description:
                "A merchant secret key, sk_test_… or sk_live_…: the mode's default key, or a restricted key that holds only the permissions it was given",
            },
          },
        },
      }),
    ),
  );
  return cached;
}
