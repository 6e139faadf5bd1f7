// The customer's own page for a subscription (/billing/{token}, the signed link in every subscription
// e-mail): what they pay and when, their card, past payments, and what they can do about it. It says
// only what is true now: a charge date only while a charge is really coming.
import { db } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/generated/client";
import type { SubscriptionStatus } from "@/lib/db/generated/enums";
import { formatLagosDate } from "@/lib/lagos-time";
import { paymentsPaused, cannotTakePaymentsMessage } from "@/lib/payments/hosted-checkout";
import { subscriptionIdFromToken } from "./links";
import { naira, pricePerInterval } from "./wording";

/** The subscription a signed link names, with what its page shows; null for anything else (a 404 that says nothing). */
export async function findBilling(token: string) {
  const id = subscriptionIdFromToken(token);
  if (!id) return null;
  return db.subscription.findUnique({
    where: { id },
    include: {
      plan: { select: { name: true, description: true } },
      customer: { select: { email: true, name: true } },
      merchant: { select: { businessName: true, logoUrl: true, brandColor: true, supportEmail: true } },
    },
  });
}
export type Billing = NonNullable<Awaited<ReturnType<typeof findBilling>>>;

/**
 * The renewal still to be paid (past_due or unpaid): its Transaction, made once per period by the
 * renewal job and PENDING while it is being tried. The latest period's, should there be two.
 */
export function openRenewal(subscriptionId: string): Promise<Transaction | null> {
  return db.transaction.findFirst({
    where: { subscriptionId, subscriptionPeriod: { not: null }, cardCheck: false, status: "PENDING" },
    orderBy: { subscriptionPeriod: "desc" },
  });
}

const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Payment overdue",
  unpaid: "Unpaid",
  canceled: "Canceled",
};

/** Only these have a paid (or trial) period to run out: cancelling the others ends them at once (cancel.ts). */
export const endsWithPeriod = (status: SubscriptionStatus) => status === "trialing" || status === "active";

const day = (date: Date) => formatLagosDate(date);

/** One sentence on where the subscription stands, e.g. "Your card will be charged ₦5,000 on 26 December 2026." */
export function standing(s: Billing, due: Pick<Transaction, "amount"> | null): string {
  const amount = naira(s.amount);
  if (s.status === "canceled") return s.canceledAt ? `Canceled on ${day(s.canceledAt)}. You won't be charged again.` : "Canceled. You won't be charged again.";
  if (s.cancelAtPeriodEnd && endsWithPeriod(s.status)) return `Ends on ${day(s.currentPeriodEnd)}. You won't be charged again.`;
  const next = s.nextChargeAt ? day(s.nextChargeAt) : null;
  if (s.status === "trialing") {
    const trial = `Your free trial ends on ${day(s.currentPeriodEnd)}.`;
    return next ? `${trial} Your card will be charged ${amount} on ${next}.` : trial;
  }
  if (s.status === "active") return next ? `Your card will be charged ${amount} on ${next}.` : `Paid until ${day(s.currentPeriodEnd)}.`;
  const owed = naira(due?.amount ?? s.amount);
  if (s.status === "past_due") {
    return next
      ? `We couldn't take ${owed} from your card. We'll try again on ${next}, or you can pay now.`
      : `We couldn't take ${owed} from your card. Pay now to keep your subscription.`;
  }
  return `We couldn't take ${owed} from your card, and we won't try it again. Pay now to keep your subscription.`;
}

/** "Visa •••• 4081, expires 12/2027"; null when the processor told us nothing about the card. */
export function cardWords(s: Pick<Billing, "cardBrand" | "cardLast4" | "cardExpMonth" | "cardExpYear">): string | null {
  if (!s.cardLast4) return null;
  const brand = s.cardBrand ? s.cardBrand.charAt(0).toUpperCase() + s.cardBrand.slice(1) : "Card";
  const expiry = s.cardExpMonth && s.cardExpYear ? `, expires ${String(s.cardExpMonth).padStart(2, "0")}/${s.cardExpYear}` : "";
  return `${brand} •••• ${s.cardLast4}${expiry}`;
}

export type PastPayment = { reference: string; date: string; amount: string; state: string; receiptPath: string; pdfPath: string };

/** Paid periods, newest first (card checks prove a card and are refunded: not payments for the plan). */
export async function pastPayments(subscriptionId: string): Promise<PastPayment[]> {
  const rows = await db.transaction.findMany({
    where: { subscriptionId, cardCheck: false, status: { in: ["COMPLETED", "REFUNDED"] } },
    orderBy: [{ completedAt: "desc" }, { createdAt: "desc" }],
    take: 24,
    select: { reference: true, amount: true, refundedAmount: true, status: true, completedAt: true, createdAt: true },
  });
  return rows.map((t) => {
    const path = `/receipt/${encodeURIComponent(t.reference)}`;
    return {
      reference: t.reference,
      date: day(t.completedAt ?? t.createdAt),
      amount: naira(t.amount),
      state: t.status === "REFUNDED" ? "Refunded" : t.refundedAmount > 0n ? `Paid, ${naira(t.refundedAmount)} refunded` : "Paid",
      receiptPath: path,
      pdfPath: `${path}/pdf`,
    };
  });
}

/** The page's props (plain JSON). */
export type BillingView = {
  businessName: string;
  customerEmail: string;
  plan: { name: string; description: string | null; price: string };
  status: SubscriptionStatus;
  statusWords: string;
  standing: string;
  card: string | null;
  payments: PastPayment[];
  /** "Pay now" for the overdue renewal: its amount; null when nothing is owed. */
  payNow: string | null;
  canUpdateCard: boolean;
  /** The cancel button's promise: at the period's end, or (nothing left to run out) now; null once canceled or set to end. */
  cancel: { atPeriodEnd: boolean; endsOn: string } | null;
  /** A live subscription while the platform cannot take live payments: said instead of the payment buttons. */
  pausedMessage: string | null;
  testMode: boolean;
};

export async function billingView(s: Billing): Promise<BillingView> {
  const [due, payments] = await Promise.all([s.status === "past_due" || s.status === "unpaid" ? openRenewal(s.id) : null, pastPayments(s.id)]);
  const paused = paymentsPaused(s.environment, s.merchantId);
  const open = s.status !== "canceled";
  return {
    businessName: s.merchant.businessName,
    customerEmail: s.customer.email,
    plan: { name: s.plan.name, description: s.plan.description, price: pricePerInterval(s.amount, s.interval) },
    status: s.status,
    statusWords: s.cancelAtPeriodEnd && endsWithPeriod(s.status) ? "Ending" : STATUS_WORDS[s.status],
    standing: standing(s, due),
    card: cardWords(s),
    payments,
    payNow: due ? naira(due.amount) : null,
    canUpdateCard: open,
    cancel:
      open && !(s.cancelAtPeriodEnd && endsWithPeriod(s.status))
        ? { atPeriodEnd: endsWithPeriod(s.status), endsOn: day(endsWithPeriod(s.status) ? s.currentPeriodEnd : new Date()) }
        : null,
    pausedMessage: paused ? cannotTakePaymentsMessage(s.merchant.supportEmail) : null,
    testMode: s.environment === "test",
  };
}
