// The subscriber's e-mails, built when their queued jobs run (lib/email/worker.ts), from the
// subscription as it is then and the change the job carries. Each links to the customer's page.
import { db } from "@/lib/db/client";
import type { PlanInterval } from "@/lib/db/generated/enums";
import type { EmailJob } from "@/lib/email/job";
import {
  subscriptionCanceledEmail,
  subscriptionCardExpiringEmail,
  subscriptionPaymentFailedEmail,
  subscriptionWelcomeEmail,
  type EmailMessage,
} from "@/lib/email/messages";
import type { SubscriptionEmailBase } from "@/lib/email/templates/subscription";
import { formatLagosDate } from "@/lib/lagos-time";
import { formatNgn } from "@/lib/payments/money";
import { absoluteLogoUrl } from "@/lib/payments/receipt";
import { manageUrl } from "./links";

const EVERY: Record<PlanInterval, string> = { daily: "a day", weekly: "a week", monthly: "a month", quarterly: "every 3 months", annually: "a year" };

async function load(subscriptionId: string) {
  return db.subscription.findUnique({
    where: { id: subscriptionId },
    include: {
      customer: { select: { email: true, name: true } },
      plan: { select: { name: true } },
      merchant: { select: { businessName: true, brandColor: true, logoUrl: true, supportEmail: true, supportPhone: true } },
    },
  });
}
type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

/** "Visa ending 4081", or null when the processor told us nothing about the card. */
export function describeCard(brand: string | null, last4: string | null): string | null {
  if (!last4) return null;
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1).toLowerCase() : "Card";
  return `${name} ending ${last4}`;
}

function base(s: Loaded): SubscriptionEmailBase & { to: string } {
  return {
    to: s.customer.email,
    businessName: s.merchant.businessName,
    brandColor: s.merchant.brandColor,
    logoUrl: absoluteLogoUrl(s.merchant.logoUrl),
    customerName: s.customer.name,
    plan: s.plan.name,
    price: `${formatNgn(s.amount)} ${EVERY[s.interval]}`,
    card: describeCard(s.cardBrand, s.cardLast4),
    manageUrl: manageUrl(s.id),
    supportEmail: s.merchant.supportEmail,
    supportPhone: s.merchant.supportPhone,
    testMode: s.environment === "test",
  };
}

type SubscriptionJob = Extract<EmailJob, { subscriptionId: string }>;

/** The message a subscription job asks for; null when the subscription is gone or the e-mail no longer applies. */
export async function subscriptionEmailFor(job: SubscriptionJob): Promise<EmailMessage | null> {
  const s = await load(job.subscriptionId);
  if (!s) return null;
  switch (job.kind) {
    case "subscription-welcome": {
      const trial = s.period === 0 && s.status === "trialing";
      return subscriptionWelcomeEmail({
        ...base(s),
        trialEndsOn: trial ? formatLagosDate(s.currentPeriodEnd) : null,
        nextChargeOn: s.nextChargeAt ? formatLagosDate(s.nextChargeAt) : null,
      });
    }
    case "subscription-payment-failed": {
      const renewal = await db.transaction.findUnique({ where: { id: job.transactionId }, select: { amount: true, status: true } });
      // Paid (or ended) since: nothing to ask the customer for any more.
      if (!renewal || renewal.status !== "PENDING") return null;
      return subscriptionPaymentFailedEmail({
        ...base(s),
        amount: formatNgn(renewal.amount),
        reason: job.reason,
        nextRetryOn: job.nextRetryAt ? formatLagosDate(new Date(job.nextRetryAt)) : null,
        cardDeclined: job.cardDeclined,
      });
    }
    case "subscription-card-expiring":
      if (s.status === "canceled" || !s.cardExpMonth || !s.cardExpYear) return null;
      return subscriptionCardExpiringEmail({ ...base(s), expires: `${String(s.cardExpMonth).padStart(2, "0")}/${s.cardExpYear}` });
    case "subscription-canceled":
      return subscriptionCanceledEmail({ ...base(s), reason: job.reason ?? null, endedOn: formatLagosDate(s.canceledAt ?? new Date()) });
  }
}
