// The plan's hosted page (/subscribe/{planId}): the customer gives an e-mail and a name and pays the
// first period by card (or, before a free trial, a card check); the engine starts the subscription
// when that payment completes with a card it can charge again.
import { db } from "@/lib/db/client";
import type { Plan } from "@/lib/db/generated/client";
import { findById } from "@/lib/api/find";
import { formValues, parseCustomer, startHostedPayment, type CheckoutResult } from "@/lib/payments/hosted-checkout";

export type PublicPlan = {
  plan: Plan;
  merchant: { businessName: string; logoUrl: string | null; brandColor: string | null; supportEmail: string | null };
  /** Active, and its business can take payments. */
  available: boolean;
};

/** A plan by the id in its page's address, with its business's public face; null when there is none. */
export async function findPublicPlan(planId: string): Promise<PublicPlan | null> {
  const found = await findById(planId, (id) =>
    db.plan.findUnique({
      where: { id },
      include: { merchant: { select: { status: true, businessName: true, logoUrl: true, brandColor: true, supportEmail: true } } },
    }),
  );
  if (!found) return null;
  const { merchant, ...plan } = found;
  const { status, ...face } = merchant;
  return { plan, merchant: face, available: plan.active && status !== "suspended" && status !== "closed" };
}

export const PLAN_UNAVAILABLE = "This plan is no longer offered.";

/** The page's Subscribe button. Always by card: the subscription renews on the card it saves. */
export async function startSubscribeCheckout(planId: string, form: FormData): Promise<CheckoutResult | null> {
  const found = await findPublicPlan(planId);
  if (!found) return null;
  const values = formValues(form);
  if (!found.available) return { errors: [{ field: "form", message: PLAN_UNAVAILABLE }], values };

  const parsed = parseCustomer({ ...values, channel: "card" }, false);
  if ("errors" in parsed) return { errors: parsed.errors!, values };
  const { plan } = found;
  return startHostedPayment(
    {
      merchantId: plan.merchantId,
      planId: plan.id,
      email: parsed.customer.email,
      firstName: parsed.customer.firstName,
      lastName: parsed.customer.lastName,
      channel: "card",
    },
    values,
  );
}
