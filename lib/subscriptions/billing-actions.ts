// What the customer can do on /billing/{token}, each a plain form post (no JavaScript needed): pay an
// overdue renewal, give a new card, cancel. The signed token is the only credential (links.ts), so
// each action acts on the subscription it names and on nothing a form field says.
import type { CheckoutResult } from "@/lib/payments/hosted-checkout";
import { formValues, startHostedPayment } from "@/lib/payments/hosted-checkout";
import { retryPayment } from "@/lib/payments/retry";
import type { Channel } from "@/lib/payments/channels";
import { cancelSubscriptionById } from "./cancel";
import { findBilling, openRenewal } from "./billing";

/** An overdue period can be paid by card or bank transfer (USSD cannot pay a renewal at every processor). */
export const PAY_NOW_CHANNELS = ["card", "bank_transfer"] as const satisfies readonly Channel[];

export const NOTHING_DUE = "There is nothing to pay right now.";
export const SUBSCRIPTION_ENDED = "This subscription has ended.";
const NO_CHECKOUT = "We could not open a payment page just now. Nothing was charged; please try again in a moment.";

const billingPath = (token: string) => `/billing/${encodeURIComponent(token)}`;
const problem = (message: string): CheckoutResult => ({ errors: [{ field: "form", message }], values: {} });

/**
 * "Pay now" (past_due or unpaid): a new round of the period's renewal Transaction at a hosted checkout
 * (retry.ts: the last try is asked about first, so a period is never paid twice). Null: no such link.
 */
export async function payOverdueRenewal(token: string, form: FormData): Promise<CheckoutResult | null> {
  const subscription = await findBilling(token);
  if (!subscription) return null;
  const due = subscription.status === "past_due" || subscription.status === "unpaid" ? await openRenewal(subscription.id) : null;
  if (!due) return problem(NOTHING_DUE);
  const chosen = formValues(form).channel;
  const channel = PAY_NOW_CHANNELS.find((value) => value === chosen) ?? "card";
  const result = await retryPayment(due.reference, { channel });
  if (!result || "error" in result) return problem(NO_CHECKOUT);
  return result;
}

/**
 * "Update card": a ₦50 card check through the hosted checkout, tied to the subscription; when it
 * completes with a card that can be charged again, that card (and its processor) replaces the old
 * one and the check is refunded (the engine's completion hook).
 */
export async function startCardUpdate(token: string): Promise<CheckoutResult | null> {
  const subscription = await findBilling(token);
  if (!subscription) return null;
  if (subscription.status === "canceled") return problem(SUBSCRIPTION_ENDED);
  const [firstName, ...rest] = (subscription.customer.name ?? "").trim().split(/\s+/);
  return startHostedPayment(
    {
      merchantId: subscription.merchantId,
      email: subscription.customer.email,
      firstName: firstName ? firstName.slice(0, 60) : undefined,
      lastName: rest.join(" ").slice(0, 60) || undefined,
      channel: "card",
    },
    {},
    {
      subscriptionId: subscription.id,
      environment: subscription.environment,
      description: `${subscription.plan.name}: card check for your new card (refunded)`,
    },
  );
}

/**
 * "Cancel", confirmed on its own page (?cancel): a trialing or active subscription runs to its
 * period's end and is never charged again; an overdue one has no paid period left and ends now.
 */
export async function cancelFromBilling(token: string, form: FormData): Promise<CheckoutResult | null> {
  const subscription = await findBilling(token);
  if (!subscription) return null;
  if (form.get("confirm") !== "yes") return { redirectTo: `${billingPath(token)}?cancel` };
  await cancelSubscriptionById(subscription.id, { atPeriodEnd: true });
  return { redirectTo: billingPath(token) };
}
