import { formValues, parseCustomer, startHostedPayment, type CheckoutResult } from "@/lib/payments/hosted-checkout";
import { findPublicLink } from "./service";

const UNAVAILABLE: Record<string, string> = {
  inactive: "The business has turned this payment link off.",
  expired: "This payment link has expired.",
  full: "This payment link has already received all the payments it was set up for.",
  paid: "This payment link has already been paid.",
};

/**
 * The /pay/{slug} form: a fixed-price link charges its own amount whatever the form says; a
 * customer-priced link takes the naira amount typed in.
 */
export async function startLinkCheckout(slug: string, form: FormData): Promise<CheckoutResult | null> {
  const found = await findPublicLink(slug);
  if (!found) return null;
  const values = formValues(form);
  if (found.availability !== "available") return { errors: [{ field: "form", message: UNAVAILABLE[found.availability]! }], values };

  const { link } = found;
  // No link setting asks for the name (the schema has none): it is optional on every link.
  const parsed = parseCustomer(values, link.amount === null, { nameRequired: false });
  if ("errors" in parsed) return { errors: parsed.errors!, values };
  const amount = link.amount ?? parsed.amount!;
  return startHostedPayment(
    {
      merchantId: link.merchantId,
      amount: Number(amount),
      paymentLinkId: link.id,
      email: parsed.customer.email,
      firstName: parsed.customer.firstName,
      lastName: parsed.customer.lastName,
      channel: parsed.customer.channel,
    },
    values,
  );
}
