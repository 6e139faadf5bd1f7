import { formValues, parseCustomer, startHostedPayment, type CheckoutResult } from "@/lib/payments/hosted-checkout";
import { parseNairaInput } from "@/lib/payments/money";
import { formatNaira } from "@/lib/utils";
import { instalmentProblem } from "./instalments";
import { findCustomerInvoice } from "./public";

const NOT_PAYABLE: Record<string, string> = {
  PAID: "This invoice has already been paid.",
  VOID: "This invoice has been cancelled by the business.",
};

type FormInvoice = NonNullable<Awaited<ReturnType<typeof findCustomerInvoice>>>["invoice"];

/**
 * The invoice page's pay button, billed to the invoice's customer: the amount due, or the amount the
 * customer typed (naira) when the invoice may be paid in parts.
 */
export async function startInvoiceCheckout(invoiceId: string, form: FormData): Promise<CheckoutResult | null> {
  const found = await findCustomerInvoice(invoiceId);
  if (!found) return null;
  const { invoice } = found;
  const values = formValues(form);
  const notPayable = NOT_PAYABLE[invoice.status];
  if (notPayable) return { errors: [{ field: "form", message: notPayable }], values };

  const amount = chosenAmount(invoice, values.amount);
  const parsed = parseCustomer({ email: invoice.customerEmail, name: invoice.customerName ?? values.name, channel: values.channel }, false);
  // Every problem at once, so the customer fixes the name and the amount in one go.
  const errors = [...(parsed.errors ?? []), ...("error" in amount ? [{ field: "amount", message: amount.error }] : [])];
  if (!parsed.customer || "error" in amount) return { errors, values };
  const { customer } = parsed;
  return startHostedPayment(
    {
      merchantId: invoice.merchantId,
      amount: Number(amount.kobo),
      invoiceId: invoice.id,
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      channel: customer.channel,
    },
    values,
  );
}

/** What this payment is: the whole amount due, or the instalment typed, checked as initiate checks it. */
function chosenAmount(invoice: FormInvoice, typed: string | undefined): { kobo: bigint } | { error: string } {
  const due = BigInt(invoice.amountDue);
  if (!invoice.allowPartialPayments) return { kobo: due };
  if (!typed || typed.trim() === "") return { error: "Enter the amount you want to pay" };
  const kobo = parseNairaInput(typed);
  if (kobo === null) return { error: "Enter an amount in naira, like 25000 or 25,000.50" };
  const rules = {
    amount: BigInt(invoice.amount),
    amountPaid: BigInt(invoice.amountPaid),
    allowPartialPayments: true,
    minimumPaymentAmount: invoice.minimumPaymentAmount,
  };
  const problem = instalmentProblem(rules, kobo, (k) => formatNaira(Number(k)));
  return problem ? { error: problem } : { kobo };
}
