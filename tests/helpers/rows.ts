// Rows written straight to the database, for tests of what reads, lists or acts on them: they skip
// the services' rules (tests of those rules go through lib/*/service.ts or the routes). Each takes
// the row's own fields, so a test names only what it depends on; the rest are sensible defaults in
// test mode (kobo amounts, NGN, a unique reference, slug or number). Named insert* so they never
// shadow the services' createLink, createInvoice and the like.
import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Environment, SubscriptionStatus } from "@/lib/db/generated/enums";
import type { Prisma } from "@/lib/db/generated/client";
import { randomToken } from "@/lib/auth/tokens";
import { sealAuthorization } from "@/lib/subscriptions/cards";
import { addPeriods } from "@/lib/subscriptions/intervals";
import { uniqueEmail } from "./factories";

/** A row's fields: the merchant it belongs to, and any others to set. */
type RowInput<T extends { merchantId: string }> = Partial<T> & Pick<T, "merchantId">;

const suffix = () => randomBytes(5).toString("hex");

/** A pending ₦2,500 sandbox payment. */
export function insertTransaction(data: RowInput<Prisma.TransactionUncheckedCreateInput>) {
  return db.transaction.create({
    data: {
      environment: "test",
      reference: `TXN-${suffix()}`,
      amount: 250_000n,
      currency: "NGN",
      customerEmail: "customer@example.com",
      processor: "sandbox",
      ...data,
    },
  });
}

/** The same payment in live mode, as a live processor would have left it (the sandbox takes test payments only). */
export async function insertLiveCopy(transactionId: string, data: Partial<Prisma.TransactionUncheckedCreateInput> = {}) {
  const { id: _id, reference, createdAt: _c, updatedAt: _u, metadata, ...rest } = await db.transaction.findUniqueOrThrow({ where: { id: transactionId } });
  return insertTransaction({ ...rest, metadata: metadata ?? undefined, environment: "live", reference: `${reference}-live`, ...data });
}

/** An active one-time link (its slug letters and digits, as /pay/{slug} takes them); the customer chooses the amount unless `amount` is given. */
export function insertLink(data: RowInput<Prisma.PaymentLinkUncheckedCreateInput>) {
  return db.paymentLink.create({ data: { environment: "test", slug: `link${suffix()}`, title: "Consultation", currency: "NGN", ...data } });
}

/** A ₦2,500 draft invoice. */
export function insertInvoice(data: RowInput<Prisma.InvoiceUncheckedCreateInput>) {
  return db.invoice.create({
    data: { environment: "test", invoiceNumber: `INV-${suffix()}`, amount: 250_000n, currency: "NGN", customerEmail: "customer@example.com", ...data },
  });
}

/** A customer who has paid nothing yet. */
export function insertCustomer(data: RowInput<Prisma.CustomerUncheckedCreateInput>) {
  return db.customer.create({ data: { environment: "test", email: uniqueEmail("customer"), ...data } });
}

/** An active endpoint for transaction.completed, with a fresh signing secret. */
export function insertWebhookEndpoint(data: RowInput<Prisma.WebhookEndpointUncheckedCreateInput>) {
  return db.webhookEndpoint.create({
    data: {
      environment: "test",
      url: "https://hooks.example.com/paylink",
      events: ["transaction.completed"],
      secret: `whsec_${randomToken()}`,
      ...data,
    },
  });
}

/** A ₦15,000 monthly plan. */
export function insertPlan(data: RowInput<Prisma.PlanUncheckedCreateInput>) {
  return db.plan.create({ data: { environment: "test", name: "Gym membership", amount: 1_500_000n, currency: "NGN", interval: "monthly", ...data } });
}

type Scope = { merchantId: string; environment?: Environment };

export type SubscriptionRowOptions = {
  planId?: string;
  email?: string;
  name?: string | null;
  status?: SubscriptionStatus;
  /** The first paid period's start (the anchor); default: now. */
  anchor?: Date;
  createdAt?: Date;
  data?: Partial<Prisma.SubscriptionUncheckedCreateInput>;
};

/** A subscription in period 1 with a sealed sandbox card, its plan (made when not given) and its customer. */
export async function insertSubscription(scope: Scope, options: SubscriptionRowOptions = {}) {
  const environment = scope.environment ?? "test";
  const plan = options.planId ? await db.plan.findUniqueOrThrow({ where: { id: options.planId } }) : await insertPlan({ ...scope, environment });
  const email = (options.email ?? uniqueEmail("subscriber")).toLowerCase();
  const customer = await db.customer.upsert({
    where: { merchantId_environment_email: { merchantId: scope.merchantId, environment, email } },
    create: { merchantId: scope.merchantId, environment, email, name: options.name === undefined ? "Chidi Okeke" : options.name },
    update: {},
  });
  const id = randomUUID();
  const anchor = options.anchor ?? new Date();
  const status = options.status ?? "active";
  const periodEnd = addPeriods(anchor, plan.interval, 1);
  const subscription = await db.subscription.create({
    data: {
      id,
      merchantId: scope.merchantId,
      environment,
      planId: plan.id,
      customerId: customer.id,
      status,
      amount: plan.amount,
      interval: plan.interval,
      processor: "sandbox",
      authorizationSealed: sealAuthorization(id, `AUTH_${id.slice(0, 8)}`),
      cardBrand: "visa",
      cardLast4: "4081",
      cardExpMonth: 12,
      cardExpYear: 2030,
      period: 1,
      currentPeriodStart: anchor,
      currentPeriodEnd: periodEnd,
      nextChargeAt: status === "canceled" || status === "unpaid" ? null : periodEnd,
      ...(status === "canceled" && { canceledAt: new Date() }),
      ...(options.createdAt && { createdAt: options.createdAt }),
      ...options.data,
    },
  });
  return { plan, customer, subscription };
}
